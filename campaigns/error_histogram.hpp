// errors.svg, a campaign's picture of its checks' relative errors (against dual numbers in
// double): one bin per power of ten (an error of exactly 0 in a bin of its own, labelled "0"), on a
// logarithmic count axis so that a handful of checks shows beside thousands. Each bin has up to
// three bars: passing checks, passing checks the certified check cleared after the double screen
// disagreed, and failing checks (fail, fail-numeric); faults, skips and crashes, which have no
// error, are counted in the legend. Axis titles and the totals are written on the picture.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace chad {

// The SVG for the log lines of a campaign (oracle/campaign_log.hpp). Each bar is a
// `<rect class="passing|certified|failing" data-bin="LABEL" data-count="N">`.
// Its title names what was judged: `tool` (an outside tool's name), else the implementations of
// the checks (CHAD, compiled CHAD, string-diagram reverse AD); a tool's declines are counted apart
// from the skips.
std::string error_histogram_svg(const std::vector<nlohmann::json>& lines, const std::string& tool = "");

}  // namespace chad
