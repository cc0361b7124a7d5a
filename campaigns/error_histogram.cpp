#include "campaigns/error_histogram.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <sstream>

#include "oracle/campaign.hpp"

namespace chad {
namespace {

// Bins: "0", then 1e-17 and below, 1e-16, ..., 1e0 and above.
constexpr int kLow = -17, kHigh = 0;
constexpr std::size_t kBins = std::size_t(kHigh - kLow + 2);

std::string bin_label(std::size_t bin) {
  if (bin == 0) return "0";
  const int e = kLow + int(bin) - 1;
  return (e == kLow ? "\u2264" : e == kHigh ? "\u2265" : "") + std::string("1e") + std::to_string(e);
}

std::size_t bin_of(double error) {
  if (error == 0) return 0;
  const int e = std::clamp(int(std::floor(std::log10(error))), kLow, kHigh);
  return std::size_t(e - kLow + 1);
}

enum Series { kPassing, kCertified, kFailing, kSeries };
constexpr std::array<const char*, kSeries> kClass = {"passing", "certified", "failing"};
constexpr std::array<const char*, kSeries> kColour = {"steelblue", "darkorange", "firebrick"};
constexpr std::array<const char*, kSeries> kLegend = {
    "passing checks", "passing after the certified check (the double screen disagreed)",
    "failing checks (fail, fail-numeric)"};

struct Counts {
  std::array<std::array<std::size_t, kBins>, kSeries> bars{};
  std::array<std::size_t, kSeries> totals{};
  std::size_t faults = 0, skips = 0, declined = 0, crashes = 0;
  std::set<std::string> implementations;  // of the checks, as the log names them ("chad", "adapter", ...)
};

Counts count(const std::vector<nlohmann::json>& lines) {
  Counts n;
  for (const auto& line : lines) {
    n.crashes += line.value("verdict", "") == "crash";
    for (const auto& c : line.value("checks", nlohmann::json::array())) {
      const std::string verdict = c.value("verdict", "");
      n.implementations.insert(c.value("implementation", "chad"));
      Series s = kPassing;
      if (verdict == "pass")
        s = c.value("screen_cleared", false) ? kCertified : kPassing;
      else if (verdict == "fail" || verdict == "fail-numeric")
        s = kFailing;
      else {
        n.faults += verdict == "fault";
        n.declined += verdict == "unsupported";
        n.skips += verdict != "fault" && verdict != "unsupported";
        continue;
      }
      // A NaN or infinite error is written as null (JSON has neither): plotted with the errors of 1.
      const nlohmann::json& e = c.contains("error") ? c["error"] : nlohmann::json(0.0);
      const double error = e.is_number() ? e.get<double>() : INFINITY;
      ++n.bars[s][bin_of(std::isfinite(error) ? std::fabs(error) : 1.0)];
      ++n.totals[s];
    }
  }
  return n;
}

// What was judged, as the title says it: an outside tool by its own name, else the implementations
// the checks name.
std::string judged_name(const Counts& n, const std::string& tool) {
  if (!tool.empty()) return tool;
  std::string names;
  for (const std::string& implementation : n.implementations) {
    const std::string name = implementation == "chad"            ? "CHAD"
                             : implementation == "chad-compiled" ? "compiled CHAD"
                             : implementation == "sd-rev"        ? "string-diagram reverse AD"
                                                                 : implementation;
    if (!names.empty()) names += ", ";
    names += name;
  }
  return names.empty() ? "CHAD" : names;
}

}  // namespace

std::string error_histogram_svg(const std::vector<nlohmann::json>& lines, const std::string& tool) {
  const Counts n = count(lines);
  std::size_t most = 1;
  for (const auto& series : n.bars) most = std::max(most, *std::max_element(series.begin(), series.end()));
  // The count axis: decades 1, 10, ..., 10^top; a count c >= 1 stands log10(c) + 0.5 decades high,
  // so that a single check still shows.
  const int top = std::max(1, int(std::ceil(std::log10(double(most)))));
  const int bin_width = 48, bar_width = 14, plot_height = 240, left = 70, plot_top = 110;
  const int plot_width = bin_width * int(kBins), bottom = plot_top + plot_height;
  auto y_of = [&](double c) { return double(plot_height) * (std::log10(c) + 0.5) / (double(top) + 0.5); };
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << left + plot_width + 20 << "\" height=\""
      << bottom + 70 << "\" font-family=\"sans-serif\" font-size=\"11\">\n"
      << "<text x=\"" << left << "\" y=\"18\" font-size=\"13\">Relative error of the checks (" << judged_name(n, tool)
      << " against dual numbers in double), by power of ten</text>\n";
  // Legend and totals.
  for (int s = 0; s < kSeries; ++s) {
    const int y = 34 + 16 * s;
    svg << "<rect x=\"" << left << "\" y=\"" << y - 9 << "\" width=\"10\" height=\"10\" fill=\"" << kColour[s]
        << "\"/>\n<text x=\"" << left + 16 << "\" y=\"" << y << "\">" << kLegend[s] << ": " << n.totals[s]
        << "</text>\n";
  }
  svg << "<text x=\"" << left << "\" y=\"" << 34 + 16 * kSeries << "\">no error to plot: " << n.faults
      << " faulting checks, " << n.skips << " skipped checks, " << n.declined << " declined checks (unsupported), "
      << n.crashes << " crashed programs</text>\n";
  // The count axis (logarithmic), its grid and title.
  for (int d = 0; d <= top; ++d) {
    const double y = bottom - y_of(std::pow(10.0, d));
    svg << "<line x1=\"" << left << "\" y1=\"" << y << "\" x2=\"" << left + plot_width << "\" y2=\"" << y
        << "\" stroke=\"#ddd\"/>\n<text x=\"" << left - 6 << "\" y=\"" << y + 4 << "\" text-anchor=\"end\">"
        << static_cast<long long>(std::llround(std::pow(10.0, d))) << "</text>\n";
  }
  svg << "<line x1=\"" << left << "\" y1=\"" << plot_top << "\" x2=\"" << left << "\" y2=\"" << bottom
      << "\" stroke=\"black\"/>\n<line x1=\"" << left << "\" y1=\"" << bottom << "\" x2=\"" << left + plot_width
      << "\" y2=\"" << bottom << "\" stroke=\"black\"/>\n"
      << "<text transform=\"translate(" << left - 44 << " " << plot_top + plot_height / 2
      << ") rotate(-90)\" text-anchor=\"middle\">checks (log scale)</text>\n";
  // The bins: "0" apart from the others by a dashed line.
  svg << "<line x1=\"" << left + bin_width << "\" y1=\"" << plot_top << "\" x2=\"" << left + bin_width << "\" y2=\""
      << bottom << "\" stroke=\"gray\" stroke-dasharray=\"4 3\"/>\n";
  for (std::size_t b = 0; b < kBins; ++b) {
    const int x = left + bin_width * int(b);
    for (int s = 0; s < kSeries; ++s) {
      const std::size_t c = n.bars[s][b];
      if (c == 0) continue;
      const double h = y_of(double(c));
      const int bar_x = x + 3 + bar_width * s;
      svg << "<rect class=\"" << kClass[s] << "\" data-bin=\"" << bin_label(b) << "\" data-count=\"" << c
          << "\" x=\"" << bar_x << "\" y=\"" << bottom - h << "\" width=\"" << bar_width - 2 << "\" height=\"" << h
          << "\" fill=\"" << kColour[s] << "\"/>\n<text transform=\"translate(" << bar_x + bar_width / 2 + 3 << " "
          << bottom - h - 3 << ") rotate(-90)\" font-size=\"9\">" << c << "</text>\n";
    }
    svg << "<text x=\"" << x + bin_width / 2 << "\" y=\"" << bottom + 16 << "\" text-anchor=\"middle\">"
        << (b == 0 ? "0 (exact)" : bin_label(b)) << "</text>\n";
  }
  svg << "<text x=\"" << left + plot_width / 2 << "\" y=\"" << bottom + 40
      << "\" text-anchor=\"middle\">relative error against dual numbers in double (one bin per power of ten; "
         "exactly 0 in the first)</text>\n</svg>\n";
  return svg.str();
}

}  // namespace chad
