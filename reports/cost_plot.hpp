// cost.svg: the cost model's counts (model/cost_counter.hpp) against the input's size, on
// log-log axes: one line per series (the primal, one JVP, one VJP), each point a circle, with
// labelled axes, ticks at 1, 2 and 5 times the powers of ten in range (only the powers where
// those are many; the ends of a narrow range), a
// legend giving each series' fitted growth exponent, and a title. Each series is a
// `<polyline class="series" data-label="LABEL">`; each point a
// `<circle data-size="N" data-cost="C">`.
#pragma once
#include <string>
#include <vector>

namespace chad {

struct CostSeries {
  std::string label;          // e.g. "primal", "VJP (reverse CHAD)"
  std::vector<double> costs;  // one per size, each > 0
  double exponent = 0;        // the fitted log-log slope, shown in the legend
};

// Preconditions: at least one size, every size > 0, each series as many costs as sizes.
std::string cost_plot_svg(const std::string& title, const std::vector<double>& sizes,
                          const std::vector<CostSeries>& series);

}  // namespace chad
