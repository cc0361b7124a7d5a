// verify_at_points: a fault that agrees with the true derivative at the given point (a
// coincidence) passes there and is caught at the random points; random points outside a
// primitive's domain are skipped with the reason, never judged.
#include <gtest/gtest.h>

#include "../support/example_programs.hpp"
#include "mutants/mutants.hpp"
#include "verify/verify.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

std::vector<PointReport> verify_points(const std::string& source, const std::string& given, int random,
                                       const RuleTable* rules) {
  CheckedProgram program = testing::load_source(source);
  std::vector<PointReport> points;
  run_with_deep_stack([&] { points = verify_at_points(program, given, random, 1, rules); });
  return points;
}

bool has_mismatch(const VerifyReport& r) {
  for (const VerifyCase& c : r.cases)
    if (c.verdict == Verdict::Fail) return true;
  return false;
}

// rev-mul-drops-term computes d(x * y)/dy as 0 instead of x: right exactly where x = 0.
TEST(VerifyAtPoints, ACoincidenceAtTheGivenPointIsCaughtAtRandomPoints) {
  const std::string program = "def main (x : real) (y : real) : real = x * y;";
  const RuleTable* faulty = &find_mutant("rev-mul-drops-term")->rules;
  std::vector<PointReport> given_only = verify_points(program, "(0, 1.5)", 0, faulty);
  ASSERT_EQ(given_only.size(), 1u);
  EXPECT_TRUE(given_only[0].report.passed()) << "d/dy = x = 0 there: the fault is invisible";

  std::vector<PointReport> points = verify_points(program, "(0, 1.5)", 4, faulty);
  ASSERT_EQ(points.size(), 5u) << "no random point is skipped here";
  EXPECT_TRUE(points[0].given);
  int caught = 0;
  for (std::size_t k = 1; k < points.size(); ++k) {
    EXPECT_FALSE(points[k].given);
    EXPECT_TRUE(points[k].skipped.empty()) << points[k].skipped;
    caught += has_mismatch(points[k].report);
  }
  EXPECT_GE(caught, 1) << "no random point had x != 0";

  for (const PointReport& p : verify_points(program, "(0, 1.5)", 4, nullptr))
    EXPECT_TRUE(p.report.passed()) << p.at;
}

// The same seed draws the same points.
TEST(VerifyAtPoints, RandomPointsAreReproducible) {
  const std::string program = "def main (v : real[3]) : real = sum(sin(v));";
  std::vector<PointReport> a = verify_points(program, "[1, 2, 3]", 3, nullptr);
  std::vector<PointReport> b = verify_points(program, "[1, 2, 3]", 3, nullptr);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) EXPECT_EQ(a[k].at, b[k].at);
}

// log(x) at random points: those with x <= 0 are skipped with the domain error, not failed;
// an input type without reals has no other point.
TEST(VerifyAtPoints, PointsOutsideTheDomainAreSkipped) {
  std::vector<PointReport> points = verify_points("def main (x : real) : real = log(x);", "2", 12, nullptr);
  int skipped = 0, judged = 0;
  for (const PointReport& p : points) {
    if (!p.skipped.empty()) {
      ++skipped;
      EXPECT_NE(p.skipped.find("log"), std::string::npos) << p.skipped;
    } else {
      EXPECT_TRUE(p.report.passed()) << p.at;
      judged += !p.given;
    }
  }
  EXPECT_GE(skipped, 1) << "random reals, none <= 0?";
  EXPECT_LE(judged, 12) << "drawing stops once 12 random points were judged";
  EXPECT_LE(points.size(), 1u + 4 * 12);
  EXPECT_EQ(verify_points("def main (u : unit) : real = 2;", "()", 5, nullptr).size(), 1u);
}

}  // namespace
}  // namespace chad
