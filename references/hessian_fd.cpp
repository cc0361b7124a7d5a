// The `fd` Hessian method: second central differences in MPFR (266 bits),
//   D(h) = [f(x + h_j e_j + h_k e_k) - f(x + h_j e_j - h_k e_k) - f(x - h_j e_j + h_k e_k)
//           + f(x - h_j e_j - h_k e_k)] / (4 h_j h_k)
// (for j = k the points x +- 2 h_j e_j and x twice), whose error series is in h^2, h^4, ..., so
// one Richardson step R = (4 D(h/2) - D(h)) / 3 leaves O(h^4); the error estimate is
// |R - D(h/2)| plus the rounding estimate. No derivative formula of any primitive is used.
// Every perturbed evaluation must reach the output index and comparison outcomes of the point
// itself, and must not carry atan2's arguments across its cut, hypot's through (0, 0) or norm's
// further than its distance from the zero vector
// (references/fd_kinks.hpp), otherwise a smaller step is tried, and when none is left the point
// is within h of a place where the program is not (twice) differentiable: "not differentiable
// here". Rounding:
// MPFI's enclosure widths at the smallest step's points, scaled from MPFI's precision to MPFR's,
// estimate the rounding error of the numerator; when it leaves fewer than kClaimedBits bits in
// an entry (the step is lost below the output's ulp), the answer is "cannot certify".
#include <cmath>
#include <limits>
#include <optional>

#include "model/scalar.hpp"
#include "references/fd_kinks.hpp"
#include "references/finite_result.hpp"
#include "references/hessian.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

constexpr int kStepExponents[] = {-20, -40};  // h_j = 2^e max(|x_j|, 1)
constexpr int kClaimedBits = 40;

struct Evaluation {
  Index index;
  std::vector<Mpfr> coords;
  std::vector<ComparisonRecord> trace;
};

Evaluation evaluate_at(const CheckedProgram& program, const Index& index, const std::vector<Mpfr>& x) {
  Evaluation e;
  std::vector<ComparisonRecord>* saved = comparison_trace;
  comparison_trace = &e.trace;
  try {
    ValueP<Mpfr> out = run_main<Mpfr>(program, rebuild<Mpfr>(program.input_type, index, x));
    NormalForm<Mpfr> nf = normal_form<Mpfr>(program.output_type, out);
    e.index = std::move(nf.index);
    e.coords = std::move(nf.coords);
  } catch (...) {
    comparison_trace = saved;
    throw;
  }
  comparison_trace = saved;
  return e;
}

// Why a perturbed evaluation is not comparable with the point's, or nullopt.
std::optional<std::string> divergence(const Evaluation& base, const Evaluation& other) {
  if (base.index != other.index)
    return "the output's index changes from `" + base.index.to_string() + "` to `" + other.index.to_string() + "`";
  if (base.trace.size() != other.trace.size()) return std::string("the sequence of comparisons changes");
  for (std::size_t k = 0; k < base.trace.size(); ++k) {
    if (base.trace[k].result != other.trace[k].result)
      return "the comparison at " + format_loc(base.trace[k].loc) + " changes outcome";
    if (crosses_a_cut(base.trace[k], other.trace[k]))  // (atan2's cut, hypot's point: no outcome changes)
      return crossing_text(base.trace[k]) + ": not differentiable here, as far as fd can tell";
    if (steps_past_a_point_kink(base.trace[k], other.trace[k]))
      return std::string("the step is longer than the distance of `") + base.trace[k].kink + "`'s arguments at " +
             format_loc(base.trace[k].loc) + " from its kink (0, 0): not differentiable here, as far as fd can tell";
    if (steps_past_norms_kink(base.trace, other.trace, k))
      return "the step moves the argument of `norm` at " + format_loc(base.trace[k].loc) +
             " further than its distance from its kink, the zero vector: not differentiable here, as far as fd can tell";
  }
  return std::nullopt;
}

// The sum of MPFI's enclosure widths of each output coordinate at `points`.
std::vector<Mpfr> width_sums(const CheckedProgram& program, const Index& index,
                             const std::vector<std::vector<Mpfr>>& points) {
  std::vector<Mpfr> sums;
  for (const auto& p : points) {
    std::vector<Mpfi> x(p.begin(), p.end());
    ValueP<Mpfi> out = run_main<Mpfi>(program, rebuild<Mpfi>(program.input_type, index, x));
    const NormalForm<Mpfi> nf = normal_form<Mpfi>(program.output_type, out);
    sums.resize(nf.coords.size(), Mpfr(0));
    for (std::size_t i = 0; i < nf.coords.size(); ++i)
      sums[i] += Mpfr(boost::multiprecision::upper(nf.coords[i])) - Mpfr(boost::multiprecision::lower(nf.coords[i]));
  }
  return sums;
}

struct EntryAttempt {
  std::vector<Mpfr> value, error;  // per output coordinate
  std::string failure;
  bool cannot_certify = false;
};

