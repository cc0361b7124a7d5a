// The `taylor` and `interval` Hessian methods and Hessian-vector products: hyper-dual passes
// (model/hyper_dual.hpp) through the source evaluator, in double or over MPFI intervals.
#include <cmath>

#include "model/hyper_dual.hpp"
#include "references/finite_result.hpp"
#include "references/hessian.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

template <class Base>
using Hd = HyperDual<Base>;

// One pass: input coordinate i carries d1 = e1[i], d2 = e2[i].
template <class Base>
NormalForm<Hd<Base>> hyper_dual_pass(const CheckedProgram& program, const NormalForm<double>& input,
                                     const std::vector<double>& e1, const std::vector<double>& e2) {
  using T = ScalarTraits<Base>;
  std::vector<Hd<Base>> coords;
  coords.reserve(input.coords.size());
  for (std::size_t i = 0; i < input.coords.size(); ++i)
    coords.push_back({T::from_double(input.coords[i]), T::from_double(e1[i]), T::from_double(e2[i]), T::from_double(0)});
  ValueP<Hd<Base>> out = run_main<Hd<Base>>(program, rebuild<Hd<Base>>(program.input_type, input.index, coords));
  return normal_form<Hd<Base>>(program.output_type, out);
}

std::vector<double> unit(std::size_t n, std::size_t j) {
  std::vector<double> e(n, 0.0);
  e[j] = 1;
  return e;
}

Enclosure enclosure_of(const double&) { return {NAN, NAN}; }
Enclosure enclosure_of(const Mpfi& x) { return enclose(x); }

std::string located(const ComparisonUndecided& e) { return format_loc(e.loc()) + ": " + e.message(); }

[[noreturn]] void not_finite(const CheckedProgram& program, HessianMethod method, const std::string& what) {
  throw NotFiniteResult(entry_point(program.program).body->loc,
                        std::string(hessian_method_name(method)) + ": " + what +
                            " is not finite: the program overflows (or is undefined) at this point");
}

template <class Base>
HessianResult hessian_by_hyper_duals(const CheckedProgram& program, const NormalForm<double>& input,
                                     HessianMethod method) {
  constexpr bool interval = std::is_same_v<Base, Mpfi>;
  HessianResult result;
  result.method = method;
  result.input_index = input.index;
  result.input_coords = input.coords;
  const std::size_t n = input.coords.size();
  try {
    const NormalForm<Hd<Base>> first = hyper_dual_pass<Base>(program, input, std::vector<double>(n), std::vector<double>(n));
    result.output_index = first.index;
    const std::size_t m = first.coords.size();
    for (const auto& y : first.coords) result.output_coords.push_back(ScalarTraits<Base>::to_double(y.value));
    result.hessian.assign(m, Matrix(n, std::vector<double>(n)));
    if (interval) result.enclosure.assign(m, std::vector<std::vector<Enclosure>>(n, std::vector<Enclosure>(n)));
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t k = j; k < n; ++k) {
        const NormalForm<Hd<Base>> nf = hyper_dual_pass<Base>(program, input, unit(n, j), unit(n, k));
        CHAD_INTERNAL_ASSERT(nf.index == result.output_index, "output index changed between hyper-dual passes");
        for (std::size_t i = 0; i < m; ++i) {
          const double h = ScalarTraits<Base>::to_double(nf.coords[i].d12);
          result.hessian[i][j][k] = result.hessian[i][k][j] = h;
          if (interval) result.enclosure[i][j][k] = result.enclosure[i][k][j] = enclosure_of(nf.coords[i].d12);
        }
      }
  } catch (const ComparisonUndecided& e) {
    result.differentiable = false;
    result.reason = located(e);
    result.hessian.clear();
    result.enclosure.clear();
    return result;
  }
  auto bounded = [](const Enclosure& e) { return std::isfinite(e.lo) && std::isfinite(e.hi); };
  for (std::size_t i = 0; i < result.hessian.size(); ++i) {
    if (!std::isfinite(result.output_coords[i])) not_finite(program, method, "output coordinate " + std::to_string(i));
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t k = 0; k < n; ++k) {
        const std::string entry =
            "d2 output[" + std::to_string(i) + "] / d input[" + std::to_string(j) + "] d input[" + std::to_string(k) + "]";
        if (!std::isfinite(result.hessian[i][j][k])) not_finite(program, method, entry);
        if (interval && !bounded(result.enclosure[i][j][k])) {
          result.differentiable = false;
          result.cannot_certify = true;
          result.reason = "cannot certify: the enclosure of " + entry + " is unbounded (its bounds overflow at this point)";
          result.hessian.clear();
          result.enclosure.clear();
          return result;
        }
      }
  }
  return result;
}

template <class Base>
HessianVectorProduct hvp_by_hyper_duals(const CheckedProgram& program, const NormalForm<double>& input,
                                        const std::vector<double>& w, const std::vector<double>& v) {
  const std::size_t n = input.coords.size();
  if (v.size() != n)
    throw SourceError(entry_point(program.program).body->loc,
                      "the seed has " + std::to_string(v.size()) + " entries, the input " + std::to_string(n) +
                          " coordinates");
  HessianVectorProduct result;
  try {
    for (std::size_t k = 0; k < n; ++k) {
      const NormalForm<Hd<Base>> nf = hyper_dual_pass<Base>(program, input, v, unit(n, k));
      if (w.size() != nf.coords.size())
        throw SourceError(entry_point(program.program).body->loc,
                          "the cotangent has " + std::to_string(w.size()) + " entries, the output " +
                              std::to_string(nf.coords.size()) + " coordinates");
      if (k == 0)
        for (const auto& y : nf.coords) result.output_coords.push_back(ScalarTraits<Base>::to_double(y.value));
      Base sum = ScalarTraits<Base>::from_double(0);
      for (std::size_t i = 0; i < w.size(); ++i) sum += ScalarTraits<Base>::from_double(w[i]) * nf.coords[i].d12;
      result.product.push_back(ScalarTraits<Base>::to_double(sum));
      if constexpr (std::is_same_v<Base, Mpfi>) result.enclosure.push_back(enclose(sum));
    }
  } catch (const ComparisonUndecided& e) {
    result = HessianVectorProduct{};
    result.differentiable = false;
    result.reason = located(e);
  }
  return result;
}

}  // namespace

HessianResult hessian_by_taylor(const CheckedProgram& program, const NormalForm<double>& input) {
  return hessian_by_hyper_duals<double>(program, input, HessianMethod::Taylor);
}

HessianResult hessian_by_interval(const CheckedProgram& program, const NormalForm<double>& input) {
  return hessian_by_hyper_duals<Mpfi>(program, input, HessianMethod::Interval);
}

HessianVectorProduct hessian_vector_product(HessianMethod method, const CheckedProgram& program,
                                            const NormalForm<double>& input, const std::vector<double>& cotangent,
                                            const std::vector<double>& seed) {
  CHAD_INTERNAL_ASSERT(method == HessianMethod::Taylor || method == HessianMethod::Interval,
                       "hessian_vector_product: taylor or interval only");
  if (method == HessianMethod::Interval) return hvp_by_hyper_duals<Mpfi>(program, input, cotangent, seed);
  return hvp_by_hyper_duals<double>(program, input, cotangent, seed);
}

}  // namespace chad
