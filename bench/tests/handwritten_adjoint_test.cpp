// The hand-written adjoints (bench/handwritten/*_adjoint.hpp, issue 33) against the oracle's
// certified reference: for every benchmark program, at small list lengths and a few points,
// `chad-oracle jacobian FILE --at VALUE --method interval --json` gives an MPFI enclosure of
// every gradient entry, and every entry of the adjoint's double gradient must lie inside it,
// widened only by the double's own rounding allowance (kRounding, relative to the gradient's
// largest entry: the enclosure is of the exact derivative, the adjoint rounds at every step;
// measured at n <= 10, the adjoints' entries lie within 6e-16 of that scale of the enclosures).
// A second test shows the check is sharp: a gradient off by 1e-11 of that scale is rejected.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "../adjoint_cases.hpp"
#include "../bench_support.hpp"
#include "model/value_printer.hpp"

namespace {

using namespace chad;
using namespace chad::bench;
using nlohmann::json;

constexpr double kRounding = 1e-13;  // the double adjoint's rounding allowance, relative

// The benchmark input at n, its coordinates moved by a factor 1 + 0.2 sin(1.3 i + seed)
// (seed 0: unmoved): other points of the same shape, still moderate (no overflow in exp).
BenchInput point(const AdjointCase& c, std::size_t n, int seed) {
  BenchInput input = c.input(n);
  if (seed != 0)
    for (std::size_t i = 0; i < input.coords.size(); ++i)
      input.coords[i] *= 1 + 0.2 * std::sin(1.3 * double(i) + seed);
  return input;
}

// The interval method's answer at `input`, through the command line a user runs.
json certified_jacobian(const AdjointCase& c, const BenchInput& input) {
  const CheckedProgram program = load_program_file("bench/programs/" + c.name + ".chad");
  // One file per process: CTest runs this binary's two tests at once, at other points.
  const std::string at = ::testing::TempDir() + "adjoint_" + c.name + "_" + std::to_string(getpid()) + "_at.txt";
  std::ofstream(at) << print_value<double>(program.input_type, input_value(c.layout, input));
  const std::string command = std::string(CHAD_ORACLE_BINARY) + " jacobian " + CHAD_SOURCE_DIR +
                              "/bench/programs/" + c.name + ".chad --at @" + at + " --method interval --json";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) throw std::runtime_error("cannot run " + command);
  std::string text;
  std::array<char, 4096> buffer{};
  for (std::size_t got; (got = std::fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0;) text.append(buffer.data(), got);
  return json::parse(text);
}

// Empty when every entry of `gradient` lies in its enclosure (widened by kRounding x scale),
// else the first entry that does not.
std::string outside_enclosure(const std::vector<double>& gradient, const json& enclosure) {
  double scale = 1;
  for (const json& e : enclosure) scale = std::max({scale, std::abs(e[0].get<double>()), std::abs(e[1].get<double>())});
  const double allowance = kRounding * scale;
  for (std::size_t i = 0; i < gradient.size(); ++i) {
    const double lo = enclosure[i][0].get<double>(), hi = enclosure[i][1].get<double>();
    if (!(gradient[i] >= lo - allowance && gradient[i] <= hi + allowance))
      return "entry " + std::to_string(i) + " = " + std::to_string(gradient[i]) + " outside [" +
             std::to_string(lo) + ", " + std::to_string(hi) + "]";
  }
  return "";
}

TEST(HandwrittenAdjoint, EveryGradientEntryLiesInTheCertifiedEnclosure) {
  for (const AdjointCase& c : adjoint_cases())
    for (std::size_t n : {1, 3})
      for (int seed : {0, 1, 2}) {
        SCOPED_TRACE(c.name + " at n = " + std::to_string(n) + ", seed " + std::to_string(seed));
        const BenchInput input = point(c, n, seed);
        const json reference = certified_jacobian(c, input);
        ASSERT_FALSE(reference.at("cannot_certify").get<bool>()) << reference.at("reason");
        // The oracle read the same coordinates in the same order as the adjoint's.
        ASSERT_EQ(reference.at("input").at("coords").get<std::vector<double>>(), input.coords);
        std::vector<double> gradient(input.coords.size(), std::nan("")), work;
        const double value = c.adjoint(input.coords.data(), input.count, gradient.data(), work);
        EXPECT_NEAR(value, c.primal(input.coords.data(), input.count), 1e-12 * (1 + std::abs(value)));
        const json& enclosure = reference.at("enclosure").at(0);
        ASSERT_EQ(enclosure.size(), gradient.size());
        EXPECT_EQ(outside_enclosure(gradient, enclosure), "");
      }
}

TEST(HandwrittenAdjoint, TheCheckRejectsAGradientOffBy1eMinus11) {
  for (const AdjointCase& c : adjoint_cases()) {
    SCOPED_TRACE(c.name);
    const BenchInput input = point(c, 2, 1);
    const json reference = certified_jacobian(c, input);
    std::vector<double> gradient(input.coords.size()), work;
    c.adjoint(input.coords.data(), input.count, gradient.data(), work);
    const json& enclosure = reference.at("enclosure").at(0);
    ASSERT_EQ(outside_enclosure(gradient, enclosure), "");
    double scale = 1;
    for (double g : gradient) scale = std::max(scale, std::abs(g));
    for (std::size_t i : {std::size_t(0), gradient.size() - 1}) {
      std::vector<double> wrong = gradient;
      wrong[i] += 1e-11 * scale;
      EXPECT_NE(outside_enclosure(wrong, enclosure), "") << "entry " << i;
    }
  }
}

}  // namespace
