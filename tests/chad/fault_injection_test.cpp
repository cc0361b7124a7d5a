// Replacing a rule of the table from outside (how the oracle injects faults): every faulty
// transformation below is caught by verify, as a mismatch with the certified reference or as
// a fault (ill-typed output, lifted-sum inconsistency); the standard table passes.
#include <gtest/gtest.h>

#include "../support/example_programs.hpp"
#include "chad/target_builders.hpp"
#include "references/input_value.hpp"
#include "mutants/mutants.hpp"
#include "mutants/broken_output_faults.hpp"
#include "verify/verify.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

VerifyReport verify_program(const CheckedProgram& program, const std::string& at, const RuleTable* rules) {
  VerifyReport report;
  run_with_deep_stack([&] { report = verify_chad(program, read_input_point(program, at), rules); });
  return report;
}

VerifyReport verify_example(const std::string& example, const RuleTable* rules) {
  return verify_program(testing::load_example(example), testing::example_point(example), rules);
}

int count(const VerifyReport& r, ChadMode mode, Verdict v) {
  int n = 0;
  for (const auto& c : r.cases) n += c.mode == mode && c.verdict == v;
  return n;
}

TEST(FaultInjection, TheStandardRulesPass) {
  VerifyReport r = verify_example("list_product.chad", &RuleTable::standard());
  EXPECT_TRUE(r.passed());
  EXPECT_EQ(r.cases.size(), 6u);
}

TEST(FaultInjection, ADoubledPrimitiveDerivativeIsAMismatch) {
  // Reverse `op`: the backpropagator is applied twice (v + v instead of v).
  VerifyReport r = verify_example("list_product.chad", &find_mutant("rev-prim-doubles")->rules);
  EXPECT_FALSE(r.passed());
  EXPECT_EQ(count(r, ChadMode::Reverse, Verdict::Fail), 3);
  EXPECT_EQ(count(r, ChadMode::Forward, Verdict::Pass), 3);
  // prod = x1 * (x2 * x3): the entries for x2 and x3 pass two doubled products, so they are
  // 4 times the true ones, a relative distance of 3.
  EXPECT_DOUBLE_EQ(r.worst_discrepancy(), 3.0);
}

TEST(FaultInjection, AForgottenLetContributionIsAMismatch) {
  // Forward `let`: the bound variable's tangent is dropped (y' @ (v, 0)); reverse likewise.
  VerifyReport fwd = verify_example("spec_example.chad", &find_mutant("fwd-let-drops-bound")->rules);
  EXPECT_FALSE(fwd.passed());
  EXPECT_GT(count(fwd, ChadMode::Forward, Verdict::Fail), 0);
  EXPECT_EQ(count(fwd, ChadMode::Reverse, Verdict::Pass), 3);
  VerifyReport rev = verify_example("spec_example.chad", &find_mutant("rev-let-drops-bound")->rules);
  EXPECT_GT(count(rev, ChadMode::Reverse, Verdict::Fail), 0);
  EXPECT_EQ(count(rev, ChadMode::Forward, Verdict::Pass), 3);
}

TEST(FaultInjection, AnIllTypedRuleIsAFault) {
  // Reverse `fst` returns the pair's derivative unchanged: the output does not type-check.
  RuleTable rules = RuleTable::standard();
  rules.reverse[int(TermKind::Fst)] = [](const TermP& s, Transformer& tr) { return tr.transform(s->args[0]); };
  VerifyReport r = verify_example("list_sum.chad", &rules);
  EXPECT_EQ(count(r, ChadMode::Reverse, Verdict::Fault), 3);
  for (const auto& c : r.cases) {
    if (c.verdict == Verdict::Fault) {
      EXPECT_NE(c.detail.find("does not type-check"), std::string::npos) << c.detail;
    }
  }
}

TEST(FaultInjection, TheWrongConstructorsCotangentIsTheLiftedSumInconsistency) {
  // Reverse `case` rebuilds the scrutinee's cotangent under the other constructor.
  RuleTable rules = RuleTable::standard();
  ChadRule standard = rules.reverse[int(TermKind::Case)];
  rules.reverse[int(TermKind::Case)] = [standard](const TermP& s, Transformer& tr) {
    auto swapped = std::make_shared<Term>(*s);
    for (Branch& b : swapped->branches) {
      const TypeP& sum = s->args[0]->type;
      int other = (b.tag + 1) % int(sum->ctors.size());
      if (!type_equal(sum->ctors[other].type, sum->ctors[b.tag].type)) return standard(s, tr);
      b.tag = other;  // the cotangent is embedded as the other constructor's
    }
    return standard(swapped, tr);
  };
  CheckedProgram program = testing::load_source(
      "type S = < A : real | B : real >;\n"
      "def main (s : S) : real = case s of { A x -> x * x | B y -> y };");
  VerifyReport r = verify_program(program, "A 3", &rules);
  EXPECT_FALSE(r.passed());
  for (const auto& c : r.cases) {
    if (c.mode == ChadMode::Forward) {
      EXPECT_EQ(c.verdict, Verdict::Pass) << c.detail;
    } else if (c.sums == SumsStrategy::Biproduct) {  // the cotangent lands outside the fibre
      EXPECT_EQ(c.verdict, Verdict::Fail) << c.detail;
    } else {
      EXPECT_EQ(c.verdict, Verdict::Fault) << c.detail;
      EXPECT_NE(c.detail.find("lifted-sum inconsistency"), std::string::npos) << c.detail;
    }
  }
}

TEST(FaultInjection, AZeroOfTheWrongShapeIsAFaultNotACrash) {
  // `fst`'s derivative is a zero over the whole pair (forward), the pair's cotangent a zero over
  // its first component (reverse): in the spec's example, fst s * sum xs reads the pair where a
  // real belongs (forward), and s's cotangent is a real where a pair belongs (reverse). Every
  // case is a fault with the mismatch as its reason.
  VerifyReport r = verify_example("spec_example.chad", &find_broken_output_fault("test-zero-of-wrong-shape")->rules);
  EXPECT_FALSE(r.passed());
  EXPECT_EQ(count(r, ChadMode::Forward, Verdict::Fault), 3);
  EXPECT_EQ(count(r, ChadMode::Reverse, Verdict::Fault), 3);
  for (const auto& c : r.cases)
    EXPECT_NE(c.detail.find("different kinds or shapes"), std::string::npos) << c.detail;
}

}  // namespace
}  // namespace chad
