#include "oracle/chad_hessian.hpp"

#include <cmath>

#include "model/dual_math.hpp"
#include "oracle/chad_jacobian.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

using D = Dual<double>;

// CHAD's Jacobian at the input seeded with tangent `seed`, over dual numbers; a tie of a
// comparison (recorded with margin 0) is a ComparisonUndecided.
ChadEvaluation<D> seeded_jacobian(const CheckedProgram& program, const ChadProgram& chad,
                                  const NormalForm<double>& input, const std::vector<double>& seed) {
  std::vector<D> coords;
  coords.reserve(input.coords.size());
  for (std::size_t j = 0; j < input.coords.size(); ++j) coords.push_back(D{input.coords[j], seed[j]});
  return evaluate_chad_jacobian_at<D>(program, chad, input.index, coords);
}

ChadProgram transformed(const CheckedProgram& program, ChadMode mode, SumsStrategy sums, FunctionsStrategy functions,
                        const RuleTable* rules) {
  ChadOptions options{mode, sums, rules};
  options.functions = functions;
  return chad_program(program, options);
}

}  // namespace

HessianResult hessian_by_chad(const CheckedProgram& program, const NormalForm<double>& input, HessianMethod method,
                              SumsStrategy sums, FunctionsStrategy functions, const RuleTable* rules) {
  CHAD_INTERNAL_ASSERT(method == HessianMethod::ChadForwardOverReverse || method == HessianMethod::ChadForwardOverForward,
                       "hessian_by_chad: not a CHAD method");
  const ChadMode mode = method == HessianMethod::ChadForwardOverReverse ? ChadMode::Reverse : ChadMode::Forward;
  const ChadProgram chad = transformed(program, mode, sums, functions, rules);
  HessianResult result;
  result.method = method;
  result.input_index = input.index;
  result.input_coords = input.coords;
  const std::size_t n = input.coords.size();
  try {
    for (std::size_t k = 0; k < n || k == 0; ++k) {
      std::vector<double> seed(n, 0.0);
      if (k < n) seed[k] = 1;
      const ChadEvaluation<D> e = seeded_jacobian(program, chad, input, seed);
      if (k == 0) {
        result.output_index = e.output_index;
        for (const D& y : e.output) result.output_coords.push_back(y.value);
        result.hessian.assign(e.output.size(), Matrix(n, std::vector<double>(n)));
      }
      if (k >= n) break;
      for (std::size_t i = 0; i < e.jacobian.size(); ++i)
        for (std::size_t j = 0; j < n; ++j) result.hessian[i][j][k] = e.jacobian[i][j].tangent;
    }
  } catch (const ComparisonUndecided& e) {
    result.differentiable = false;
    result.reason = format_loc(e.loc()) + ": " + e.message();
    result.hessian.clear();
  }
  return result;
}

HessianVectorProduct hessian_vector_product_by_chad(const CheckedProgram& program, const NormalForm<double>& input,
                                                    const std::vector<double>& cotangent,
                                                    const std::vector<double>& seed, SumsStrategy sums) {
  const ChadProgram chad = transformed(program, ChadMode::Reverse, sums, kDefaultFunctionsStrategy, nullptr);
  HessianVectorProduct result;
  if (seed.size() != input.coords.size())
    throw SourceError(entry_point(program.program).body->loc,
                      "the seed has " + std::to_string(seed.size()) + " entries, the input " +
                          std::to_string(input.coords.size()) + " coordinates");
  try {
    const ChadEvaluation<D> e = seeded_jacobian(program, chad, input, seed);
    if (cotangent.size() != e.output.size())
      throw SourceError(entry_point(program.program).body->loc,
                        "the cotangent has " + std::to_string(cotangent.size()) + " entries, the output " +
                            std::to_string(e.output.size()) + " coordinates");
    for (const D& y : e.output) result.output_coords.push_back(y.value);
    result.product.assign(input.coords.size(), 0.0);
    for (std::size_t i = 0; i < e.jacobian.size(); ++i)
      for (std::size_t j = 0; j < input.coords.size(); ++j) result.product[j] += cotangent[i] * e.jacobian[i][j].tangent;
  } catch (const ComparisonUndecided& e) {
    result = HessianVectorProduct{};
    result.differentiable = false;
    result.reason = format_loc(e.loc()) + ": " + e.message();
  }
  return result;
}

HessianResult compute_hessian(const CheckedProgram& program, const NormalForm<double>& input, HessianMethod method,
                              SumsStrategy sums) {
  if (method == HessianMethod::ChadForwardOverReverse || method == HessianMethod::ChadForwardOverForward)
    return hessian_by_chad(program, input, method, sums);
  return reference_hessian(method, program, input);
}

}  // namespace chad
