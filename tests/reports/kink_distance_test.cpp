// The distance to the nearest kink, said in the report of a failure near one (issue #30, item 3):
// hand-built points at known distances from abs's, max's, hypot's, atan2's and norm's kinks.
#include <gtest/gtest.h>

#include "judge/case.hpp"
#include "reports/kink_distance.hpp"

namespace chad {
namespace {

std::optional<std::string> nearest(const std::string& program, const std::string& at) {
  const Case k(GeneratedCase{program, at});
  return nearest_kink(k.program(), k.input());
}

TEST(KinkDistance, AbsNearZeroSaysHowFar) {
  const auto said = nearest("def main (x : real) : real = abs(x) + max(x, 2);\n", "1e-9");
  ASSERT_TRUE(said.has_value());
  // abs at 1e-9 is 1e-9 from 0; max(1e-9, 2) is 2 - 1e-9 from its tie: abs's is the nearer.
  EXPECT_NE(said->find("abs's argument x = 1e-09"), std::string::npos) << *said;
  EXPECT_NE(said->find("is 1e-09 from its kink at 0"), std::string::npos) << *said;
}

TEST(KinkDistance, MaxTieAndHypotAndAtan2Cut) {
  const auto tie = nearest("def main (x : real, y : real) : real = max(x, y) + abs(x);\n", "(1, 1.5)");
  ASSERT_TRUE(tie.has_value());  // |1 - 1.5| = 0.5 from the tie, |1| from abs's kink
  EXPECT_NE(tie->find("max's arguments 1 and 1.5"), std::string::npos) << *tie;
  EXPECT_NE(tie->find("are 0.5 from its kink x = y"), std::string::npos) << *tie;
  const auto origin = nearest("def main (x : real, y : real) : real = hypot(x, y);\n", "(0.375, 0.5)");
  ASSERT_TRUE(origin.has_value());  // hypot(0.375, 0.5) = 0.625
  EXPECT_NE(origin->find("are 0.625 from its kink (0, 0)"), std::string::npos) << *origin;
  const auto cut = nearest("def main (y : real, x : real) : real = atan2(y, x);\n", "(0.25, -2)");
  ASSERT_TRUE(cut.has_value());  // y = 0.25 above the cut y = 0, x < 0
  EXPECT_NE(cut->find("are 0.25 from its cut"), std::string::npos) << *cut;
}

TEST(KinkDistance, NormsZeroVector) {
  // norm(0.5 (3, 4)) = 2.5: the vector (1.5, 2) is 2.5 from the zero vector; abs's 1 - 0.5 nearer.
  const auto said = nearest("def main (x : real) : real = norm(scale(x, [3, 4]));\n", "0.5");
  ASSERT_TRUE(said.has_value());
  EXPECT_NE(said->find("norm's argument"), std::string::npos) << *said;
  EXPECT_NE(said->find("is 2.5 from its kink, the zero vector"), std::string::npos) << *said;
  const auto abs_nearer = nearest("def main (x : real) : real = norm(scale(x, [3, 4])) + abs(x - 1);\n", "0.5");
  ASSERT_TRUE(abs_nearer.has_value());
  EXPECT_NE(abs_nearer->find("abs's argument x = -0.5"), std::string::npos) << *abs_nearer;
}

TEST(KinkDistance, NoKinkNoSentence) {
  EXPECT_FALSE(nearest("def main (x : real) : real = sin(x) * x;\n", "0.5").has_value());
}

}  // namespace
}  // namespace chad
