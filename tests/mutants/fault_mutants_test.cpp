// Each mutant outside the rule table (mutants/fault_mutants.cpp) is detectable: a small
// hand-written program and input that the oracle judges `fail` under the mutant and `pass`
// without it. The expected derivatives are worked out in each case's comment.
#include <gtest/gtest.h>

#include <set>

#include "mutants/kill_matrix.hpp"
#include "mutants/mutants.hpp"
#include "oracle/campaign.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

struct KillingCase {
  const char* mutant;
  const char* program;
  const char* input;
};

const char* kStream =
    "type Stream = nu s. real * s;\n"
    "def powers (x : real) : Stream = unfold x with y -> (y, y * x);\n"
    "def main (x : real) : real * real * real =\n"
    "  let s1 = unroll (powers x) in let s2 = unroll (snd s1) in let s3 = unroll (snd s2) in\n"
    "  (fst s1, fst s2, fst s3);\n";
const char* kWideMatvec = "def main (m : real[2, 3], v : real[3]) : real[2] = matvec(m, v);\n";
const char* kSharedClosure =
    "def main (x : real) : real = let f = fun (y : real) -> x * y in f 1 + f 2;\n";

const std::vector<KillingCase>& killing_cases() {
  static const std::vector<KillingCase> cases = {
      // f = case (R x) of {L a -> a | R b -> b * b} = x^2, f' = 2x = 3 at 1.5; the mutant
      // inlines z' only into the first branch: 0.
      {"inline-linear-drops-later-uses",
       "type E = < L : real | R : real >;\n"
       "def main (x : real) : real = case (R x : E) of { L a -> a | R b -> b * b };\n",
       "1.5"},
      // f = (let x = sin x in x) * x = x sin x, f' = sin x + x cos x = 0.9182 at 0.5; the
      // mutant's body reads x = sin x in the product's primal (its cotangent still reaches x):
      // cos x sin x + sin x = 0.9002.
      {"let-floating-captures", "def main (x : real) : real = let y = (let x = sin(x) in x) in y * x;\n", "0.5"},
      // d dot(v, v) / dv = 2 v = (1, -4); the mutant's reverse sum keeps v_1's first half: (1, -2).
      {"add-array-drops-last-entry", "def main (v : real[2]) : real = dot(v, v);\n", "[0.5, -2]"},
      // f = x * 1 + x * 2 = 3 x, f' = 3; the mutant keeps f's cotangent from `f 2`: 2.
      {"add-copowers-keeps-last", kSharedClosure, "0.75"},
      // The same; the copower-fold over {!1 (x) v, !2 (x) v} keeps the first term: 1.
      {"copower-fold-drops-last-term", kSharedClosure, "0.75"},
      // f = (fun y -> a * y) 3 with a = x * x = 3 x^2, f' = 6 x = 3 at 0.5; the closure's context
      // is x, a, b with b innermost and unused: its cotangent is 0, so the mutant's pack is 0: 0.
      {"pack-zero-test-innermost",
       "def main (x : real) : real = let a = x * x in let b = 2.0 in (fun (y : real) -> a * y) 3.0;\n", "0.5"},
      // g = (fun x -> fun y -> x * y) a is a function; g 2 = 2 a, d/da = 2. Forward, g's
      // tangent is the lambda's own (0) plus the one through a; the mutant keeps the first: 0.
      {"add-functions-keeps-first", "def main (a : real) : real = ((fun (x : real) -> fun (y : real) -> x * y) a) 2;\n",
       "1.25"},
      // (x, x^2, x^3): Jacobian (1, 2x, 3x^2) = (1, 3, 6.75) at 1.5; the x^3 node is at depth 3.
      {"rev-unfold-deep-drops", kStream, "1.5"},
      {"fwd-unfold-deep-drops", kStream, "1.5"},
      // d (m v)_i / d m_ik = v_k, d (m v)_i / d v_k = m_ik: column 3 (v_3 = 2; m_13 = 3, m_23 = 6)
      // is what the wide-matrix mutant loses; the forward mutant loses every d/dm.
      {"rev-matvec-wide-transpose", kWideMatvec, "([[1, 2, 3], [4, 5, 6]], [0.5, -1, 2])"},
      {"fwd-matvec-drops-dm", kWideMatvec, "([[1, 2, 3], [4, 5, 6]], [0.5, -1, 2])"},
      // sigmoid'(0.5) = s(1 - s) = 0.235 (s = 0.6225) where the mutant says s(1 + s) = 1.010.
      {"table-sigmoid-one-plus", "def main (x : real) : real = sigmoid(x);\n", "0.5"},
      // tanh'(0.5) = 1 - 0.2135 = 0.7864 where the mutant says 1.2135.
      {"table-tanh-one-plus", "def main (x : real) : real = tanh(x);\n", "0.5"},
      // log'(2) = 1/2 where the mutant says 1/4.
      {"table-log-inverse-square", "def main (x : real) : real = log(x);\n", "2"},
      // d (a b)_rc / d b_0c = sum_r a_r0 u_rc: a is 3 x 1 (tall), the mutant sums row 0 only.
      {"rev-matmul-square-transpose", "def main (a : real[3, 1], b : real[1, 2]) : real[3, 2] = matmul(a, b);\n",
       "([[1], [2], [3]], [[0.5, -1]])"},
      // d prod / dv = (0 * 3, 2 * 3, 2 * 0) = (0, 6, 0) at (2, 0, 3); the mutant's p / v_i gives 0 at v_1 = 0.
      {"prod-transpose-by-division", "def main (v : real[3]) : real = prod(v);\n", "[2, 0, 3]"},
      // d logsumexp / dv = softmax v = (0.731, 0.269) at (1000, 999); the mutant's exp 1000 overflows: NaN.
      {"softmax-no-max-shift", "def main (v : real[2]) : real = logsumexp(v);\n", "[1000, 999]"},
      // log1p'(0.5) = 1/1.5 = 0.667 where the mutant says 1/0.5 = 2.
      {"table-log1p-as-log", "def main (x : real) : real = log1p(x);\n", "0.5"},
      // abs'(-2) = -1 where the mutant says 1.
      {"table-abs-loses-sign", "def main (x : real) : real = abs(x);\n", "-2"},
      // pow(x, y) at (2, 3): d/dy = 8 log 2 = 5.545 where the mutant says 0.
      {"table-pow-drops-log-partial", "def main (x : real, y : real) : real = pow(x, y);\n", "(2, 3)"},
      // atan2(y, x) at (-1, -2): (x, -y) / 5 = (-0.4, 0.2) where the mutant says (0.4, -0.2).
      {"table-atan2-third-quadrant", "def main (y : real, x : real) : real = atan2(y, x);\n", "(-1, -2)"},
      // max(x, y) at (2, 1): (1, 0) where the mutant says (0, 1).
      {"table-max-takes-min-side", "def main (x : real, y : real) : real = max(x, y);\n", "(2, 1)"},
      // d (a / b) / db = -a / b^2 = -3 / 4 at (a, b) = (3, -2), where the mutant says 3 / 4 (at b = 2 both say -3/4).
      {"div-negative-divisor", "def main (a : real, b : real) : real = a / b;\n", "(3, -2)"},
      // The sum of a rose tree's leaves: d / d leaf = 1 for each of the three leaves of Node [Leaf 1, Leaf 2,
      // Leaf 3]; the mutant passes no (co)tangent past the inner list's first unrolling: (1, 0, 0).
      {"nested-mu-drops-later-positions",
       "def main (r : mu t. < Leaf : real | Node : mu l. < Nil : unit | Cons : t * l > >) : real =\n"
       "  fold r with n -> case n of { Leaf y -> y | Node ys -> fold ys with m -> case m of { Nil u -> 0 | Cons p -> fst p + snd p } };\n",
       "roll (Node (roll (Cons (roll (Leaf 1), roll (Cons (roll (Leaf 2), roll (Cons (roll (Leaf 3), roll (Nil ())))))))))"},
      // The sum of x sin x over a list, judged by the size check at 100,000 nodes (the mutant's runs
      // size-check every program they can grow): past 65,536 nodes the tape's wrapped child index
      // walks back to the wrong records, so the input cotangent is wrong; below, nothing is.
      {"tape-index-wraps-16",
       "def main (xs : mu l. < Last : real | Cons : real * l >) : real =\n"
       "  fold xs with node -> case node of { Last a -> a * sin a | Cons p -> fst p * sin (fst p) + snd p };\n",
       "roll (Cons (1.5, roll (Cons (-0.75, roll (Last 1.25)))))"},
      // A stream of numbers each a mix of the last and sin x, observed by the size check 100,000
      // unrolls deep: past 65,536 the mutant's tangents are 0, the derivative is not.
      {"fwd-unfold-wraps-16",
       "def main (x : real) : nu s. real * s = unfold (sin x) with y -> (y, y * 0.5 + sin x * 0.25);\n", "0.75"},
  };
  return cases;
}

