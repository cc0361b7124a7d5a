// The `fd` method: central differences D(h) = (f(x + h e_j) - f(x - h e_j)) / 2h in MPFR
// (256 bits), refined by Richardson extrapolation over h, h/2, h/4, ... Since D(h) has an
// error series in h^2, h^4, ..., each extrapolation step T[k][m] = T[k][m-1] +
// (T[k][m-1] - T[k-1][m-1]) / (4^m - 1) removes one more term. No derivative formula of any
// primitive is used. Every perturbed evaluation must reach the same output index and the same
// comparison outcomes as the point itself; otherwise the point is within h of a place where
// the program is not differentiable, and the answer says so.
#include <cmath>
#include <optional>

#include "model/scalar.hpp"
#include "references/jacobian.hpp"
#include "references/not_differentiable.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

constexpr int kLevels = 6;                 // h, h/2, ..., h/32
// The first steps tried, h0 = 2^exponent * scale: relative to max(|x_j|, 1) first; when that
// fails (a domain boundary or a comparison within h of the point), relative to |x_j| itself
// (a point near 0 may sit next to a boundary at 0), then much smaller. MPFR's 266 bits leave
// about 200 correct bits in a difference quotient even at the smallest of these.
struct Step {
  int exponent;
  bool relative_to_point;  // scale = |x_j| (when non-zero) instead of max(|x_j|, 1)
};
constexpr Step kSteps[] = {{-20, false}, {-20, true}, {-40, true}};

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

// Why a perturbed evaluation is not comparable with the base one, or nullopt when it is.
std::optional<std::string> divergence(const Evaluation& base, const Evaluation& other) {
  if (base.index != other.index)
    return "the output's index changes from `" + base.index.to_string() + "` to `" +
           other.index.to_string() + "`";
  const std::size_t n = std::min(base.trace.size(), other.trace.size());
  for (std::size_t k = 0; k < n; ++k)
    if (base.trace[k].result != other.trace[k].result ||
        base.trace[k].loc.line != other.trace[k].loc.line ||
        base.trace[k].loc.col != other.trace[k].loc.col)
      return "the comparison at " + format_loc(base.trace[k].loc) + " changes outcome";
  if (base.trace.size() != other.trace.size())
    return std::string("the sequence of comparisons changes");
  return std::nullopt;
}

struct ColumnAttempt {
  std::vector<Mpfr> derivative;  // per output coordinate
  std::vector<Mpfr> error;       // Richardson error estimate
  std::string failure;           // non-empty when the attempt failed
};

ColumnAttempt differentiate_column(const CheckedProgram& program, const NormalForm<double>& input,
                                   const Evaluation& base, std::size_t j, Step step) {
  ColumnAttempt attempt;
  const std::size_t m = base.coords.size();
  std::vector<Mpfr> x;
  for (double c : input.coords) x.push_back(Mpfr(c));
  const double magnitude = std::fabs(input.coords[j]);
  const double scale = step.relative_to_point && magnitude > 0 ? magnitude : std::max(magnitude, 1.0);
  Mpfr h0 = ldexp(Mpfr(scale), step.exponent);
  // table[k][m']: Richardson tableau, one vector over outputs per cell.
  std::vector<std::vector<std::vector<Mpfr>>> table(kLevels);
  for (int k = 0; k < kLevels; ++k) {
    Mpfr h = ldexp(h0, -k);
    std::vector<Mpfr> plus_x = x, minus_x = x;
    plus_x[j] += h;
    minus_x[j] -= h;
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
      if (auto why = divergence(base, *side)) {
        attempt.failure = *why + " when input coordinate " + std::to_string(j) +
                          " moves by h = " + print_real(h.convert_to<double>());
        return attempt;
      }
    std::vector<Mpfr> central(m);
    for (std::size_t i = 0; i < m; ++i) central[i] = (plus.coords[i] - minus.coords[i]) / (2 * h);
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
    attempt.derivative.push_back(best[i]);
    attempt.error.push_back(abs(best[i] - previous[i]));
  }
  return attempt;
}

}  // namespace

JacobianResult jacobian_by_finite_differences(const CheckedProgram& program,
                                              const NormalForm<double>& input) {
  JacobianResult result = start_result(JacobianMethod::FiniteDifference, input);
  std::vector<Mpfr> x;
  for (double c : input.coords) x.push_back(Mpfr(c));
  Evaluation base = evaluate_at(program, input.index, x);
  result.output_index = base.index;
  for (const Mpfr& y : base.coords) result.output_coords.push_back(y.convert_to<double>());
  const std::size_t m = base.coords.size(), n = input.coords.size();
  result.jacobian.assign(m, std::vector<double>(n));
  result.error_estimate.assign(m, std::vector<double>(n));
  for (std::size_t j = 0; j < n; ++j) {
    ColumnAttempt attempt;
    for (Step step : kSteps) {
      attempt = differentiate_column(program, input, base, j, step);
      if (attempt.failure.empty()) break;
    }
    if (!attempt.failure.empty())
      return not_differentiable(std::move(result),
                                "at this point or within h of it: " + attempt.failure);
    for (std::size_t i = 0; i < m; ++i) {
      result.jacobian[i][j] = attempt.derivative[i].convert_to<double>();
      result.error_estimate[i][j] = attempt.error[i].convert_to<double>();
    }
  }
  return result;
}

}  // namespace chad
