// The `fd` method: central differences D(h) = (f(x + h e_j) - f(x - h e_j)) / 2h in MPFR
// (256 bits), refined by Richardson extrapolation over h, h/2, h/4, ... Since D(h) has an
// error series in h^2, h^4, ..., each extrapolation step T[k][m] = T[k][m-1] +
// (T[k][m-1] - T[k-1][m-1]) / (4^m - 1) removes one more term. No derivative formula of any
// primitive is used. Every perturbed evaluation must reach the same output index and the same
// comparison outcomes as the point itself; otherwise the point is within h of a place where
// the program is not differentiable, and the answer says so; so is a point on hypot's kink,
// atan2's cut or norm's zero vector, or a step across them or longer than the distance to
// them (whose recorded outcomes do not change: references/fd_kinks.hpp).
// Richardson's error estimate holds only where h is small against the scale on which the
// function varies (sin x at x = 1e15 varies on a scale of 1, not of 1e15): the differences
// D(h) - D(h/2), D(h/2) - D(h/4), ... must shrink, as their h^2 term makes them (by 4 each),
// not grow or wander as they do where h is too long; when they do not, a step 2^-20 smaller is
// tried, down to the smallest step MPFR's 266 bits resolve beside x_j with room for the
// claimed bits, then "cannot certify".
// The answer is honest about rounding: when a perturbed input rounds back to the point, or
// when the rounding error of the output increments (estimated by evaluating the smallest step
// again in MPFI intervals and scaling their width from MPFI's precision to MPFR's) leaves
// fewer than kClaimedBits significant bits in a difference quotient (e.g. `1e100 + x`, whose
// step is lost below the ulp of 1e100), the result is "cannot certify", not a number; a
// smaller rounding error is added to the error estimate.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <optional>

#include "model/scalar.hpp"
#include "references/fd_kinks.hpp"
#include "references/finite_result.hpp"
#include "references/jacobian.hpp"
#include "references/not_differentiable.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

constexpr int kLevels = 6;                 // h, h/2, ..., h/32
// The first steps tried, h0 = 2^exponent * scale: relative to max(|x_j|, 1) first; when that
// fails (a domain boundary or a comparison within h of the point), relative to |x_j| itself
// (a point near 0 may sit next to a boundary at 0), then much smaller; past these a comparison
// flipping says "not differentiable here", as before. A step too long (D(h) does not settle,
// or past these it passes further than a point kink's distance) is followed by one
// 2^-kStepStride shorter on the same scale, while MPFR resolves it.
struct Step {
  int exponent;
  bool relative_to_point;  // scale = |x_j| (when non-zero) instead of max(|x_j|, 1)
};
double step_scale(Step step, double magnitude) {
  return step.relative_to_point && magnitude > 0 ? magnitude : std::max(magnitude, 1.0);
}
constexpr Step kFirstSteps[] = {{-20, false}, {-20, true}, {-40, true}};
constexpr int kStepStride = 20;

// fd claims each entry to 2^-kClaimedBits relative to max(|entry|, 1) at least.
constexpr int kClaimedBits = 40;
// The smallest step h/32 must be at least 2^-(266 - kClaimedBits - kSpareBits) |x_j|: x_j +- h
// then round in MPFR by at most 2^-(kClaimedBits + kSpareBits) of the step.
constexpr int kSpareBits = 10;
// Consecutive differences of D must shrink at least by this factor (4 where the h^2 term
// leads, 16 where h^4 does), beyond the rounding noise, for Richardson's estimate to hold.
constexpr double kShrinkFactor = 2;
// The second sequence of steps starts at h0 times this (1 / sqrt 2 rounded to double): no
// power of 2 apart from the first (differentiate_column_twice).
constexpr double kSecondStepFactor = 0x1.6a09e667f3bcdp-1;
// Richardson's value is a combination of D(h), ..., D(h/32) whose coefficients' absolute
// values sum to prod_{m=1..5} (4^m + 1) / (4^m - 1) < 2; rounding in D(h/32) is the largest.
constexpr double kRichardsonGain = 2;

struct Evaluation {
  Index index;
  std::vector<Mpfr> coords;
  std::vector<ComparisonRecord> trace;
};

// Restores the evaluator's comparison trace pointer when a scope ends.
class TraceScope {
 public:
  explicit TraceScope(std::vector<ComparisonRecord>* trace) : saved_(comparison_trace) {
    comparison_trace = trace;
  }
  ~TraceScope() { comparison_trace = saved_; }