ProgramOutcome judge(const KillingCase& c, const Mutant* mutant) {
  CampaignOptions options;  // every mode and sums strategy
  if (mutant) options = hunting_options(*mutant, options);  // (as the kill matrix hunts it)
  ProgramOutcome out;
  run_with_deep_stack([&] { out = check_case(options, GeneratedCase{c.program, c.input}); });
  return out;
}

std::string describe(const ProgramOutcome& o) {
  std::string text = std::string(verdict_name(o.verdict)) + " " + o.detail;
  for (const CheckOutcome& c : o.checks)
    text += std::string("\n  ") + chad_mode_name(c.mode) + " " + sums_strategy_name(c.sums) + ": " +
            verdict_name(c.verdict) + " " + c.detail;
  return text;
}

TEST(FaultMutants, EachIsKilledByItsHandWrittenProgramWhichTheCorrectChadPasses) {
  for (const KillingCase& c : killing_cases()) {
    const Mutant* m = find_mutant(c.mutant);
    ASSERT_NE(m, nullptr) << c.mutant;
    EXPECT_FALSE(m->is_rule_mutant()) << c.mutant;
    EXPECT_EQ(judge(c, m).verdict, Verdict::Fail) << c.mutant << ": " << describe(judge(c, m));
    EXPECT_EQ(judge(c, nullptr).verdict, Verdict::Pass) << c.mutant << ": " << describe(judge(c, nullptr));
  }
}

