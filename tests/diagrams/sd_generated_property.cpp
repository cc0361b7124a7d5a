// String-diagram reverse AD on generated programs of the fragment (generators/, features
// "none,functions,arrays,partial": reals, arrays, products, closures; programs that still
// fall outside the fragment are discarded): the sd-rev Jacobian equals the dual-number
// reference (Theorem 17) and reverse CHAD, and does not depend on the foliation (Lemma 13).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "diagram_test_support.hpp"
#include "generators/program_generator.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

using namespace diagrams;

bool close(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b, double rel) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].size() != b[i].size()) return false;
    for (std::size_t j = 0; j < a[i].size(); ++j)
      if (!testing::close_relative(a[i][j], b[i][j], rel)) return false;
  }
  return true;
}

RC_GTEST_PROP(SdGenerated, JacobianEqualsDualChadAndIsFoliationIndependent, ()) {
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const int size = *rc::gen::inRange(5, 40);
  ChoiceSource choices(seed);
  GeneratedCase c = generate_case(choices, GeneratorFeatures::parse("none,functions,arrays,partial,-second-set,-edges,-shapes"), size);
  RC_LOG() << c.program << "\n-- at: " << c.input << "\n";
  run_with_deep_stack([&] {
    CheckedProgram program = testing::load_source(c.program);
    RC_PRE(program_in_fragment(program));
    NormalForm<double> point = read_input_point(program, c.input);
    JacobianResult dual = compute_jacobian(program, point, JacobianMethod::Dual);
    RC_PRE(dual.differentiable);
    diagrams::SdJacobian sd = sd_jacobian(program, point);
    RC_ASSERT(sd.output == dual.output_coords);
    RC_ASSERT(close(sd.jacobian, dual.jacobian, 1e-11));
    JacobianResult chad = compute_jacobian(program, point, JacobianMethod::ChadReverse);
    RC_ASSERT(close(sd.jacobian, chad.jacobian, 1e-11));
    SdOptions o;
    o.foliation_seed = seed ^ 0x9e3779b97f4a7c15ull;
    diagrams::SdJacobian other = sd_jacobian(program, point, o);
    RC_ASSERT(close(other.jacobian, sd.jacobian, 1e-12));
  });
}

}  // namespace
}  // namespace chad
