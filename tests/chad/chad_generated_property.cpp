// CHAD on generated well-typed programs (RapidCheck; CTest fixes the seed, a failure prints the
// program and the RC_PARAMS line that replays it): for random programs built from lets, pairs,
// closures (applied, shared, returned), sums and case (an input sum and sums made in the
// middle), comparisons, folds over an input list (to reals, to functions, to a list that is
// part of the output), and streams made by unfold, the output of every mode and sums strategy
// type-checks, its primal equals the program's value, and its Jacobian equals the dual-number
// reference at a random point.
// The generator is small and local to this test (the campaign generators of generators/ are
// a later issue); it builds program text, which goes through the parser and checker.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <functional>

#include "../support/tolerances.hpp"
#include "../support/example_programs.hpp"
#include "references/input_value.hpp"
#include "oracle/compute_jacobian.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

int pick(int n) { return *rc::gen::resize(100, rc::gen::inRange(0, n)); }

const char* const kPrelude =
    "type List = mu l. < Nil : unit | Cons : real * l >;\n"
    "type Stream = nu s. real * s;\n"
    "type Shape = < Dot : real | Box : real * real >;\n";

// A term of type real over the real variables in `vars` (fresh names get a counter).
class ProgramGenerator {
 public:
  std::string real_term(int depth, std::vector<std::string> vars) {
    const bool leaf = depth <= 0;
    switch (pick(leaf ? 2 : 14)) {
      case 0: {
        const std::string& v = vars[std::size_t(pick(int(vars.size())))];
        return v.find(' ') == std::string::npos ? v : "(" + v + ")";
      }
      case 1: return literal();
      case 2: {
        static const char* const unary[] = {"sin", "cos", "tanh", "sigmoid", "softplus"};
        return std::string(unary[pick(5)]) + "(" + real_term(depth - 1, vars) + ")";
      }
      case 3: {
        static const char* const binary[] = {" + ", " - ", " * "};
        return "(" + real_term(depth - 1, vars) + binary[pick(3)] + real_term(depth - 1, vars) + ")";
      }
      case 4: {  // let
        std::string y = fresh("y"), bound = real_term(depth - 1, vars);
        vars.push_back(y);
        return "(let " + y + " = " + bound + " in " + real_term(depth - 1, vars) + ")";
      }
      case 5: {  // a pair and its projections
        std::string p = fresh("p");
        std::string pair = "(" + real_term(depth - 1, vars) + ", " + real_term(depth - 1, vars) + ")";
        vars.push_back("fst " + p);
        vars.push_back("snd " + p);
        return "(let " + p + " = " + pair + " in " + real_term(depth - 1, vars) + ")";
      }
      case 6: {  // a closure over the context, applied twice (shared)
        std::string f = fresh("f"), z = fresh("z");
        std::vector<std::string> inner = vars;
        inner.push_back(z);
        std::string fun = "fun (" + z + " : real) -> " + real_term(depth - 1, inner);
        return "(let " + f + " = " + fun + " in " + f + " (" + f + " " + real_term(depth - 1, vars) + "))";
      }
      case 7: {  // a closure returned by a function and then applied
        std::string a = fresh("a"), z = fresh("z");
        std::vector<std::string> inner = vars;
        inner.push_back(a);
        inner.push_back(z);
        return "((fun (" + a + " : real) -> fun (" + z + " : real) -> " + real_term(depth - 1, inner) +
               ") " + real_term(depth - 1, vars) + " " + real_term(depth - 1, vars) + ")";
      }
      case 8: {  // a sum built in the middle and taken apart
        std::string d = fresh("d"), b = fresh("b");
        std::string value = pick(2) ? "Dot " + atom(depth - 1, vars)
                                    : "Box (" + real_term(depth - 1, vars) + ", " + real_term(depth - 1, vars) + ")";
        std::vector<std::string> with_d = vars, with_b = vars;
        with_d.push_back(d);
        with_b.push_back("fst " + b);
        with_b.push_back("snd " + b);
        return "(case (" + value + " : Shape) of { Dot " + d + " -> " + real_term(depth - 1, with_d) +
               " | Box " + b + " -> " + real_term(depth - 1, with_b) + " })";
      }
      case 9: {  // a fold over the input list
        std::string n = fresh("n"), c = fresh("c");
        std::vector<std::string> inner = vars;
        inner.push_back("fst " + c);
        inner.push_back("snd " + c);
        return "((fold xs with " + n + " -> case " + n + " of { Nil u -> " + real_term(depth - 1, vars) +
               " | Cons " + c + " -> " + real_term(depth - 1, inner) + " }) : real)";
      }
      case 10: {  // a fold producing a function, applied
        std::string n = fresh("n"), c = fresh("c"), z = fresh("z");
        std::vector<std::string> inner = vars;
        inner.push_back("fst " + c);
        inner.push_back(z);
        return "(((fold xs with " + n + " -> case " + n + " of { Nil u -> fun (" + z + " : real) -> " + z +
               " | Cons " + c + " -> fun (" + z + " : real) -> (snd " + c + ") (" +
               real_term(depth - 1, inner) + ") }) : real -> real) " + real_term(depth - 1, vars) + ")";
      }
      case 11: {  // a comparison (differentiable away from ties, which random points avoid)
        return "(if " + real_term(depth - 1, vars) + (pick(2) ? " < " : " > ") + real_term(depth - 1, vars) +
               " then " + real_term(depth - 1, vars) + " else " + real_term(depth - 1, vars) + ")";
      }
      case 12: {  // the input sum
        std::string d = fresh("d"), b = fresh("b");
        std::vector<std::string> with_d = vars, with_b = vars;
        with_d.push_back(d);
        with_b.push_back("fst " + b);
        with_b.push_back("snd " + b);
        return "(case sh of { Dot " + d + " -> " + real_term(depth - 1, with_d) + " | Box " + b + " -> " +
               real_term(depth - 1, with_b) + " })";
      }
      default: {  // a stream made by unfold, observed at its first or second element
        std::string s = fresh("s");
        std::vector<std::string> inner = vars;
        inner.push_back(s);
        std::string stream = "(unfold " + real_term(depth - 1, vars) + " with " + s + " -> (" +
                             real_term(depth - 1, inner) + ", " + real_term(depth - 1, inner) + ") : Stream)";
        return pick(2) ? "(fst (unroll " + stream + "))" : "(fst (unroll (snd (unroll " + stream + "))))";
      }
    }
  }

