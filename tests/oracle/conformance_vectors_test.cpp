// Conformance vectors (adapter_client/conformance_vectors.hpp): the same arguments write the same
// bytes; a case's enclosures contain derivatives derived by hand; the enclosures in a tool's
// precision contain the certified ones; programs without a certified Jacobian are skipped with
// their reason.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "adapter_client/adapter_protocol.hpp"
#include "adapter_client/conformance_vectors.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

using json = nlohmann::json;

std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

ConformanceVector vector_of(const std::string& program, const std::string& input) {
  ConformanceVector v;
  run_with_deep_stack([&] { v = build_conformance_vector(program, input, {"python", "json"}); });
  return v;
}

struct Interval {
  double lo, hi;
};
Interval interval(const json& pair) { return {read_number(pair[0], "lo"), read_number(pair[1], "hi")}; }
bool contains(const Interval& e, double x) { return e.lo <= x && x <= e.hi; }
bool contains(const Interval& outer, const Interval& inner) { return outer.lo <= inner.lo && inner.hi <= outer.hi; }

// Every certified enclosure of the section `key` ("jacobian", "jvp", "vjp": rows of [lo, hi];
// "output": one row) lies inside its float64 one, and that inside the float32 one.
void expect_precisions_nest(const json& c, const std::string& key) {
  const json& section = c.at(key);
  const bool rows = key != "output";
  const json exact = rows ? section["enclosure"] : json::array({section["enclosure"]});
  const json f64 = rows ? section["float64"] : json::array({section["float64"]});
  const json f32 = rows ? section["float32"] : json::array({section["float32"]});
  ASSERT_EQ(exact.size(), f64.size());
  for (std::size_t i = 0; i < exact.size(); ++i)
    for (std::size_t j = 0; j < exact[i].size(); ++j) {
      EXPECT_TRUE(contains(interval(f64[i][j]), interval(exact[i][j]))) << key << " " << i << "," << j;
      EXPECT_TRUE(contains(interval(f32[i][j]), interval(f64[i][j]))) << key << " " << i << "," << j;
    }
}

// f(x, y) = (x y, x^2) at (1.5, -2): J = [[y, x], [2x, 0]] = [[-2, 1.5], [3, 0]], all exact in
// binary. The seeds are adapter_seed's documented pattern (1, -0.5, 0.25, 2, -1, ...): the JVP's
// starts at its first entry, v = (1, -0.5), the VJP's at its fourth, w = (2, -1). So
// J v = (-2 - 0.75, 3) = (-2.75, 3) and w J = (2·-2 - 1·3, 2·1.5 - 0) = (-7, 3).
TEST(ConformanceVectors, EnclosuresContainTheHandDerivedDerivatives) {
  const ConformanceVector v = vector_of("def main (x : real, y : real) : real * real = (x * y, x * x);", "(1.5, -2)");
  ASSERT_TRUE(v.json) << v.skipped << ": " << v.detail;
  const json& c = *v.json;
  EXPECT_EQ(c["input"]["coords"], json::array({"0x1.8p+0", "-0x1p+1"}));
  EXPECT_EQ(c["input"]["labels"], json::array({"x", "y"}));
  EXPECT_EQ(c["output"]["labels"].size(), 2u);
  EXPECT_TRUE(c["translations"].contains("python"));
  EXPECT_TRUE(c["translations"].contains("json"));
  EXPECT_FALSE(c["translations"].contains("cpp"));
  EXPECT_FALSE(c["features"].empty());

  const double out[2] = {1.5 * -2, 1.5 * 1.5};  // (-3, 2.25)
  for (int i = 0; i < 2; ++i) {
    EXPECT_TRUE(contains(interval(c["output"]["enclosure"][i]), out[i])) << i;
    EXPECT_EQ(read_number(c["output"]["mid"][i], "mid"), out[i]) << i;
  }
  const double jacobian[2][2] = {{-2, 1.5}, {3, 0}};
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) {
      EXPECT_TRUE(contains(interval(c["jacobian"]["enclosure"][i][j]), jacobian[i][j])) << i << "," << j;
      EXPECT_TRUE(contains(interval(c["jacobian"]["float64"][i][j]), jacobian[i][j])) << i << "," << j;
      EXPECT_EQ(read_number(c["jacobian"]["mid"][i][j], "mid"), jacobian[i][j]) << i << "," << j;
    }
  EXPECT_EQ(c["jvp"]["seeds"], json::array({json::array({"0x1p+0", "-0x1p-1"})}));
  EXPECT_EQ(c["vjp"]["seeds"], json::array({json::array({"0x1p+1", "-0x1p+0"})}));
  const double jvp[2] = {-2.75, 3}, vjp[2] = {-7, 3};
  for (int k = 0; k < 2; ++k) {
    EXPECT_TRUE(contains(interval(c["jvp"]["enclosure"][0][k]), jvp[k])) << k;
    EXPECT_TRUE(contains(interval(c["vjp"]["enclosure"][0][k]), vjp[k])) << k;
  }
  for (const char* key : {"output", "jacobian", "jvp", "vjp"}) expect_precisions_nest(c, key);
  EXPECT_EQ(c["precision_problems"], json::object());
}

