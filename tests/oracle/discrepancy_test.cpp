// The one text of a discrepancy (judge/discrepancy.hpp), the same in every command: each
// bound at full precision (the shortest decimal that reads back exactly), never rounded to 6
// digits as verify's detail once was.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "judge/discrepancy.hpp"
#include "judge/verdict.hpp"

namespace chad {
namespace {

TEST(Discrepancy, AnEnclosureAnswerAtFullPrecision) {
  const Discrepancy d{0, 1, "CHAD", {1.0 / 3, 0.1}, false, {0.375, 0.375}, 0};
  EXPECT_EQ(format_discrepancy(d),
            "d output[0] / d input[1]: CHAD encloses [0.3333333333333333, 0.1], the certified reference [0.375, 0.375]");
}

TEST(Discrepancy, ANumberAnswer) {
  const Discrepancy d{2, 0, "the compiled kernel", {1e-7, 1e-7}, true, {-2.5, 1e300}, 1e-9};
  EXPECT_EQ(format_discrepancy(d), "d output[2] / d input[0]: the compiled kernel gives 1e-07, the certified reference encloses [-2.5, 1e+300]");
}

TEST(Discrepancy, AnUnboundedAnswerSaysItConfirmsNothing) {
  const Discrepancy d{0, 0, "CHAD", {-INFINITY, INFINITY}, false, {3, 3}, 0};
  EXPECT_FALSE(answer_confirmed(d));
  const Judgement j = judge_entry(d);
  EXPECT_EQ(j.verdict, Verdict::Fail);
  EXPECT_NE(j.reason.find("(an unbounded enclosure confirms nothing)"), std::string::npos) << j.reason;
  ASSERT_TRUE(j.discrepancy.has_value());
}

TEST(Discrepancy, ANumberWithinItsBandIsConfirmed) {
  const Discrepancy inside{0, 0, "x", {3 + 1e-10, 3 + 1e-10}, true, {3, 3}, 1e-9};
  EXPECT_TRUE(answer_confirmed(inside));
  EXPECT_EQ(judge_entry(inside).verdict, Verdict::Pass);
  const Discrepancy outside{0, 0, "x", {3 + 1e-6, 3 + 1e-6}, true, {3, 3}, 1e-9};
  EXPECT_FALSE(answer_confirmed(outside));
}

TEST(Verdicts, OneVocabularyRankedWorstFirst) {
  EXPECT_EQ(worse_verdict(Verdict::Fail, Verdict::Fault), Verdict::Fault);
  EXPECT_EQ(worse_verdict(Verdict::Skip, Verdict::FailNumeric), Verdict::FailNumeric);
  EXPECT_EQ(worse_verdict(Verdict::Unsupported, Verdict::Pass), Verdict::Unsupported);
  EXPECT_EQ(std::string(verdict_name(Verdict::FailNumeric)), "fail-numeric");
  EXPECT_EQ(all_verdicts().size(), 8u);
  EXPECT_TRUE(is_failure("fail-cost"));
  EXPECT_FALSE(is_failure("unsupported"));
}

}  // namespace
}  // namespace chad
