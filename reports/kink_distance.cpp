#include "reports/kink_distance.hpp"

#include <cmath>
#include <string_view>
#include <vector>

#include "syntax/printer.hpp"

namespace chad {

std::string describe_kink_distance(const ComparisonRecord& r) {
  const std::string name = r.kink, distance = print_real(r.margin);
  const std::string at = format_loc(r.loc);
  if (name == "abs")
    return name + "'s argument x = " + print_real(r.x) + " (" + at + ") is " + distance + " from its kink at 0";
  if (name == "max" || name == "min")
    return name + "'s arguments " + print_real(r.x) + " and " + print_real(r.y) + " (" + at + ") are " + distance +
           " from its kink x = y (a tie)";
  if (name == "norm")  // (one record per entry: x the entry, y the norm)
    return "norm's argument (" + at + ") is " + distance + " from its kink, the zero vector";
  if (name == "hypot")
    return "hypot's arguments (" + print_real(r.x) + ", " + print_real(r.y) + ") (" + at + ") are " + distance +
           " from its kink (0, 0)";
  return "atan2's arguments (y, x) = (" + print_real(r.x) + ", " + print_real(r.y) + ") (" + at + ") are " +
         distance + " from its cut y = 0, x <= 0";
}

std::optional<std::string> nearest_kink(const CheckedProgram& program, const NormalForm<double>& input) {
  std::vector<ComparisonRecord> trace;
  std::vector<ComparisonRecord>* saved = comparison_trace;
  comparison_trace = &trace;
  try {
    run_main<double>(program, rebuild<double>(program.input_type, input.index, input.coords));
  } catch (...) {  // no value here (a domain error, an overflow): what was met so far still counts
  }
  comparison_trace = saved;
  const ComparisonRecord* nearest = nullptr;
  for (const ComparisonRecord& r : trace)
    if (r.kink && (!nearest || r.margin < nearest->margin)) nearest = &r;
  if (!nearest) return std::nullopt;
  return describe_kink_distance(*nearest);
}

}  // namespace chad