 private:
  std::string atom(int depth, const std::vector<std::string>& vars) { return "(" + real_term(depth, vars) + ")"; }
  std::string literal() {
    static const char* const values[] = {"0.5", "2", "1.25", "0.75", "3"};
    return values[pick(5)];
  }
  std::string fresh(const std::string& base) { return base + std::to_string(counter_++); }
  int counter_ = 0;
};

// A list of the same length as xs, each element a term over it and the context.
std::string list_term(ProgramGenerator& generator, int depth, std::vector<std::string> vars) {
  vars.push_back("fst c");
  return "(fold xs with n -> case n of { Nil u -> roll Nil | Cons c -> roll Cons (" +
         generator.real_term(depth, vars) + ", snd c) } : List)";
}

std::string random_shape() {
  auto r = [] { return print_real(*rc::gen::inRange(-150, 150) / 100.0); };
  return pick(2) ? "Dot (" + r() + ")" : "Box (" + r() + ", " + r() + ")";
}

std::string random_list(int n) {
  std::string list = "roll Nil";
  for (int i = 0; i < n; ++i)
    list = "roll Cons (" + print_real(*rc::gen::inRange(-150, 150) / 100.0) + ", " + list + ")";
  return list;
}

// A generated program (its text) and a random input point for it (as `--at` text).
struct GeneratedCase {
  std::string source, at;
};

GeneratedCase generated_case() {
  ProgramGenerator generator;
  const std::string body = generator.real_term(1 + pick(4), {"x", "y"});
  const std::string list = list_term(generator, pick(3), {"x", "y"});
  GeneratedCase c;
  c.source = std::string(kPrelude) + "def main (x : real) (y : real) (xs : List) (sh : Shape) : real * List = (" +
             body + ", " + list + ");";
  c.at = "(" + print_real(*rc::gen::inRange(-150, 150) / 100.0) + ", " +
         print_real(*rc::gen::inRange(-150, 150) / 100.0) + ", " + random_list(pick(4)) + ", " + random_shape() + ")";
  RC_LOG() << c.source << "\n-- at: " << c.at << "\n";
  return c;
}

RC_GTEST_PROP(ChadGenerated, JacobiansMatchTheDualReference, ()) {
  const GeneratedCase generated = generated_case();
  const std::string &source = generated.source, &at = generated.at;
  run_with_deep_stack([&] {
    CheckedProgram program = testing::load_source(source);
    NormalForm<double> point = read_input_point(program, at);
    JacobianResult reference = compute_jacobian(program, point, JacobianMethod::Dual);
    RC_PRE(reference.differentiable);  // a comparison that ties at this point: no derivative
    for (JacobianMethod method : {JacobianMethod::ChadForward, JacobianMethod::ChadReverse})
      for (SumsStrategy sums : kAllSumsStrategies) {
        JacobianResult r = compute_jacobian(program, point, method, sums);
        RC_ASSERT(r.differentiable);
        RC_ASSERT(r.output_coords == reference.output_coords);
        RC_ASSERT(r.jacobian.size() == reference.jacobian.size());
        for (std::size_t i = 0; i < r.jacobian.size(); ++i)
          for (std::size_t j = 0; j < r.jacobian[i].size(); ++j)
            RC_ASSERT(testing::close_relative(r.jacobian[i][j], reference.jacobian[i][j],
                                              testing::Tolerances::dual_relative));
      }
  });
}

// The efficient functions strategy (closure conversion) and the paper's give the same Jacobian
// on the same generated programs (closures applied, shared, returned, folded to functions).
RC_GTEST_PROP(ChadGenerated, EfficientAndPaperFunctionsGiveTheSameJacobian, ()) {
  const GeneratedCase generated = generated_case();
  const std::string &source = generated.source, &at = generated.at;
  run_with_deep_stack([&] {
    CheckedProgram program = testing::load_source(source);
    NormalForm<double> point = read_input_point(program, at);
    RC_PRE(compute_jacobian(program, point, JacobianMethod::Dual).differentiable);
    for (JacobianMethod method : {JacobianMethod::ChadForward, JacobianMethod::ChadReverse})
      for (SumsStrategy sums : kAllSumsStrategies) {
        JacobianResult fast = compute_jacobian(program, point, method, sums, {}, {}, FunctionsStrategy::Efficient);
        JacobianResult paper = compute_jacobian(program, point, method, sums, {}, {}, FunctionsStrategy::Paper);
        RC_ASSERT(fast.output_coords == paper.output_coords);
        RC_ASSERT(fast.jacobian.size() == paper.jacobian.size());
        for (std::size_t i = 0; i < fast.jacobian.size(); ++i)
          for (std::size_t j = 0; j < fast.jacobian[i].size(); ++j)
            RC_ASSERT(testing::close_relative(fast.jacobian[i][j], paper.jacobian[i][j],
                                              testing::Tolerances::dual_relative));
      }
  });
}

}  // namespace
}  // namespace chad