 private:
  std::vector<ComparisonRecord>* saved_;
};

Evaluation evaluate_at(const CheckedProgram& program, const Index& input_index,
                       const std::vector<Mpfr>& coords) {
  Evaluation e;
  TraceScope scope(&e.trace);
  ValueP<Mpfr> out = run_main<Mpfr>(program, rebuild<Mpfr>(program.input_type, input_index, coords));
  NormalForm<Mpfr> nf = normal_form<Mpfr>(program.output_type, out);
  e.index = std::move(nf.index);
  e.coords = std::move(nf.coords);
  return e;
}

// Why a perturbed evaluation is not comparable with the base one. `step_too_long` when the
// step only passed further than the distance to a point kink (hypot's, atan2's end, norm's zero
// vector): a shorter step may still find the point differentiable.
struct Divergence {
  std::string why;
  bool step_too_long = false;
};
std::optional<Divergence> divergence(const Evaluation& base, const Evaluation& other) {
  if (base.index != other.index)
    return Divergence{"the output's index changes from `" + base.index.to_string() + "` to `" +
                      other.index.to_string() + "`"};
  const std::size_t n = std::min(base.trace.size(), other.trace.size());
  for (std::size_t k = 0; k < n; ++k) {
    if (base.trace[k].result != other.trace[k].result ||
        base.trace[k].loc.line != other.trace[k].loc.line ||
        base.trace[k].loc.col != other.trace[k].loc.col)
      return Divergence{"the comparison at " + format_loc(base.trace[k].loc) + " changes outcome"};
    if (crosses_a_cut(base.trace[k], other.trace[k])) return Divergence{crossing_text(base.trace[k])};
    if (steps_past_a_point_kink(base.trace[k], other.trace[k]))  // (a quotient over it: 0 at hypot's)
      return Divergence{std::string("the step is longer than the distance of `") + base.trace[k].kink +
                            "`'s arguments at " + format_loc(base.trace[k].loc) + " from its kink (0, 0)",
                        true};
    if (steps_past_norms_kink(base.trace, other.trace, k))
      return Divergence{"the step moves the argument of `norm` at " + format_loc(base.trace[k].loc) +
                            " further than its distance from its kink, the zero vector",
                        true};
  }
  if (base.trace.size() != other.trace.size()) return Divergence{"the sequence of comparisons changes"};
  return std::nullopt;
}

struct ColumnAttempt {
  std::vector<Mpfr> derivative;  // per output coordinate
  std::vector<Mpfr> error;       // Richardson error estimate plus the rounding estimate
  std::string failure;           // non-empty when the attempt failed
  bool cannot_certify = false;   // the failure is rounding: the step was lost
  bool not_converged = false;    // the failure is the step's length: D(h) did not converge
  bool step_too_long = false;    // so is this one (not_converged, or a step past a point kink)
};

// The width of each output coordinate's enclosure when the program runs in MPFI at `coords`.
std::vector<Mpfr> enclosure_widths(const CheckedProgram& program, const Index& input_index,
                                   const std::vector<Mpfr>& coords) {
  std::vector<Mpfi> x;
  for (const Mpfr& c : coords) x.push_back(Mpfi(c));
  ValueP<Mpfi> out = run_main<Mpfi>(program, rebuild<Mpfi>(program.input_type, input_index, x));
  std::vector<Mpfr> widths;
  for (const Mpfi& y : normal_form<Mpfi>(program.output_type, out).coords)
    widths.push_back(Mpfr(boost::multiprecision::upper(y)) - Mpfr(boost::multiprecision::lower(y)));
  return widths;
}

// An estimate of the rounding error in each output increment f(x + h e_j) - f(x - h e_j) as
// MPFR computes it: MPFI's enclosure widths at the same points bound the error of 133-bit
// arithmetic; the same operations in 266 bits err 2^-(266 - 133) times as much. nullopt, with
// the reason in `why`, when MPFI cannot evaluate there (an undecided comparison or domain).
std::optional<std::vector<Mpfr>> increment_rounding(const CheckedProgram& program,
                                                    const Index& input_index,
                                                    const std::vector<Mpfr>& plus_x,
                                                    const std::vector<Mpfr>& minus_x, std::string& why) {
  std::vector<Mpfr> plus, minus;
  try {
    plus = enclosure_widths(program, input_index, plus_x);
    minus = enclosure_widths(program, input_index, minus_x);
  } catch (const ComparisonUndecided& e) {
    why = "in MPFI, " + e.message();
    return std::nullopt;
  } catch (const DomainError& e) {
    why = "in MPFI, " + e.message();
    return std::nullopt;
  }
  const int extra_bits = std::numeric_limits<Mpfr>::digits - std::numeric_limits<Mpfi>::digits;
  std::vector<Mpfr> rounding(plus.size());
  for (std::size_t i = 0; i < plus.size(); ++i) rounding[i] = ldexp(plus[i] + minus[i], -extra_bits);
  return rounding;
}

