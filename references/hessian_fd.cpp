// The `fd` Hessian method: second central differences in MPFR (266 bits),
//   D(h) = [f(x + h_j e_j + h_k e_k) - f(x + h_j e_j - h_k e_k) - f(x - h_j e_j + h_k e_k)
//           + f(x - h_j e_j - h_k e_k)] / (4 h_j h_k)
// (for j = k the points x +- 2 h_j e_j and x twice), whose error series is in h^2, h^4, ..., so
// two Richardson steps over D(h), D(h/2), D(h/4) leave O(h^6); the error estimate is the
// distance of that value from the last one-step value, plus the rounding estimate, trusted only
// where the differences of D settle and steps from h0 / sqrt 2 agree (a step too long for how
// fast the program varies is shortened, or "cannot certify" where MPFR cannot resolve a short
// enough one: x sin x at 1e100); shorter steps are then taken while the estimate tightens.
// No derivative formula of any primitive is used.
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

// h_j = 2^e max(|x_j|, 1): e = -20 first, then -40 where a comparison or kink is within h, or
// 2^-kStepStride shorter each time while the step is too long (below), down to what MPFR's 266
// bits resolve beside x_j with kClaimedBits + kSpareBits to spare.
constexpr int kFirstExponent = -20, kSecondExponent = -40, kStepStride = 20;
constexpr int kClaimedBits = 40, kSpareBits = 10;
// A step too long for how fast the program varies (sin x at 1e15: a scale of 1, steps of 1e9)
// gives second differences about f / h^2 at random, and their Richardson error estimate is as
// random: fd gave -0.0048 +- 0.0012 for the -8.6e14 of (x sin x)'' at -1e15. Two checks refuse
// such a step: D(h) - D(h/2) and D(h/2) - D(h/4) must shrink (by 4 where the h^2 term leads;
// at least by kShrinkFactor beyond rounding), and the same entry from steps h0 / sqrt 2
// (kSecondStepFactor: no power of 2 apart, so no alias of a period shared) must agree within
// the two error estimates.
constexpr double kShrinkFactor = 2;
constexpr double kSecondStepFactor = 0x1.6a09e667f3bcdp-1;

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
  bool step_too_long = false;  // the differences do not settle, or two step sequences disagree
  int exponent = 0;            // the step's: h_j = 2^exponent max(|x_j|, 1)
};

EntryAttempt second_difference(const CheckedProgram& program, const NormalForm<double>& input, const Evaluation& base,
                               std::size_t j, std::size_t k, int exponent, double factor) {
  EntryAttempt attempt;
  attempt.exponent = exponent;
  const std::size_t m = base.coords.size();
  std::vector<Mpfr> x(input.coords.begin(), input.coords.end());
  auto scale = [&](std::size_t c) { return Mpfr(std::fmax(std::fabs(input.coords[c]), 1.0)); };
  auto step = [&](std::size_t c) { return Mpfr(ldexp(scale(c) * factor, exponent)); };
  const int resolved_bits = std::numeric_limits<Mpfr>::digits - kClaimedBits - kSpareBits;
  for (std::size_t c : {j, k})
    if (ldexp(scale(c), -resolved_bits) > ldexp(step(c), -2)) {
      attempt.failure = "cannot certify: a step h = " + print_real(ldexp(step(c), -2).convert_to<double>()) +
                        " is below what MPFR's " + std::to_string(std::numeric_limits<Mpfr>::digits) +
                        " bits resolve beside input coordinate " + std::to_string(c) + " = " +
                        print_real(input.coords[c]) + " with " + std::to_string(kClaimedBits) + " bits to spare";
      attempt.cannot_certify = true;
      return attempt;
    }
  const Mpfr hj0 = step(j), hk0 = step(k);
  std::vector<std::vector<Mpfr>> d;  // D(h), D(h/2), D(h/4)
  std::vector<std::vector<Mpfr>> smallest_points;
  Mpfr hj, hk;
  for (int level = 0; level < 3; ++level) {
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
    // Two Richardson steps: R1 from D(h), D(h/2); R1' from D(h/2), D(h/4); R2 = (16 R1' - R1) / 15
    // = (64 D(h/4) - 20 D(h/2) + D(h)) / 45, whose coefficients' absolute values sum to < 2.
    const Mpfr r1 = (Mpfr(4) * d[1][i] - d[0][i]) / Mpfr(3), r1_later = (Mpfr(4) * d[2][i] - d[1][i]) / Mpfr(3);
    const Mpfr r = (Mpfr(16) * r1_later - r1) / Mpfr(15);
    const Mpfr round = ldexp(rounding[i], -extra_bits) / (Mpfr(4) * hj * hk);  // D(h/4)'s
    const Mpfr scale = std::fmax(std::fabs(r.convert_to<double>()), 1.0);
    if (round > ldexp(Mpfr(scale), -kClaimedBits)) {
      attempt.failure = "cannot certify: the increments of output coordinate " + std::to_string(i) +
                        " are lost to rounding at h = " + print_real(hj.convert_to<double>());
      attempt.cannot_certify = true;
      return attempt;
    }
    // (D(h/2)'s rounding is about a quarter of D(h/4)'s: the two differences' below 2 round.)
    const Mpfr noise = Mpfr(2) * round + ldexp(Mpfr(abs(d[2][i])), -200);
    if (abs(d[1][i] - d[2][i]) > abs(d[0][i] - d[1][i]) / kShrinkFactor + noise) {
      attempt.failure = "the second differences of output coordinate " + std::to_string(i) + " do not settle as h halves (" +
                        print_real(d[0][i].convert_to<double>()) + ", " + print_real(d[1][i].convert_to<double>()) +
                        ", " + print_real(d[2][i].convert_to<double>()) + " at h = " +
                        print_real(hj0.convert_to<double>()) + ", h/2, h/4): the step is too long for how fast the "
                        "program varies there";
      attempt.step_too_long = true;
      return attempt;
    }
    attempt.value.push_back(r);
    attempt.error.push_back(abs(r - r1_later) + Mpfr(2) * round);
  }
  return attempt;
}

