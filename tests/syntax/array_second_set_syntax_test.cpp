// The second set's array primitives in the syntax: parsed in call form and by juxtaposition,
// printed back (round trip), typed by the source checker (result shapes, shape errors with the
// primitive's expected types) and by the target checker (the same rule), bare names as
// functions.
#include <gtest/gtest.h>

#include "../support/source_errors.hpp"
#include "syntax/array_primitive_types.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/target_checker.hpp"
#include "syntax/type_checker.hpp"

namespace chad {
namespace {

const char* kFile = "t.chad";

TypeP type(const std::string& text) { return parse_type(text, "<t>"); }

const Context& context() {
  static const Context ctx = {{"x", real_type()},        {"v", real_type({3})},     {"w", real_type({2})},
                              {"m", real_type({2, 3})}, {"n", real_type({3, 4})}, {"c", real_type({2, 2, 2})}};
  return ctx;
}

TermP infer(const std::string& text) { return infer_term(context(), parse_term(text, kFile)); }

TEST(ArraySecondSetSyntax, CallsTypeAndPrintBack) {
  const std::vector<std::pair<std::string, std::string>> typed = {
      {"mean(v)", "real"},          {"mean(x)", "real"},           {"mean(c)", "real"},
      {"prod(m)", "real"},          {"norm(v)", "real"},           {"logsumexp(v)", "real"},
      {"softmax(v)", "real[3]"},    {"cumsum(w)", "real[2]"},      {"transpose(m)", "real[3, 2]"},
      {"matmul(m, n)", "real[2, 4]"}, {"outer(w, v)", "real[2, 3]"},
      {"matmul(transpose(m), outer(w, w))", "real[3, 2]"},
  };
  for (const auto& [text, want] : typed) {
    SCOPED_TRACE(text);
    TermP parsed = parse_term(text, kFile);
    EXPECT_EQ(print_term(parsed), text);
    EXPECT_TRUE(term_equal(parse_term(print_term(parsed), kFile), parsed));
    TermP checked = infer(text);
    EXPECT_TRUE(type_equal(checked->type, type(want))) << print_type(checked->type);
  }
}

TEST(ArraySecondSetSyntax, JuxtapositionAndBareNames) {
  // `softmax v` and `matmul (m, n)` are the calls; a bare name is the function.
  EXPECT_TRUE(type_equal(infer("softmax v")->type, type("real[3]")));
  EXPECT_TRUE(type_equal(infer("matmul (m, n)")->type, type("real[2, 4]")));
  EXPECT_TRUE(type_equal(infer("norm (v * v)")->type, real_type()));
  TermP f = check_term(context(), parse_term("cumsum", kFile), type("real[3] -> real[3]"));
  EXPECT_EQ(f->kind, TermKind::Lambda);
  TermP g = check_term(context(), parse_term("outer", kFile), type("real[2] * real[3] -> real[2, 3]"));
  EXPECT_EQ(g->kind, TermKind::Lambda);
  // a variable of the same name shadows the primitive
  EXPECT_TRUE(type_equal(infer("let norm = v in norm")->type, type("real[3]")));
}

TEST(ArraySecondSetSyntax, ShapeErrorsSayWhatIsExpected) {
  auto err = [](const std::string& text, const std::string& message) {
    std::string e = testing::error_of([&] { infer(text); });
    EXPECT_NE(e.find(message), std::string::npos) << text << ": " << e;
  };
  err("logsumexp(m)", "`logsumexp` expects a vector `real[n]`, found `real[2, 3]`");
  err("softmax(x)", "`softmax` expects a vector `real[n]`, found `real`");
  err("cumsum(m)", "`cumsum` expects a vector");
  err("transpose(v)", "`transpose` expects a matrix `real[m, n]`, found `real[3]`");
  err("matmul(m, m)", "`matmul` expects two matrices `real[m, k] * real[k, n]`, found `real[2, 3]` and `real[2, 3]`");
  err("matmul(m, v)", "`matmul` expects two matrices");
  err("outer(m, v)", "`outer` expects two vectors `real[m] * real[n]`");
  err("mean(())", "expected a real or an array for `mean`, found `unit`");
  err("matmul(m)", "`matmul` takes 2 arguments, found 1");
  err("softmax(v, v)", "`softmax` takes 1 argument, found 2");
  err("outer w v", "`outer` takes its arguments as one tuple");
}

TEST(ArraySecondSetSyntax, TheTargetCheckerUsesTheSameRule) {
  const TypeP r = real_type(), v3 = real_type({3}), m23 = real_type({2, 3}), m34 = real_type({3, 4});
  EXPECT_TRUE(type_equal(primitive_result_type(PrimOp::Matmul, {m23, m34}, -1), real_type({2, 4})));
  EXPECT_EQ(primitive_result_type(PrimOp::Matmul, {m23, m23}, -1), nullptr);
  EXPECT_TRUE(type_equal(primitive_result_type(PrimOp::Transpose, {m23}, -1), real_type({3, 2})));
  EXPECT_TRUE(type_equal(primitive_result_type(PrimOp::Prod, {m23}, -1), r));
  EXPECT_TRUE(type_equal(primitive_result_type(PrimOp::Softmax, {v3}, -1), v3));
  EXPECT_EQ(primitive_result_type(PrimOp::Softmax, {m23}, -1), nullptr);
  EXPECT_TRUE(type_equal(primitive_result_type(PrimOp::Outer, {v3, real_type({2})}, -1), real_type({3, 2})));
  for (PrimOp op : {PrimOp::Mean, PrimOp::Prod, PrimOp::Logsumexp, PrimOp::Softmax, PrimOp::Norm,
                    PrimOp::Cumsum, PrimOp::Matmul, PrimOp::Transpose, PrimOp::Outer})
    EXPECT_TRUE(is_array_second_set(op)) << prim_name(op);
  EXPECT_FALSE(is_array_second_set(PrimOp::Matvec));
}

TEST(ArraySecondSetSyntax, ProgramsRoundTrip) {
  const std::string text =
      "def main (a : real[2, 3], b : real[3]) : real[3, 3] =\n"
      "  let s = softmax(cumsum(b)) in\n"
      "  outer(s, b) + matmul(transpose(a), a) + outer(vec(mean(a), prod(b), norm(a)), vec(logsumexp(b), 1, 2));\n";
  CheckedProgram p = check_program(parse_program(text, kFile));
  const std::string printed = print_program(parse_program(text, kFile));
  CheckedProgram q = check_program(parse_program(printed, kFile));
  EXPECT_TRUE(type_equal(q.output_type, type("real[3, 3]")));
  EXPECT_EQ(print_program(parse_program(printed, kFile)), printed);
}

}  // namespace
}  // namespace chad
