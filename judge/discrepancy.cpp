#include "judge/discrepancy.hpp"

#include <cmath>

#include "judge/judge_faults.hpp"
#include "syntax/printer.hpp"

namespace chad {

namespace {

std::string interval_text(const Enclosure& e) { return "[" + print_real(e.lo) + ", " + print_real(e.hi) + "]"; }

bool bounded(const Enclosure& e) { return std::isfinite(e.lo) && std::isfinite(e.hi); }

}  // namespace

std::string format_discrepancy(const Discrepancy& d) {
  std::string text = "d output[" + std::to_string(d.output) + "] / d input[" + std::to_string(d.input) + "]: " + d.who;
  if (d.answer_is_number)
    return text + " gives " + print_real(d.answer.lo) + ", the certified reference encloses " + interval_text(d.certified);
  text += " encloses " + interval_text(d.answer) + ", the certified reference " + interval_text(d.certified);
  if (!bounded(d.answer) && enclosure_gap(d.answer, d.certified) == 0) text += " (an unbounded enclosure confirms nothing)";
  return text;
}

bool answer_confirmed(const Discrepancy& d) {
  const Enclosure& e = d.certified;
  if (!bounded(e)) return false;  // an unbounded reference confirms nothing either (verify's rule)
  if (d.answer_is_number) {
    const double got = d.answer.lo;
    if (!std::isfinite(got)) return false;  // (an infinite answer would widen its own band to the whole line)
    const double slack = d.tolerance * std::fmax(1.0, std::fabs(got));
    return got >= e.lo - slack && got <= e.hi + slack;
  }
  if (!(enclosure_gap(d.answer, e) == 0)) return false;  // disjoint (or NaN)
  return bounded(d.answer) || active_judge_faults.accept_unbounded_enclosure;
}

Judgement judge_entry(const Discrepancy& d) {
  if (answer_confirmed(d)) return {};
  return {Verdict::Fail, format_discrepancy(d), d};
}

}  // namespace chad