// second_difference from h0 and from h0 / sqrt 2; the error is the first's plus their distance.
EntryAttempt second_difference_twice(const CheckedProgram& program, const NormalForm<double>& input,
                                     const Evaluation& base, std::size_t j, std::size_t k, int exponent) {
  EntryAttempt first = second_difference(program, input, base, j, k, exponent, 1);
  if (!first.failure.empty()) return first;
  EntryAttempt second = second_difference(program, input, base, j, k, exponent, kSecondStepFactor);
  if (!second.failure.empty()) return second;
  for (std::size_t i = 0; i < first.value.size(); ++i) {
    const Mpfr apart = abs(first.value[i] - second.value[i]);
    if (apart > first.error[i] + second.error[i]) {
      first.failure = "the second differences of output coordinate " + std::to_string(i) +
                      " from steps h0 and h0 / sqrt 2 disagree (" + print_real(first.value[i].convert_to<double>()) +
                      " +- " + print_real(first.error[i].convert_to<double>()) + " and " +
                      print_real(second.value[i].convert_to<double>()) + " +- " +
                      print_real(second.error[i].convert_to<double>()) +
                      "): the step is too long for how fast the program varies there";
      first.step_too_long = true;
      return first;
    }
    first.error[i] += apart;
  }
  return first;
}

// The largest error estimate of an attempt relative to max(|value|, 1).
Mpfr relative_error(const EntryAttempt& a) {
  Mpfr worst = 0;
  for (std::size_t i = 0; i < a.value.size(); ++i)
    worst = std::max(worst, Mpfr(a.error[i] / std::max(Mpfr(abs(a.value[i])), Mpfr(1))));
  return worst;
}

// The first step that settles may be just short enough (x sin x at 1e30: h = 0.8 against sin's
// scale of 1, an estimate of 5% of the entry): shorter steps are tried while their estimate is
// tighter, until rounding or MPFR's precision takes over. `found` succeeded at found.exponent.
EntryAttempt shortened_while_tighter(const CheckedProgram& program, const NormalForm<double>& input,
                                     const Evaluation& base, std::size_t j, std::size_t k, EntryAttempt found) {
  if (!found.failure.empty()) return found;
  for (;;) {
    EntryAttempt shorter = second_difference_twice(program, input, base, j, k, found.exponent - kStepStride);
    if (!shorter.failure.empty() || !(relative_error(shorter) < relative_error(found))) return found;
    found = std::move(shorter);
  }
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
      std::string too_long;  // the last step found too long, if any
      for (int exponent = kFirstExponent;;) {
        attempt = second_difference_twice(program, input, base, j, k, exponent);
        if (attempt.failure.empty() || attempt.cannot_certify) break;
        if (attempt.step_too_long) {
          too_long = attempt.failure;
          exponent -= kStepStride;
        } else if (exponent == kFirstExponent) {
          exponent = kSecondExponent;
        } else {
          break;
        }
      }
      if (attempt.cannot_certify && !too_long.empty()) attempt.failure += "; at longer steps " + too_long;
      attempt = shortened_while_tighter(program, input, base, j, k, std::move(attempt));
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
