// verify's judgement of one Jacobian entry: meeting enclosures pass, disjoint ones are a
// fail, and an unbounded enclosure (an infinite discrepancy) never passes.
#include <gtest/gtest.h>

#include <cmath>

#include "verify/verify.hpp"

namespace chad {
namespace {

VerifyCase fresh_case() { return VerifyCase{ChadMode::Reverse, SumsStrategy::Biproduct, Verdict::Pass, {}, 0, 0, {}, false,
                                              kDefaultFunctionsStrategy, std::nullopt}; }

TEST(VerifyEntry, MeetingBoundedEnclosuresPass) {
  VerifyCase c = fresh_case();
  judge_jacobian_entry(c, 0, 0, {1.0, 3.0}, {2.0, 2.0});
  EXPECT_EQ(c.verdict, Verdict::Pass);
  EXPECT_EQ(c.discrepancy, 0.0);  // midpoints 2 and 2
}

TEST(VerifyEntry, DisjointEnclosuresAreAFail) {
  VerifyCase c = fresh_case();
  judge_jacobian_entry(c, 1, 2, {6.0, 6.0}, {2.0, 2.0});
  EXPECT_EQ(c.verdict, Verdict::Fail);
  EXPECT_EQ(c.gap, 4.0);
  EXPECT_EQ(c.discrepancy, 2.0);  // |6 - 2| / max(1, 2)
  EXPECT_NE(c.detail.find("d output[1] / d input[2]"), std::string::npos) << c.detail;
}

TEST(VerifyEntry, AnUnboundedEnclosureNeverPasses) {
  for (Enclosure got : {Enclosure{0.0, INFINITY}, Enclosure{-INFINITY, INFINITY}, Enclosure{NAN, NAN}}) {
    VerifyCase c = fresh_case();
    judge_jacobian_entry(c, 0, 0, got, {2.0, 2.0});  // [0, inf] meets [2, 2]: no gap
    EXPECT_EQ(c.verdict, Verdict::Fail) << got.lo << " " << got.hi;
    EXPECT_TRUE(std::isinf(c.discrepancy));
    VerifyReport report;
    report.reference.differentiable = true;
    report.cases.push_back(c);
    EXPECT_FALSE(report.passed());
  }
}

TEST(VerifyEntry, AReportWithAnInfiniteDiscrepancyDoesNotPass) {
  VerifyReport report;
  report.reference.differentiable = true;
  report.cases.push_back(fresh_case());
  EXPECT_TRUE(report.passed());
  report.cases.back().discrepancy = INFINITY;  // a pass verdict cannot hide it
  EXPECT_FALSE(report.passed());
}

}  // namespace
}  // namespace chad
