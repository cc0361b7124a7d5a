#include "oracle/chad_jacobian.hpp"

#include "model/fibre.hpp"
#include "model/linear_values.hpp"
#include "model/scalar_list.hpp"
#include "model/target_dual_scalar_list.hpp"
#include "references/finite_result.hpp"
#include "references/not_differentiable.hpp"
#include "semantics/evaluate.hpp"

namespace chad {

template <class S>
ChadEvaluation<S> evaluate_chad_jacobian(const CheckedProgram& program, const ChadProgram& chad,
                                         const NormalForm<double>& input) {
  std::vector<S> coords;
  for (double c : input.coords) coords.push_back(ScalarTraits<S>::from_double(c));
  return evaluate_chad_jacobian_at<S>(program, chad, input.index, coords);
}

template <class S>
ChadEvaluation<S> evaluate_chad_jacobian_at(const CheckedProgram& program, const ChadProgram& chad,
                                            const Index& input_index, const std::vector<S>& coords) {
  ValueP<S> x = rebuild<S>(program.input_type, input_index, coords);
  ValueP<S> result = apply<S>(evaluate<S>(chad.target, nullptr), x);
  NormalForm<S> y = normal_form<S>(program.output_type, result->first);
  const ValueP<S>& derivative = result->second;
  ChadEvaluation<S> out;
  out.output_index = y.index;
  out.output = y.coords;
  const std::size_t n = coords.size(), m = y.coords.size();
  out.jacobian.assign(m, std::vector<S>(n, S(0)));
  auto apply_derivative = [&](const ValueP<S>& v) {
    return derivative->kind == ValueKind::Zero ? derivative : derivative->call(v);
  };
  const SumsStrategy sums = chad.options.sums;
  if (chad.options.mode == ChadMode::Forward) {
    for (std::size_t j = 0; j < n; ++j) {
      std::vector<S> e(n, S(0));
      e[j] = S(1);
      ValueP<S> dy = apply_derivative(tangent_from_coords<S>(program.input_type, input_index, e, sums));
      std::vector<S> column = coords_from_tangent<S>(program.output_type, y.index, dy, sums);
      for (std::size_t i = 0; i < m; ++i) out.jacobian[i][j] = column[i];
    }
  } else {
    for (std::size_t i = 0; i < m; ++i) {
      std::vector<S> e(m, S(0));
      e[i] = S(1);
      ValueP<S> dx = apply_derivative(tangent_from_coords<S>(program.output_type, y.index, e, sums));
      out.jacobian[i] = coords_from_tangent<S>(program.input_type, input_index, dx, sums);
    }
  }
  return out;
}

JacobianResult jacobian_by_chad(const CheckedProgram& program, const NormalForm<double>& input,
                                ChadMode mode, SumsStrategy sums, FunctionsStrategy functions) {
  ChadOptions options{mode, sums, nullptr};
  options.functions = functions;
  ChadProgram chad = chad_program(program, options);
  ChadEvaluation<double> e;
  std::vector<ComparisonRecord> trace;
  std::string undecided;
  comparison_trace = &trace;
  try {
    e = evaluate_chad_jacobian<double>(program, chad, input);
    comparison_trace = nullptr;
  } catch (const ComparisonUndecided& error) {
    comparison_trace = nullptr;
    undecided = format_loc(error.loc()) + ": " + error.message();
  } catch (...) {
    comparison_trace = nullptr;
    throw;
  }
  // The result copies the input only now, once the evaluation's memory is freed (the index of a
  // million-element list is hundreds of MB).
  JacobianResult result = start_result(
      mode == ChadMode::Forward ? JacobianMethod::ChadForward : JacobianMethod::ChadReverse, input);
  result.sums = sums;
  if (!undecided.empty()) return not_differentiable(std::move(result), std::move(undecided));
  // In double a tie decides one way; the derivative there is not defined.
  for (const ComparisonRecord& c : trace)
    if (c.margin == 0)
      return not_differentiable(std::move(result),
                                format_loc(c.loc) + ": comparison cannot be decided here: both "
                                                    "sides are equal (a tie, where the comparison flips)");
  result.output_index = e.output_index;
  result.output_coords = e.output;
  result.jacobian = e.jacobian;
  require_finite_result(program, result);  // NaN or infinity: a located error, not a number
  return result;
}

#define CHAD_INSTANTIATE_CHAD_JACOBIAN(S)                                                   \
  template ChadEvaluation<S> evaluate_chad_jacobian<S>(const CheckedProgram&, const ChadProgram&, \
                                                       const NormalForm<double>&);             \
  template ChadEvaluation<S> evaluate_chad_jacobian_at<S>(const CheckedProgram&, const ChadProgram&, \
                                                          const Index&, const std::vector<S>&);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_CHAD_JACOBIAN)
CHAD_FOR_EACH_TARGET_DUAL_SCALAR(CHAD_INSTANTIATE_CHAD_JACOBIAN)

}  // namespace chad
