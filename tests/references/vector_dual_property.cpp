// Vector-mode dual numbers (model/vector_dual.hpp) give exactly the Jacobian of one scalar dual
// pass per column, on random well-typed programs of every feature: the same entries (==), the
// same enclosures for `interval`, the same "not differentiable" reasons and the same errors.
// A pass width of 3 makes several passes, the last one partial, for most inputs; a width of
// 4096 makes one pass of sparse tangents (model/sparse_tangent.hpp) wider than the columns.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "generators/rapidcheck_gen.hpp"
#include "references/input_value.hpp"
#include "references/jacobian.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

struct Outcome {
  std::string error;  // the message of what it threw, if it threw
  JacobianResult result;
};

template <class Method>
Outcome outcome_of(const Method& method) {
  Outcome o;
  try {
    o.result = method();
  } catch (const std::exception& e) {
    o.error = e.what();
  }
  return o;
}

void require_same(const Outcome& scalar, const Outcome& vector) {
  RC_ASSERT(scalar.error == vector.error);
  if (!scalar.error.empty()) return;
  const JacobianResult& a = scalar.result;
  const JacobianResult& b = vector.result;
  RC_ASSERT(a.differentiable == b.differentiable);
  RC_ASSERT(a.reason == b.reason);
  RC_ASSERT(a.output_coords == b.output_coords);
  RC_ASSERT(a.jacobian == b.jacobian);  // == on doubles: exactly the same numbers
  RC_ASSERT(a.enclosure.size() == b.enclosure.size());
  for (std::size_t i = 0; i < a.enclosure.size(); ++i)
    for (std::size_t j = 0; j < a.enclosure[i].size(); ++j) {
      RC_ASSERT(a.enclosure[i][j].lo == b.enclosure[i][j].lo);
      RC_ASSERT(a.enclosure[i][j].hi == b.enclosure[i][j].hi);
    }
}

RC_GTEST_PROP(VectorDualProperty, SameJacobianAsOneScalarPassPerColumn, ()) {
  const GeneratedCase c = *arbitrary_case(GeneratorFeatures::parse("all"), 25);
  bool data_to_data = false;
  std::size_t columns = 0;
  Outcome dual[3], interval[3];  // [0]: scalar passes, [1], [2]: vector passes of width 3, 4096
  run_with_deep_stack([&] {
    CheckedProgram program = check_program(parse_program(c.program, "<generated>"));
    data_to_data = is_data_type(program.input_type) && is_data_type(program.output_type);
    if (!data_to_data) return;
    const NormalForm<double> input = read_input_point(program, c.input);
    columns = input.coords.size();
    const ReferenceOptions options[3] = {{{}, 1}, {{}, 3}, {{}, 4096}};
    for (int k = 0; k < 3; ++k) {
      dual[k] = outcome_of([&] { return jacobian_by_dual(program, input, options[k]); });
      interval[k] = outcome_of([&] { return jacobian_by_interval(program, input, options[k]); });
    }
  });
  if (!data_to_data) RC_DISCARD("not a data-to-data program");
  RC_CLASSIFY(columns > 3, "several passes");
  require_same(dual[0], dual[1]);
  require_same(interval[0], interval[1]);
  require_same(dual[0], dual[2]);
  require_same(interval[0], interval[2]);
}

}  // namespace
}  // namespace chad