// Whether the central differences D(h), D(h/2), ... of output coordinate i (column 0 of the
// tableau) fail to settle: each difference D(h/2^k) - D(h/2^(k+1)) must be at most
// 1/kShrinkFactor of the one before, up to `noise` (the rounding of two of them) and 2^-200 of
// D. Where h is too long against the scale on which the function varies (sin at 1e15, steps of
// 1e9), D(h) is about sin(h) / h: the differences grow or wander, and extrapolating them gives a
// number with an error estimate as small as it is wrong. The values, when it fails.
std::optional<std::string> unsettled(const std::vector<std::vector<std::vector<Mpfr>>>& table, std::size_t i,
                                     const Mpfr& noise) {
  const Mpfr floor = noise + ldexp(Mpfr(abs(table[kLevels - 1][0][i])), -200);
  for (int k = 0; k + 2 < kLevels; ++k) {
    const Mpfr earlier = abs(table[k][0][i] - table[k + 1][0][i]);
    const Mpfr later = abs(table[k + 1][0][i] - table[k + 2][0][i]);
    if (later > earlier / kShrinkFactor + floor) {
      std::string values;
      for (int l = 0; l < kLevels; ++l)
        values += (l ? ", " : "D = ") + print_real(table[l][0][i].convert_to<double>());
      return values;
    }
  }
  return std::nullopt;
}

