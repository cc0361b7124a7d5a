#include "oracle/chad_jacobian.hpp"

#include <cmath>
#include <iomanip>
#include <sstream>

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
ChadAtPoint<S> run_chad_at(const CheckedProgram& program, const ChadProgram& chad, const Index& input_index,
                           const std::vector<S>& coords) {
  ValueP<S> result =
      apply<S>(evaluate<S>(chad.target, nullptr), rebuild<S>(program.input_type, input_index, coords));
  return ChadAtPoint<S>{normal_form<S>(program.output_type, result->first), result->second};
}

template <class S>
std::vector<S> ChadAtPoint<S>::apply(const CheckedProgram& program, const ChadProgram& chad,
                                     const Index& input_index, const std::vector<S>& seed) const {
  const SumsStrategy sums = chad.options.sums;
  const bool forward = chad.options.mode == ChadMode::Forward;
  const ValueP<S> d = forward ? tangent_from_coords<S>(program.input_type, input_index, seed, sums)
                              : tangent_from_coords<S>(program.output_type, output.index, seed, sums);
  const ValueP<S> image = derivative->kind == ValueKind::Zero ? derivative : derivative->call(d);
  return forward ? coords_from_tangent<S>(program.output_type, output.index, image, sums)
                 : coords_from_tangent<S>(program.input_type, input_index, image, sums);
}

template <class S>
ChadEvaluation<S> evaluate_chad_jacobian_at(const CheckedProgram& program, const ChadProgram& chad,
                                            const Index& input_index, const std::vector<S>& coords) {
  const ChadAtPoint<S> at = run_chad_at<S>(program, chad, input_index, coords);
  ChadEvaluation<S> out;
  out.output_index = at.output.index;
  out.output = at.output.coords;
  const std::size_t n = coords.size(), m = at.output.coords.size();
  out.jacobian.assign(m, std::vector<S>(n, S(0)));
  const bool forward = chad.options.mode == ChadMode::Forward;
  for (std::size_t k = 0; k < (forward ? n : m); ++k) {  // a column each forward, a row each reverse
    std::vector<S> e(forward ? n : m, S(0));
    e[k] = S(1);
    std::vector<S> image = at.apply(program, chad, input_index, e);
    if (!forward) out.jacobian[k] = std::move(image);
    else
      for (std::size_t i = 0; i < m; ++i) out.jacobian[i][k] = image[i];
  }
  return out;
}

namespace {

// CHAD's derivative holds a NaN or an infinity while its outputs are finite: when the dual-number
// reference's Jacobian at the same point is finite, CHAD made it (ImplementationNotFinite);
// otherwise the program overflows there (require_finite_result says so).
void blame_chad_for_a_non_finite_derivative(const CheckedProgram& program, const NormalForm<double>& input,
                                            const JacobianResult& chad) {
  for (double y : chad.output_coords)
    if (!std::isfinite(y)) return;
  for (std::size_t i = 0; i < chad.jacobian.size(); ++i)
    for (std::size_t j = 0; j < chad.jacobian[i].size(); ++j) {
      const double entry = chad.jacobian[i][j];
      if (std::isfinite(entry)) continue;
      JacobianResult reference;
      try {
        reference = jacobian_by_dual(program, input);
      } catch (const SourceError&) {  // the reference overflows or is undefined too
        return;
      }
      if (!reference.differentiable || i >= reference.jacobian.size() || j >= reference.jacobian[i].size()) return;
      std::ostringstream finite;
      finite << std::setprecision(17) << reference.jacobian[i][j];
      throw ImplementationNotFinite(
          entry_point(program.program).body->loc,
          std::string(method_name(chad.method)) + ": Jacobian entry [" + std::to_string(i) + "][" +
              std::to_string(j) + "] is " + (std::isnan(entry) ? "nan" : entry > 0 ? "inf" : "-inf") +
              " where the dual-number reference's is finite (" + finite.str() +
              "): CHAD produced it, not the program (the implementation's fault)");
    }
}

}  // namespace

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
  blame_chad_for_a_non_finite_derivative(program, input, result);
  require_finite_result(program, result);  // NaN or infinity: a located error, not a number
  return result;
}

#define CHAD_INSTANTIATE_CHAD_JACOBIAN(S)                                                   \
  template ChadEvaluation<S> evaluate_chad_jacobian<S>(const CheckedProgram&, const ChadProgram&, \
                                                       const NormalForm<double>&);             \
  template ChadEvaluation<S> evaluate_chad_jacobian_at<S>(const CheckedProgram&, const ChadProgram&, \
                                                          const Index&, const std::vector<S>&);  \
  template struct ChadAtPoint<S>;                                                                      \
  template ChadAtPoint<S> run_chad_at<S>(const CheckedProgram&, const ChadProgram&, const Index&,      \
                                         const std::vector<S>&);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_CHAD_JACOBIAN)
CHAD_FOR_EACH_TARGET_DUAL_SCALAR(CHAD_INSTANTIATE_CHAD_JACOBIAN)

}  // namespace chad
