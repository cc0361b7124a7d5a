// reports/cost_plot.hpp: the SVG is well-formed XML (parsed by python3's xml module), with one
// polyline per series, a circle per point holding its size and cost, labelled axes and a legend
// giving each exponent.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "reports/cost_plot.hpp"

namespace chad {
namespace {

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

const std::vector<double> kSizes = {100, 200, 400, 800};
const std::vector<CostSeries> kSeries = {{"primal", {2102, 4202, 8402, 16802}, 1.0},
                                         {"VJP <reverse & CHAD>", {739189, 2928339, 11656639, 46513239}, 1.99}};

TEST(CostPlot, HasOneLinePerSeriesAndOneCirclePerPoint) {
  const std::string svg = cost_plot_svg("growth of horner_closure", kSizes, kSeries);
  EXPECT_EQ(occurrences(svg, "<polyline class=\"series\""), 2u);
  EXPECT_EQ(occurrences(svg, "<circle "), 8u);
  EXPECT_NE(svg.find("data-size=\"800\" data-cost=\"46513239\""), std::string::npos);
  EXPECT_NE(svg.find("input size N (log scale)"), std::string::npos);
  EXPECT_NE(svg.find("cost = steps + scalar ops + allocations (log scale)"), std::string::npos);
  EXPECT_NE(svg.find("primal: exponent 1.00"), std::string::npos);
  EXPECT_NE(svg.find("VJP &lt;reverse &amp; CHAD&gt;: exponent 1.99"), std::string::npos);  // escaped
}

// Parsed by python3's XML parser: well-formed, an <svg> root in the SVG namespace, and the
// counts of the elements above.
TEST(CostPlot, IsWellFormedXml) {
  if (std::system("python3 -c 'import xml.etree.ElementTree' >/dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
  const auto path = std::filesystem::temp_directory_path() / "chad_cost_plot_test.svg";
  std::ofstream(path) << cost_plot_svg("growth", kSizes, kSeries);
  const std::string check =
      "python3 -c \"import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); "
      "ns = '{http://www.w3.org/2000/svg}'; "
      "assert r.tag == ns + 'svg', r.tag; "
      "assert len(r.findall(ns + 'polyline')) == 2; "
      "assert len(r.findall(ns + 'circle')) == 8\" " +
      path.string();
  EXPECT_EQ(std::system(check.c_str()), 0);
}

// The ticks of a range within one decade fall at 1, 2 and 5 times a power of ten.
TEST(CostPlot, TicksInsideADecade) {
  const std::string svg = cost_plot_svg("t", kSizes, kSeries);
  for (const char* tick : {">100</text>", ">200</text>", ">500</text>"})
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
}

}  // namespace
}  // namespace chad