ColumnAttempt differentiate_column(const CheckedProgram& program, const NormalForm<double>& input,
                                   const Evaluation& base, std::size_t j, Step step, double factor) {
  ColumnAttempt attempt;
  const std::size_t m = base.coords.size();
  std::vector<Mpfr> x;
  for (double c : input.coords) x.push_back(Mpfr(c));
  const double magnitude = std::fabs(input.coords[j]);
  const double scale = step_scale(step, magnitude);
  Mpfr h0 = ldexp(Mpfr(scale) * factor, step.exponent);
  const int resolved_bits = std::numeric_limits<Mpfr>::digits - kClaimedBits - kSpareBits;
  // (At x_j = 0 every step is exact; the same floor relative to 1 ends the search.)
  if (ldexp(Mpfr(magnitude > 0 ? magnitude : 1.0), -resolved_bits) > ldexp(h0, -(kLevels - 1))) {
    attempt.failure = "cannot certify: a step h = " + print_real(ldexp(h0, -(kLevels - 1)).convert_to<double>()) +
                      " is below what MPFR's " + std::to_string(std::numeric_limits<Mpfr>::digits) +
                      " bits resolve beside input coordinate " + std::to_string(j) + " = " +
                      print_real(input.coords[j]) + " with " + std::to_string(kClaimedBits) + " bits to spare";
    attempt.cannot_certify = true;
    return attempt;
  }
  // table[k][m']: Richardson tableau, one vector over outputs per cell.
  std::vector<std::vector<std::vector<Mpfr>>> table(kLevels);
  std::vector<Mpfr> rounding;  // the rounding estimate of each output's final value
  Mpfr smallest_h;
  for (int k = 0; k < kLevels; ++k) {
    Mpfr h = ldexp(h0, -k);
    std::vector<Mpfr> plus_x = x, minus_x = x;
    plus_x[j] += h;
    minus_x[j] -= h;
    if (plus_x[j] == x[j] || minus_x[j] == x[j]) {
      attempt.failure = "cannot certify: the step h = " + print_real(h.convert_to<double>()) +
                        " is lost when added to input coordinate " + std::to_string(j) +
                        " (it rounds back to the point)";
      attempt.cannot_certify = true;
      return attempt;
    }
    const Mpfr step = (plus_x[j] - minus_x[j]) / 2;  // h, or what rounding left of it
    Evaluation plus, minus;
    try {
      plus = evaluate_at(program, input.index, plus_x);
      minus = evaluate_at(program, input.index, minus_x);
    } catch (const DomainError& e) {
      attempt.failure = "a perturbation by h = " + print_real(h.convert_to<double>()) +
                        " of input coordinate " + std::to_string(j) +
                        " leaves a primitive's domain (" + e.message() + ")";
      return attempt;
    }
    for (const Evaluation* side : {&plus, &minus})
      if (auto d = divergence(base, *side)) {
        attempt.step_too_long = d->step_too_long;
        attempt.failure = d->why + " when input coordinate " + std::to_string(j) +
                          " moves by h = " + print_real(h.convert_to<double>());
        return attempt;
      }
    std::vector<Mpfr> central(m);
    for (std::size_t i = 0; i < m; ++i) central[i] = (plus.coords[i] - minus.coords[i]) / (2 * step);
    if (k == kLevels - 1) {
      std::string why;
      std::optional<std::vector<Mpfr>> estimate = increment_rounding(program, input.index, plus_x, minus_x, why);
      if (!estimate) {
        attempt.failure = "cannot certify: the rounding error of the difference quotient at h = " +
                          print_real(h.convert_to<double>()) + " cannot be estimated (" + why + ")";
        attempt.cannot_certify = true;
        return attempt;
      }
      rounding = std::move(*estimate);
      for (Mpfr& r : rounding) r = kRichardsonGain * r / (2 * step);
      smallest_h = h;
    }
    table[k].push_back(std::move(central));
    Mpfr factor = 1;
    for (int level = 1; level <= k; ++level) {
      factor *= 4;
      std::vector<Mpfr> refined(m);
      for (std::size_t i = 0; i < m; ++i)
        refined[i] = table[k][level - 1][i] +
                     (table[k][level - 1][i] - table[k - 1][level - 1][i]) / (factor - 1);
      table[k].push_back(std::move(refined));
    }
  }
  const auto& best = table[kLevels - 1][kLevels - 1];
  const auto& previous = table[kLevels - 2][kLevels - 2];
  for (std::size_t i = 0; i < m; ++i) {
    const Mpfr claimed = ldexp(std::max(Mpfr(abs(best[i])), Mpfr(1)), -kClaimedBits);
    if (rounding[i] > claimed) {
      attempt.failure = "cannot certify: the increments of output coordinate " + std::to_string(i) +
                        " when input coordinate " + std::to_string(j) + " moves by h = " +
                        print_real(smallest_h.convert_to<double>()) + " are lost to rounding (error about " +
                        print_real(rounding[i].convert_to<double>()) + " in a difference quotient of " +
                        print_real(best[i].convert_to<double>()) + ": fewer than " +
                        std::to_string(kClaimedBits) + " bits left)";
      attempt.cannot_certify = true;
      return attempt;
    }
  }
  for (std::size_t i = 0; i < m; ++i)
    if (std::optional<std::string> why = unsettled(table, i, 2 * rounding[i])) {
      attempt.failure = "the difference quotients of output coordinate " + std::to_string(i) + " for input coordinate " +
                        std::to_string(j) + " do not settle as h halves from " + print_real(h0.convert_to<double>()) +
                        " (" + *why + "): the step is too long for how fast the program varies there";
      attempt.not_converged = attempt.step_too_long = true;
      return attempt;
    }
  for (std::size_t i = 0; i < m; ++i) {
    attempt.derivative.push_back(best[i]);
    attempt.error.push_back(abs(best[i] - previous[i]) + rounding[i]);
  }
  return attempt;
}