TEST(FaultMutants, EveryMutantOutsideTheRuleTableHasAKillingCase) {
  std::set<std::string> covered;
  for (const KillingCase& c : killing_cases()) covered.insert(c.mutant);
  std::size_t faults = 0;
  for (const Mutant& m : mutant_catalogue()) {
    if (m.is_rule_mutant() || m.order == 2) continue;  // (order 2: tests/mutants/order2_mutants_test.cpp)
    ++faults;
    EXPECT_TRUE(covered.count(m.name)) << m.name;
    EXPECT_FALSE(m.blame_targets.empty()) << m.name;
    EXPECT_FALSE(m.helper.empty()) << m.name;
  }
  EXPECT_GE(faults, 10u);
}

TEST(FaultMutants, TheFaultIsOnlyInForceInsideTheGuard) {
  const Mutant* m = find_mutant("table-sigmoid-one-plus");
  ASSERT_NE(m, nullptr);
  {
    ScopedChadFaults guard(&m->faults);
    EXPECT_EQ(active_evaluator_fault, EvaluatorFault::SigmoidOnePlus);
    ScopedChadFaults off(nullptr);  // null changes nothing
    EXPECT_EQ(active_evaluator_fault, EvaluatorFault::SigmoidOnePlus);
  }
  EXPECT_EQ(active_evaluator_fault, EvaluatorFault::None);
  EXPECT_EQ(active_transform_fault, TransformFault::None);
}

TEST(FaultMutants, BlameIsRightWhenItNamesARuleThatUsesTheFaultyHelper) {
  const Mutant* m = find_mutant("table-log-inverse-square");
  ASSERT_NE(m, nullptr);
  Blame b;
  b.found = true;
  b.kind = TermKind::Prim;
  b.op = PrimOp::Log;
  b.mode = ChadMode::Forward;
  EXPECT_TRUE(blame_names_mutant(*m, b));  // either mode
  b.op = PrimOp::Exp;
  EXPECT_FALSE(blame_names_mutant(*m, b));
  b.found = false;
  b.op = PrimOp::Log;
  EXPECT_FALSE(blame_names_mutant(*m, b));
}

}  // namespace
}  // namespace chad
