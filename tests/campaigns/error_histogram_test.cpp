// errors.svg: bins by power of ten with exact zeros apart, a logarithmic count axis with its
// title, and the passing, certified and failing checks as bars of their own.
#include <gtest/gtest.h>

#include <regex>

#include "campaigns/error_histogram.hpp"

namespace chad {
namespace {

nlohmann::json check(const std::string& verdict, double error, bool cleared = false) {
  return {{"mode", "rev"}, {"sums", "biproduct"}, {"verdict", verdict}, {"error", error},
          {"screen_cleared", cleared}, {"detail", ""}};
}

std::vector<nlohmann::json> lines() {
  nlohmann::json checks = nlohmann::json::array();
  for (int i = 0; i < 3; ++i) checks.push_back(check("pass", 0.0));
  checks.push_back(check("pass", 3e-17));
  for (int i = 0; i < 100; ++i) checks.push_back(check("pass", 2.5e-16));
  checks.push_back(check("pass", 2e-6, true));
  checks.push_back(check("fail", 47.0));
  checks.push_back(check("fail-numeric", 12.0));
  checks.push_back(check("fault", 0.0));
  checks.push_back(check("skip", 0.0));
  return {{{"index", 0}, {"verdict", "fail"}, {"checks", checks}},
          {{"index", 1}, {"verdict", "crash"}, {"checks", nlohmann::json::array()}}};
}

// The height of the bar of `series` in `bin`.
double bar_height(const std::string& svg, const std::string& series, const std::string& bin) {
  std::smatch m;
  const std::regex bar("class=\"" + series + "\" data-bin=\"" + bin +
                       "\" data-count=\"[0-9]+\" x=\"[-0-9.]+\" y=\"[-0-9.]+\" width=\"[0-9.]+\" height=\"([0-9.]+)\"");
  if (!std::regex_search(svg, m, bar)) return -1;
  return std::stod(m[1]);
}

// A check whose error was NaN or infinite is logged with "error": null (JSON has no NaN): it is
// plotted as an error of 1 would be, and never stops the report (it ended whole campaigns).
TEST(ErrorHistogram, ANullErrorIsPlottedAsNotFinite) {
  const std::string log_line =
      R"({"index": 0, "verdict": "fail", "checks": [{"mode": "rev", "sums": "biproduct", "verdict": "fail",
          "error": null, "screen_cleared": false, "detail": "NaN"}]})";
  std::vector<nlohmann::json> with_null = {nlohmann::json::parse(log_line)};
  std::vector<nlohmann::json> with_nan = {{{"index", 0}, {"verdict", "fail"},
                                           {"checks", nlohmann::json::array({check("fail", NAN)})}}};
  std::vector<nlohmann::json> with_one = {{{"index", 0}, {"verdict", "fail"},
                                           {"checks", nlohmann::json::array({check("fail", 1.0)})}}};
  with_one[0]["checks"][0]["detail"] = "NaN";
  std::string svg;
  ASSERT_NO_THROW(svg = error_histogram_svg(with_null));
  EXPECT_EQ(svg, error_histogram_svg(with_one));
  EXPECT_EQ(error_histogram_svg({nlohmann::json::parse(with_nan[0].dump())}), svg);  // NaN, written and read back
}

TEST(ErrorHistogram, BinsSeriesAndTitles) {
  const std::string svg = error_histogram_svg(lines());
  // Zeros in their own, labelled bin; 3e-17 in the lowest bin; 2.5e-16 in 1e-16; 2e-6 in 1e-6;
  // 47 and 12 in the highest (1e0 and above).
  EXPECT_NE(svg.find("class=\"passing\" data-bin=\"0\" data-count=\"3\""), std::string::npos) << svg;
  EXPECT_NE(svg.find(">0 (exact)</text>"), std::string::npos);
  EXPECT_NE(svg.find("class=\"passing\" data-bin=\"\u22641e-17\" data-count=\"1\""), std::string::npos);
  EXPECT_NE(svg.find("class=\"passing\" data-bin=\"1e-16\" data-count=\"100\""), std::string::npos);
  EXPECT_NE(svg.find("class=\"certified\" data-bin=\"1e-6\" data-count=\"1\""), std::string::npos);
  EXPECT_NE(svg.find("class=\"failing\" data-bin=\"\u22651e0\" data-count=\"2\""), std::string::npos);
  // The legend's totals, and what has no error.
  EXPECT_NE(svg.find("passing checks: 104<"), std::string::npos);
  EXPECT_NE(svg.find("(the double screen disagreed): 1<"), std::string::npos);
  EXPECT_NE(svg.find("failing checks (fail, fail-numeric): 2<"), std::string::npos);
  EXPECT_NE(svg.find("1 faulting checks, 1 skipped checks, 0 declined checks (unsupported), 1 crashed programs"), std::string::npos);
  // Axis titles.
  EXPECT_NE(svg.find(">checks (log scale)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">relative error against dual numbers in double"), std::string::npos);
}

TEST(ErrorHistogram, ItsTitleNamesWhatWasJudgedAndDeclinesAreNotSkips) {
  // CHAD's checks (no implementation named: CHAD's), an outside tool's by its own name, and a
  // tool's declined checks counted as declined, not skipped.
  EXPECT_NE(error_histogram_svg(lines()).find("(CHAD against dual numbers in double)"), std::string::npos);
  nlohmann::json declined = check("unsupported", 0.0);
  declined["implementation"] = "adapter";
  nlohmann::json passed = check("pass", 0.0);
  passed["implementation"] = "adapter";
  const std::vector<nlohmann::json> tool_lines = {{{"index", 0}, {"verdict", "pass"}, {"checks", {passed, declined}}}};
  const std::string svg = error_histogram_svg(tool_lines, "jax-jit-vjp");
  EXPECT_NE(svg.find("(jax-jit-vjp against dual numbers in double)"), std::string::npos) << svg;
  EXPECT_NE(svg.find("0 skipped checks, 1 declined checks (unsupported)"), std::string::npos) << svg;
  nlohmann::json compiled = check("pass", 0.0);
  compiled["implementation"] = "chad-compiled";
  EXPECT_NE(error_histogram_svg({{{"index", 0}, {"verdict", "pass"}, {"checks", {compiled}}}})
                .find("(compiled CHAD against"),
            std::string::npos);
}

TEST(ErrorHistogram, TheCountAxisIsLogarithmic) {
  const std::string svg = error_histogram_svg(lines());
  // Ticks at 1, 10 and 100 (the largest count is 100).
  for (const char* tick : {">1</text>", ">10</text>", ">100</text>"}) EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  // A count c stands log10(c) + 1/2 decades high: 100 is (2 + 1/2) / (0 + 1/2) = 5 times as high
  // as 1 (a linear axis: 100 times), and 3 is (log10 3 + 1/2) / (1/2) times as high as 1.
  const double one = bar_height(svg, "passing", "\u22641e-17"), hundred = bar_height(svg, "passing", "1e-16"),
               three = bar_height(svg, "passing", "0");
  ASSERT_GT(one, 0) << svg;
  EXPECT_NEAR(hundred / one, 5.0, 1e-3);
  EXPECT_NEAR(three / one, (std::log10(3.0) + 0.5) / 0.5, 1e-3);
}

}  // namespace
}  // namespace chad
