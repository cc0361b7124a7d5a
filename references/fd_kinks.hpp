// The kinks finite differences cannot see by comparison outcomes, shared by the fd Jacobian
// (references/jacobian_fd.cpp) and the fd Hessian (references/hessian_fd.cpp): hypot's point
// (0, 0) and atan2's cut y = 0, x <= 0, which the evaluator records (semantics/
// primitive_ops_second_set.cpp) with their distance as the margin and their arguments, but
// without a side that changes (a difference quotient straddling them gives a number: 0 at
// hypot's point, 2 pi / 2h across the cut). In atan2's record `x` is its first argument (y)
// and `y` its second (x); in hypot's, its two arguments. norm's kink, the zero vector, is a
// run of records, one per entry (semantics/array_primitive_ops.cpp): the entry in `x`, the
// norm in `y` (a central difference through it gives 0: |v + dv| = |v - dv| at v = 0).
#pragma once
#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "semantics/evaluate.hpp"
#include "syntax/printer.hpp"

namespace chad {

inline bool is_kink(const ComparisonRecord& r, const char* name) {
  return r.kink != nullptr && std::strcmp(r.kink, name) == 0;
}

// "`hypot` is not differentiable here ..." when the point itself is on one (margin 0).
inline std::optional<std::string> on_a_point_or_cut_kink(const std::vector<ComparisonRecord>& trace) {
  for (const ComparisonRecord& r : trace) {
    if (r.margin != 0) continue;
    if (is_kink(r, "hypot"))
      return format_loc(r.loc) + ": `hypot` is not differentiable here: its arguments are at its kink (0, 0)";
    if (is_kink(r, "atan2"))
      return format_loc(r.loc) + ": `atan2` is not differentiable here: (y, x) = (" + print_real(r.x) + ", " +
             print_real(r.y) + ") is on its cut y = 0, x <= 0, where the angle jumps from pi to -pi";
    if (is_kink(r, "norm"))
      return format_loc(r.loc) + ": `norm` is not differentiable here: its argument is the zero vector, its kink";
  }
  return std::nullopt;
}

// Whether a perturbation moved atan2's (y, x) across its cut (y changes sign where x < 0 on
// either side) or hypot's (x, y) through its point (one argument 0 on both sides, the other
// changing sign): the records' outcomes do not show it.
inline bool crosses_a_cut(const ComparisonRecord& a, const ComparisonRecord& b) {
  if (is_kink(a, "atan2")) return (a.y < 0 || b.y < 0) && std::signbit(a.x) != std::signbit(b.x);
  if (is_kink(a, "hypot"))
    return (a.x == 0 && b.x == 0 && std::signbit(a.y) != std::signbit(b.y)) ||
           (a.y == 0 && b.y == 0 && std::signbit(a.x) != std::signbit(b.x));
  return false;
}

// Whether a perturbation from `a` to `b` moved hypot's or atan2's arguments further than their
// distance from (0, 0) (hypot's kink; atan2's singular point, the end of its cut): a second
// difference over such a step straddles a curvature of order 1 / distance (the Hessian method
// refuses it; a smaller step may still see the point as differentiable).
inline bool steps_past_a_point_kink(const ComparisonRecord& a, const ComparisonRecord& b) {
  if (!is_kink(a, "hypot") && !is_kink(a, "atan2")) return false;
  return std::hypot(a.x, a.y) < std::hypot(b.x - a.x, b.y - a.y);
}

// Whether the run of norm's records starting at trace index k (consecutive "norm" records at
// one location: one call, or several calls whose runs are then judged together, which only
// refuses more) moved the vector from `a` to `b` further than its distance from the zero
// vector, its kink. False where k does not start such a run.
inline bool steps_past_norms_kink(const std::vector<ComparisonRecord>& a, const std::vector<ComparisonRecord>& b,
                                  std::size_t k) {
  auto in_run = [&](std::size_t i) {
    return i < a.size() && i < b.size() && is_kink(a[i], "norm") && is_kink(b[i], "norm") &&
           a[i].loc.line == a[k].loc.line && a[i].loc.col == a[k].loc.col;
  };
  if (!in_run(k) || (k > 0 && in_run(k - 1))) return false;
  double distance = a[k].y, largest = 0;
  std::size_t end = k;
  for (; in_run(end); ++end) {
    distance = std::fmin(distance, a[end].y);
    largest = std::fmax(largest, std::fabs(b[end].x - a[end].x));
  }
  if (largest == 0) return false;
  double sum = 0;  // of (displacement / largest)^2: no overflow or underflow
  for (std::size_t i = k; i < end; ++i) sum += std::pow((b[i].x - a[i].x) / largest, 2);
  return distance < largest * std::sqrt(sum);
}

// "the arguments of `atan2` at F:L:C cross its cut y = 0, x < 0" for crosses_a_cut's records.
inline std::string crossing_text(const ComparisonRecord& r) {
  return std::string("the arguments of `") + r.kink + "` at " + format_loc(r.loc) +
         (is_kink(r, "atan2") ? " cross its cut y = 0, x < 0" : " pass through its kink (0, 0)");
}

}  // namespace chad
