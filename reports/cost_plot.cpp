#include "reports/cost_plot.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace chad {
namespace {

constexpr double kLeft = 80, kTop = 40, kWidth = 480, kHeight = 300, kLegendWidth = 240;
const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

// A data value (sizes, costs, tick labels): exact for counts below 10^15.
std::string number(double x) {
  std::ostringstream s;
  s << std::setprecision(15) << x;
  return s.str();
}
// A position on the picture.
std::string coord(double x) {
  std::ostringstream s;
  s << std::setprecision(6) << x;
  return s.str();
}
std::string fixed2(double x) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(2) << x;
  return s.str();
}

// A logarithmic axis over [lo, hi] (widened to a factor of 2 at least), mapped to [from, to].
struct LogAxis {
  double lo, hi, from, to;
  LogAxis(double min, double max, double from_, double to_) : from(from_), to(to_) {
    lo = std::log10(min);
    hi = std::log10(max);
    if (hi - lo < std::log10(2.0)) {
      const double middle = (lo + hi) / 2;
      lo = middle - std::log10(2.0) / 2;
      hi = middle + std::log10(2.0) / 2;
    }
  }
  double at(double value) const { return from + (std::log10(value) - lo) / (hi - lo) * (to - from); }
  // 1, 2 and 5 times the powers of ten within the range, or only the powers where those are
  // more than eight, or the range's two ends where there are fewer than two.
  std::vector<double> ticks() const {
    std::vector<double> out, powers;
    for (double e = std::floor(lo); e <= std::ceil(hi); ++e)
      for (double m : {1.0, 2.0, 5.0}) {
        const double t = m * std::pow(10.0, e), l = std::log10(t);
        if (l < lo - 1e-9 || l > hi + 1e-9) continue;
        out.push_back(t);
        if (m == 1.0) powers.push_back(t);
      }
    if (out.size() > 8) out = powers;
    if (out.size() < 2) out = {std::round(std::pow(10.0, lo)), std::round(std::pow(10.0, hi))};
    return out;
  }
};

}  // namespace

std::string cost_plot_svg(const std::string& title, const std::vector<double>& sizes,
                          const std::vector<CostSeries>& series) {
  double min_cost = 1e300, max_cost = 0;
  for (const CostSeries& s : series)
    for (double c : s.costs) min_cost = std::min(min_cost, c), max_cost = std::max(max_cost, c);
  if (series.empty()) min_cost = max_cost = 1;
  const auto [min_size, max_size] = std::minmax_element(sizes.begin(), sizes.end());
  const LogAxis x(*min_size, *max_size, kLeft, kLeft + kWidth);
  const LogAxis y(min_cost, max_cost, kTop + kHeight, kTop);
  const double bottom = kTop + kHeight;

  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kLeft + kWidth + kLegendWidth << "\" height=\""
      << bottom + 60 << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      << "<text x=\"" << kLeft << "\" y=\"22\" font-size=\"14\">" << escape(title) << "</text>\n";
  // Axes, grid and ticks.
  svg << "<line x1=\"" << kLeft << "\" y1=\"" << bottom << "\" x2=\"" << kLeft + kWidth << "\" y2=\"" << bottom
      << "\" stroke=\"black\"/>\n<line x1=\"" << kLeft << "\" y1=\"" << kTop << "\" x2=\"" << kLeft << "\" y2=\""
      << bottom << "\" stroke=\"black\"/>\n";
  for (double t : x.ticks()) {
    const double px = x.at(t);
    svg << "<line x1=\"" << coord(px) << "\" y1=\"" << kTop << "\" x2=\"" << coord(px) << "\" y2=\"" << bottom
        << "\" stroke=\"#ddd\"/>\n<text x=\"" << coord(px) << "\" y=\"" << bottom + 16
        << "\" text-anchor=\"middle\">" << number(t) << "</text>\n";
  }
  for (double t : y.ticks()) {
    const double py = y.at(t);
    svg << "<line x1=\"" << kLeft << "\" y1=\"" << coord(py) << "\" x2=\"" << kLeft + kWidth << "\" y2=\""
        << coord(py) << "\" stroke=\"#ddd\"/>\n<text x=\"" << kLeft - 6 << "\" y=\"" << coord(py + 4)
        << "\" text-anchor=\"end\">" << number(t) << "</text>\n";
  }
  svg << "<text class=\"axis-title\" x=\"" << kLeft + kWidth / 2 << "\" y=\"" << bottom + 40
      << "\" text-anchor=\"middle\">input size N (log scale)</text>\n"
      << "<text class=\"axis-title\" transform=\"translate(" << kLeft - 62 << " " << kTop + kHeight / 2
      << ") rotate(-90)\" text-anchor=\"middle\">cost = steps + scalar ops + allocations (log scale)</text>\n";
  // One line per series, its points, and its legend entry.
  for (std::size_t k = 0; k < series.size(); ++k) {
    const CostSeries& s = series[k];
    const char* colour = kColours[k % std::size(kColours)];
    svg << "<polyline class=\"series\" data-label=\"" << escape(s.label) << "\" fill=\"none\" stroke=\"" << colour
        << "\" stroke-width=\"2\" points=\"";
    for (std::size_t i = 0; i < sizes.size(); ++i)
      svg << (i ? " " : "") << coord(x.at(sizes[i])) << "," << coord(y.at(s.costs[i]));
    svg << "\"/>\n";
    for (std::size_t i = 0; i < sizes.size(); ++i)
      svg << "<circle data-size=\"" << number(sizes[i]) << "\" data-cost=\"" << number(s.costs[i]) << "\" cx=\""
          << coord(x.at(sizes[i])) << "\" cy=\"" << coord(y.at(s.costs[i])) << "\" r=\"3\" fill=\"" << colour
          << "\"/>\n";
    const double ly = kTop + 10 + 20 * double(k);
    svg << "<line x1=\"" << kLeft + kWidth + 20 << "\" y1=\"" << ly << "\" x2=\"" << kLeft + kWidth + 40
        << "\" y2=\"" << ly << "\" stroke=\"" << colour << "\" stroke-width=\"2\"/>\n<text class=\"legend\" x=\""
        << kLeft + kWidth + 46 << "\" y=\"" << ly + 4 << "\">" << escape(s.label) << ": exponent "
        << fixed2(s.exponent) << "</text>\n";
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace chad