EntryAttempt second_difference(const CheckedProgram& program, const NormalForm<double>& input, const Evaluation& base,
                               std::size_t j, std::size_t k, int exponent) {
  EntryAttempt attempt;
  const std::size_t m = base.coords.size();
  std::vector<Mpfr> x(input.coords.begin(), input.coords.end());
  auto step = [&](std::size_t c) { return Mpfr(ldexp(Mpfr(std::fmax(std::fabs(input.coords[c]), 1.0)), exponent)); };
  const Mpfr hj0 = step(j), hk0 = step(k);
  std::vector<std::vector<Mpfr>> d;  // D(h), D(h/2)
  std::vector<std::vector<Mpfr>> smallest_points;
  Mpfr hj, hk;
  for (int level = 0; level < 2; ++level) {
    hj = ldexp(hj0, -level);
    hk = ldexp(hk0, -level);
    std::vector<Mpfr> numerator(m, Mpfr(0));
    smallest_points.clear();
    for (int sj : {1, -1})
      for (int sk : {1, -1}) {
        std::vector<Mpfr> p = x;
        p[j] += Mpfr(sj) * hj;
        p[k] += Mpfr(sk) * hk;
        smallest_points.push_back(p);
        Evaluation e;
        try {
          e = evaluate_at(program, input.index, p);
        } catch (const DomainError& err) {
          attempt.failure = "a perturbation by h = " + print_real(hj.convert_to<double>()) + " leaves the domain: " +
                            err.message();
          return attempt;
        } catch (const ComparisonUndecided& err) {
          attempt.failure = format_loc(err.loc()) + ": " + err.message();
          return attempt;
        }
        if (auto why = divergence(base, e)) {
          attempt.failure = "within h = " + print_real(hj.convert_to<double>()) + " of the point, " + *why;
          return attempt;
        }
        for (std::size_t i = 0; i < m; ++i) numerator[i] += Mpfr(sj * sk) * e.coords[i];
      }
    for (Mpfr& v : numerator) v /= Mpfr(4) * hj * hk;
    d.push_back(std::move(numerator));
  }
  std::vector<Mpfr> rounding;
  try {
    rounding = width_sums(program, input.index, smallest_points);
  } catch (const SourceError& e) {
    attempt.failure = "cannot certify: the rounding error of the second difference cannot be estimated (in MPFI, " +
                      e.message() + ")";
    attempt.cannot_certify = true;
    return attempt;
  }
  const int extra_bits = std::numeric_limits<Mpfr>::digits - std::numeric_limits<Mpfi>::digits;
  for (std::size_t i = 0; i < m; ++i) {
    const Mpfr r = (Mpfr(4) * d[1][i] - d[0][i]) / Mpfr(3);
    const Mpfr round = ldexp(rounding[i], -extra_bits) / (Mpfr(4) * hj * hk);
    const Mpfr scale = std::fmax(std::fabs(r.convert_to<double>()), 1.0);
    if (round > ldexp(Mpfr(scale), -kClaimedBits)) {
      attempt.failure = "cannot certify: the increments of output coordinate " + std::to_string(i) +
                        " are lost to rounding at h = " + print_real(hj.convert_to<double>());
      attempt.cannot_certify = true;
      return attempt;
    }
    attempt.value.push_back(r);
    attempt.error.push_back(abs(r - d[1][i]) + round);
  }
  return attempt;
}

}  // namespace

HessianResult hessian_by_finite_differences(const CheckedProgram& program, const NormalForm<double>& input) {
  HessianResult result;
  result.method = HessianMethod::FiniteDifference;
  result.input_index = input.index;
  result.input_coords = input.coords;
  Evaluation base;
  try {
    base = evaluate_at(program, input.index, std::vector<Mpfr>(input.coords.begin(), input.coords.end()));
  } catch (const ComparisonUndecided& e) {
    result.differentiable = false;
    result.reason = format_loc(e.loc()) + ": " + e.message();
    return result;
  }
  if (std::optional<std::string> kink = on_a_point_or_cut_kink(base.trace)) {  // as taylor and interval say
    result.differentiable = false;
    result.reason = *kink;
    return result;
  }
  for (const ComparisonRecord& r : base.trace)
    if (r.margin == 0) {  // another kink recorded at distance 0
      result.differentiable = false;
      result.reason = format_loc(r.loc) + ": the point is on a kink, where it is not differentiable";
      return result;
    }
  result.output_index = base.index;
  for (const Mpfr& y : base.coords) result.output_coords.push_back(y.convert_to<double>());
  const std::size_t n = input.coords.size(), m = base.coords.size();
  result.hessian.assign(m, Matrix(n, std::vector<double>(n)));
  result.error_estimate.assign(m, Matrix(n, std::vector<double>(n)));
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t k = j; k < n; ++k) {
      EntryAttempt attempt;
      for (int exponent : kStepExponents) {
        attempt = second_difference(program, input, base, j, k, exponent);
        if (attempt.failure.empty() || attempt.cannot_certify) break;
      }
      if (!attempt.failure.empty()) {
        result.differentiable = false;
        result.cannot_certify = attempt.cannot_certify;
        result.reason = attempt.failure;
        result.hessian.clear();
        result.error_estimate.clear();
        return result;
      }
      for (std::size_t i = 0; i < m; ++i) {
        result.hessian[i][j][k] = result.hessian[i][k][j] = attempt.value[i].convert_to<double>();
        result.error_estimate[i][j][k] = result.error_estimate[i][k][j] = attempt.error[i].convert_to<double>();
      }
    }
  return result;
}

}  // namespace chad
