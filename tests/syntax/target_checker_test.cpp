// The target language's checker and printer: well-typed target terms get their types and
// de Bruijn indices; ill-typed ones (CHAD's bugs) are TargetTypeErrors naming the subterm.
#include <gtest/gtest.h>

#include "chad/target_builders.hpp"
#include "syntax/printer.hpp"
#include "syntax/target_checker.hpp"

namespace chad {
namespace {

using namespace target;

TermP lit(double x) { return make_literal(x); }

TEST(TargetChecker, LinearFunctionsAndApplication) {
  // \(v : real). v + v  applied to 2: real -o real, then real
  TermP l = lin_fun("v", real_type(), add(var("v"), var("v")));
  TermP checked = check_target({}, l);
  EXPECT_EQ(print_type(checked->type), "real -o real");
  EXPECT_EQ(print_type(check_target({}, lin_app(l, lit(2)))->type), "real");
  EXPECT_EQ(checked->args[0]->args[0]->index, 0);  // v's de Bruijn index
}

TEST(TargetChecker, ZerosCopowersAndContexts) {
  TermP w = node(TermKind::CopowerUnit, {lit(1), lit(2)});
  EXPECT_EQ(print_type(check_target({}, w)->type), "!real (x) real");
  TermP fold = node(TermKind::CopowerFold, {w, fun("x", real_type(), lin_fun("v", real_type(), var("v")))});
  EXPECT_EQ(print_type(check_target({}, fold)->type), "real");
  // A context cotangent ((unit * real) * real[2]): onehot_1 puts a real at the outer variable.
  TypeP ctx = prod_type(prod_type(unit_type(), real_type()), real_type({2}));
  auto onehot = node(TermKind::CtxOneHot, {lit(3)});
  onehot->index = 1;
  onehot->annot = ctx;
  EXPECT_TRUE(type_equal(check_target({}, onehot)->type, ctx));
  auto proj = node(TermKind::CtxProj, {zero(ctx)});
  proj->index = 0;
  EXPECT_EQ(print_type(check_target({}, proj)->type), "real[2]");
}

TEST(TargetChecker, IllTypedTermsAreTargetTypeErrors) {
  auto expect_error = [](const TermP& t, const std::string& words) {
    try {
      check_target({}, t);
      ADD_FAILURE() << "no error for " << print_term(t);
    } catch (const TargetTypeError& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  // A cartesian function applied linearly, and a linear one applied cartesianly.
  expect_error(lin_app(fun("x", real_type(), var("x")), lit(1)), "expected a linear function");
  expect_error(app(lin_fun("v", real_type(), var("v")), lit(1)), "expected a function");
  // Adding a real to a pair.
  expect_error(add(lit(1), pair(lit(1), lit(2))), "expected real, found real * real");
  // A context index past the end.
  auto proj = node(TermKind::CtxProj, {zero(prod_type(unit_type(), real_type()))});
  proj->index = 1;
  expect_error(proj, "out of range");
  // A sum tangent of the wrong component type.
  auto out = node(TermKind::SumTangentOut, {lit(1)});
  out->index = 0;
  out->annot = sum_type({{"A", real_type()}, {"B", unit_type()}});
  out->sums = SumsStrategy::Lifted;
  expect_error(out, "expected <0 | A : real | B : unit >");
  expect_error(var("nowhere"), "unbound variable `nowhere`");
}

TEST(TargetPrinter, UsesTheSpecNotation) {
  TermP t = lin_fun("v", real_type(), add(lin_app(var("f"), var("v")), zero(real_type())));
  EXPECT_EQ(print_term(t), "\\(v : real). f @ v + 0");
  auto rev = node(TermKind::PrimRev, {var("a"), var("b"), var("v")});
  rev->op = PrimOp::Mul;
  EXPECT_EQ(print_term(rev), "*^T(a, b; v)");
  auto fwd = node(TermKind::PrimFwd, {var("x"), var("dx")});
  fwd->op = PrimOp::Sin;
  EXPECT_EQ(print_term(fwd), "sin'(x; dx)");
  EXPECT_EQ(print_term(node(TermKind::CopowerUnit, {var("x"), var("v")})), "!x (x) v");
}

}  // namespace
}  // namespace chad