// differentiate_column at h0 and again at h0 / sqrt 2, whose values must agree within their
// error estimates. A step much longer than the scale on which the program varies can still
// look settled: x sin x at x = 1e20 with h0 = 2^-20 x = 5^20, near a multiple of 64 pi, gives
// D(h0 / 2^k) = x cos x sin(h) / h + sin x cos h varying smoothly in h, and -551,094.03 +-
// 3e-10 where the derivative is 7.6e19. Such an alias is a coincidence of h0 with the period;
// an irrational multiple of h0 does not share it, and the two disagree. The error is then
// the first one's plus their difference.
ColumnAttempt differentiate_column_twice(const CheckedProgram& program, const NormalForm<double>& input,
                                         const Evaluation& base, std::size_t j, Step step) {
  ColumnAttempt first = differentiate_column(program, input, base, j, step, 1);
  if (!first.failure.empty()) return first;
  ColumnAttempt second = differentiate_column(program, input, base, j, step, kSecondStepFactor);
  if (!second.failure.empty()) return second;
  for (std::size_t i = 0; i < first.derivative.size(); ++i) {
    const Mpfr apart = abs(first.derivative[i] - second.derivative[i]);
    if (apart > first.error[i] + second.error[i]) {
      first.failure = "the extrapolations of output coordinate " + std::to_string(i) + " for input coordinate " +
                      std::to_string(j) + " from steps h0 and h0 / sqrt 2 disagree (" +
                      print_real(first.derivative[i].convert_to<double>()) + " +- " +
                      print_real(first.error[i].convert_to<double>()) + " and " +
                      print_real(second.derivative[i].convert_to<double>()) + " +- " +
                      print_real(second.error[i].convert_to<double>()) +
                      "): the step is too long for how fast the program varies there";
      first.not_converged = first.step_too_long = true;
      return first;
    }
    first.error[i] += apart;
  }
  return first;
}

// log2 of a step's first length h0 at a coordinate of magnitude |x_j|.
double log2_length(Step step, double magnitude) {
  return step.exponent + std::log2(step_scale(step, magnitude));
}

}  // namespace

JacobianResult jacobian_by_finite_differences(const CheckedProgram& program,
                                              const NormalForm<double>& input,
                                              const ReferenceOptions& options) {
  JacobianResult result = start_result(JacobianMethod::FiniteDifference, input);
  result.selected_cols = options.columns;
  const std::vector<std::size_t> selected = columns_to_compute(options, input);
  std::vector<Mpfr> x;
  for (double c : input.coords) x.push_back(Mpfr(c));
  Evaluation base = evaluate_at(program, input.index, x);
  result.output_index = base.index;
  for (const Mpfr& y : base.coords) result.output_coords.push_back(y.convert_to<double>());
  if (std::optional<std::string> kink = on_a_point_or_cut_kink(base.trace)) return not_differentiable(std::move(result), *kink);
  const std::size_t m = base.coords.size(), n = selected.size();
  result.jacobian.assign(m, std::vector<double>(n));
  result.error_estimate.assign(m, std::vector<double>(n));
  for (std::size_t j = 0; j < n; ++j) {
    ColumnAttempt attempt;
    std::string unsettled_failure;  // the last failure to converge, if any
    Step step = kFirstSteps[0];
    std::size_t next_first = 1;
    for (;;) {
      attempt = differentiate_column_twice(program, input, base, selected[j], step);
      if (attempt.not_converged) unsettled_failure = attempt.failure;
      if (attempt.failure.empty() || attempt.cannot_certify) break;  // smaller steps lose more
      // A comparison, a domain's edge or a point kink within h: the next of the first steps
      // shorter than this one; past them, only a step too long is tried shorter, on its scale,
      // until MPFR's precision ends it (cannot certify). D(h) not settling goes there at once
      // (sin at 1e15: a shorter step on the scale of |x_j|; at a tiny x_j, of 1).
      const double magnitude = std::fabs(input.coords[selected[j]]);
      while (next_first < std::size(kFirstSteps) &&
             log2_length(kFirstSteps[next_first], magnitude) >= log2_length(step, magnitude))
        ++next_first;
      if (next_first < std::size(kFirstSteps) && !attempt.not_converged) {
        step = kFirstSteps[next_first++];
      } else if (attempt.step_too_long) {
        step.exponent -= kStepStride;
      } else {
        break;
      }
    }
    if (attempt.cannot_certify && !unsettled_failure.empty())
      attempt.failure += "; at longer steps " + unsettled_failure;
    if (attempt.cannot_certify) {
      result = not_differentiable(std::move(result), attempt.failure);
      result.cannot_certify = true;
      return result;
    }
    if (!attempt.failure.empty())
      return not_differentiable(std::move(result),
                                "at this point or within h of it: " + attempt.failure);
    for (std::size_t i = 0; i < m; ++i) {
      result.jacobian[i][j] = attempt.derivative[i].convert_to<double>();
      result.error_estimate[i][j] = attempt.error[i].convert_to<double>();
    }
  }
  require_finite_result(program, result);
  return result;
}

JacobianResult jacobian_by_finite_differences(const CheckedProgram& program,
                                              const NormalForm<double>& input) {
  return jacobian_by_finite_differences(program, input, ReferenceOptions{});
}

}  // namespace chad