// d/dx sin(x) at 0 is cos(0) = 1: the float64 enclosure holds it and is narrow (a tool that
// gives 1 + 2^-40 must fail); the float32 one is wider than the float64 one.
TEST(ConformanceVectors, PrecisionEnclosuresAreNarrowForAWellConditionedProgram) {
  const ConformanceVector v = vector_of("def main (x : real) : real = sin(x);", "0");
  ASSERT_TRUE(v.json) << v.skipped << ": " << v.detail;
  const json& c = *v.json;
  const Interval f64 = interval(c["jacobian"]["float64"][0][0]), f32 = interval(c["jacobian"]["float32"][0][0]);
  EXPECT_TRUE(contains(f64, 1.0));
  EXPECT_FALSE(contains(f64, 1.0 + std::ldexp(1.0, -40)));
  EXPECT_TRUE(contains(f32, f64));
  EXPECT_GT(f32.hi - f32.lo, f64.hi - f64.lo);
  EXPECT_TRUE(contains(f32, 1.0 + std::ldexp(1.0, -30)));  // within 8 float32 ulps of 1
}

TEST(ConformanceVectors, ProgramsWithoutACertifiedJacobianAreSkippedWithTheirReason) {
  EXPECT_EQ(vector_of("def main (x : real) : real = log(x);", "-1").skipped, "domain error");
  EXPECT_EQ(vector_of("def main (x : real) : real -> real = fun (y : real) -> x * y;", "1").skipped, "higher-order output");
  EXPECT_EQ(vector_of("def main (x : real) : real = if x > 0 then x else -x;", "0").skipped, "not differentiable");
}

TEST(ConformanceVectors, TheSameArgumentsWriteTheSameBytes) {
  const std::filesystem::path root = std::filesystem::temp_directory_path() / ("chad-vectors-" + std::to_string(::getpid()));
  ConformanceVectorOptions options;
  options.campaign.seed = 5;
  options.campaign.count = 12;
  ConformanceVectorSummary first, second;
  run_with_deep_stack([&] {
    first = write_conformance_vectors(options, (root / "a").string(), "test");
    second = write_conformance_vectors(options, (root / "b").string(), "test");
  });
  EXPECT_EQ(first.programs, 12u);
  EXPECT_GT(first.written, 0u);
  EXPECT_EQ(first.written, second.written);
  std::size_t skipped = 0;
  for (const auto& [reason, count] : first.skipped) skipped += count;
  EXPECT_EQ(first.written + skipped, first.programs);
  for (const char* name : {"cases.jsonl", "README.md", "manifest.json"}) {
    const std::string a = file_text(root / "a" / name);
    EXPECT_FALSE(a.empty()) << name;
    EXPECT_EQ(a, file_text(root / "b" / name)) << name;
  }
  std::istringstream lines(file_text(root / "a" / "cases.jsonl"));
  std::size_t count = 0;
  for (std::string line; std::getline(lines, line); ++count) EXPECT_EQ(json::parse(line)["seed"], 5) << line;
  EXPECT_EQ(count, first.written);
  std::filesystem::remove_all(root);
}

}  // namespace
}  // namespace chad
