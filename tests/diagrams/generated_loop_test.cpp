// A fixed loop over generated programs (seeds 0..299, the fragment's features): how many fall
// in the fragment, that sd-rev agrees with the dual reference on all of them, and that a fault
// injected into the rule table (copy's dual not addition) is caught on some of them: the
// campaign-style check of the issue, without the campaign machinery.
#include <gtest/gtest.h>

#include "diagram_test_support.hpp"
#include "diagrams/faults.hpp"
#include "generators/program_generator.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

using namespace diagrams;

struct LoopResult {
  int in_fragment = 0, agree = 0, caught = 0;
  double worst_size_ratio = 0;  // adjoint nodes / source nodes
};

LoopResult loop(const RuleTable& rules) {
  LoopResult r;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    ChoiceSource choices(seed);
    GeneratedCase c = generate_case(choices, GeneratorFeatures::parse("none,functions,arrays,partial,-second-set,-edges,-shapes"), 30);
    run_with_deep_stack([&] {
      CheckedProgram program = testing::load_source(c.program);
      if (!program_in_fragment(program)) return;
      ++r.in_fragment;
      Diagram d = translate_main(program);
      Diagram a = adjoint(d, maximal_foliation(d), rules);
      r.worst_size_ratio = std::max(r.worst_size_ratio, double(diagram_size(a)) / double(diagram_size(d) + 1));
      NormalForm<double> point = read_input_point(program, c.input);
      JacobianResult dual = compute_jacobian(program, point, JacobianMethod::Dual);
      SdOptions o;
      o.rules = &rules;
      diagrams::SdJacobian sd = sd_jacobian(program, point, o);
      if (testing::matrices_close(sd.jacobian, dual.jacobian, 1e-11)) ++r.agree;
      else ++r.caught;
    });
  }
  return r;
}

TEST(SdGeneratedLoop, AgreesOnEveryGeneratedProgramOfTheFragment) {
  LoopResult r = loop(default_rules());
  EXPECT_GE(r.in_fragment, 100);  // most programs of these features are in the fragment
  EXPECT_EQ(r.agree, r.in_fragment);
  // Linear growth: each leaf becomes at most 2k + 2 leaves (k operands of a primitive: k
  // copies, the primitive, its op^T), an application 4, plus the backpropagator's box and
  // the final packs per box: the ratio is bounded by a constant independent of the program.
  EXPECT_LE(r.worst_size_ratio, 8.0);
  std::cout << "in fragment: " << r.in_fragment << " / 300, worst size ratio " << r.worst_size_ratio << "\n";
}

TEST(SdGeneratedLoop, CatchesCopysDualNotBeingAddition) {
  LoopResult r = loop(find_sd_fault("sd-copy-dual-first-only")->rules);
  EXPECT_GE(r.caught, 10);
  std::cout << "fault caught on " << r.caught << " of " << r.in_fragment << " programs\n";
}

}  // namespace
}  // namespace chad
