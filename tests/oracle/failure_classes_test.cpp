// Failure classes: failing log lines grouped by verdict, failing checks and (for a fault or a
// crash) reason; passing and skipped lines belong to none.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "../support/temp_dir.hpp"
#include "oracle/failure_classes.hpp"

namespace chad {
namespace {

nlohmann::json check(const std::string& mode, const std::string& sums, const std::string& verdict,
                     const std::string& detail = "") {
  return {{"mode", mode}, {"sums", sums}, {"verdict", verdict}, {"detail", detail}, {"error", 0.0}};
}

nlohmann::json line(std::size_t index, const std::string& verdict, nlohmann::json checks,
                    const std::string& detail = "") {
  return {{"index", index}, {"verdict", verdict}, {"detail", detail}, {"checks", std::move(checks)}};
}

TEST(FailureClasses, GroupByVerdictChecksAndReason) {
  const nlohmann::json rev_fails = {check("fwd", "biproduct", "pass"), check("rev", "biproduct", "fail"),
                                    check("rev", "lifted", "fail")};
  const std::vector<nlohmann::json> lines = {
      line(0, "pass", {check("fwd", "biproduct", "pass")}),
      line(1, "fail", rev_fails),
      line(2, "fault", {check("rev", "biproduct", "fault", "unbound variable `v#12`")}),
      line(3, "fail", rev_fails),
      line(4, "fault", {check("rev", "biproduct", "fault", "unbound variable `v#7`")}),  // the same fault
      line(5, "fail", {check("rev", "biproduct", "fail"), check("rev", "lifted", "fail-numeric")}),
      line(6, "crash", nlohmann::json::array(), "the worker died of signal 11 (Segmentation fault)"),
      line(7, "skip", {check("rev", "biproduct", "skip")}),
  };
  const std::vector<FailureClass> classes = failure_classes(lines);
  // Programs 1 and 3; 2 and 4 (their fresh names' numbers apart, one reason); 5 (a check of
  // another verdict); 6.
  ASSERT_EQ(classes.size(), 4u);
  EXPECT_EQ(classes[0].describe(), "fail in rev biproduct, rev lifted");
  EXPECT_EQ(classes[0].programs, 2u);
  EXPECT_EQ(classes[0].first_index, 1u);
  EXPECT_EQ(classes[1].describe(), "fault in rev biproduct: unbound variable `v#`");
  EXPECT_EQ(classes[1].programs, 2u);
  EXPECT_EQ(classes[1].first_index, 2u);
  EXPECT_EQ(classes[2].describe(), "fail in rev biproduct, rev lifted (fail-numeric)");
  EXPECT_EQ(classes[2].first_index, 5u);
  EXPECT_EQ(classes[3].describe(), "crash: the worker died of signal 11 (Segmentation fault)");
  EXPECT_EQ(classes[3].programs, 1u);
}

// Every check failing alike is said in a word; a check of another verdict keeps the list.
TEST(FailureClasses, AllChecksFailing) {
  const std::vector<FailureClass> classes = failure_classes(
      {line(0, "fault", {check("fwd", "lifted", "fault", "x"), check("rev", "lifted", "fault", "x")}),
       line(1, "fault", {check("fwd", "lifted", "fault", "x"), check("rev", "lifted", "fail")})});
  ASSERT_EQ(classes.size(), 2u);
  EXPECT_EQ(classes[0].describe(), "fault in all 2 checks: x");
  EXPECT_EQ(classes[1].describe(), "fault in fwd lifted, rev lifted (fail): x");
}

TEST(FailureClasses, NoneWithoutFailures) {
  EXPECT_TRUE(failure_classes({line(0, "pass", nlohmann::json::array()), line(1, "skip", nlohmann::json::array())})
                  .empty());
}

// An outside tool's check is named by the tool and its mode, not by CHAD's mode and sums.
TEST(FailureClasses, AnOutsideToolsChecksAreNamedByTheTool) {
  nlohmann::json by_adapter = check("rev", "biproduct", "fail");
  by_adapter["implementation"] = "adapter";
  EXPECT_EQ(failure_classes({line(0, "fail", {by_adapter})}, "jax-jit-vjp")[0].describe(), "fail in jax-jit-vjp");
  nlohmann::json named = check("rev", "biproduct", "fail");
  named["implementation"] = "torch-autograd";  // a log whose checks name the implementation judged
  EXPECT_EQ(failure_classes({line(0, "fail", {named})})[0].describe(), "fail in torch-autograd");
}

TEST(FailuresMarkdown, ClassesAndProgramsLinkTheReportsTheDirectoryHolds) {
  // Five failing programs in two classes; the directory holds the reports of programs 1 and 4 only.
  testing::TempDir dir("chad_failures_markdown");
  for (const char* index : {"1", "4"}) {
    const std::filesystem::path reported = std::filesystem::path(dir.path) / "failures" / index;
    std::filesystem::create_directories(reported);
    std::ofstream(reported / "report.md") << "# report\n";
  }
  const nlohmann::json rev = {check("rev", "biproduct", "fail")};
  std::vector<nlohmann::json> lines;
  for (std::size_t i = 0; i < 7; ++i) {
    nlohmann::json l = line(i, i == 0 || i == 6 ? "pass" : i == 4 ? "fault" : "fail",
                            i == 4 ? nlohmann::json{check("fwd", "lifted", "fault", "boom")} : rev);
    l["seed"] = 100 + i;
    lines.push_back(l);
  }
  const std::string md = failures_markdown(lines, "", dir.path, 3);
  SCOPED_TRACE(md);
  EXPECT_NE(md.find("5 programs failed, in 2 classes."), std::string::npos);
  EXPECT_NE(md.find("| fail in rev biproduct | 4 | 1 | [report.md](failures/1/report.md) |"), std::string::npos);
  EXPECT_NE(md.find("| fault in fwd lifted: boom | 1 | 4 | [report.md](failures/4/report.md) |"), std::string::npos);
  EXPECT_NE(md.find("- program 1 (seed 101): fail, [report](failures/1/report.md)\n"), std::string::npos);
  EXPECT_NE(md.find("- program 2 (seed 102): fail\n"), std::string::npos);  // no report: no link
  EXPECT_EQ(md.find("program 4 (seed"), std::string::npos);  // past the 3 listed ...
  EXPECT_NE(md.find("- ... and 2 more (log.jsonl has every one)"), std::string::npos);  // ... but counted
  EXPECT_EQ(md.find("program 0 "), std::string::npos);  // passes are no failures
}

TEST(FailuresMarkdown, NothingFailedSaysNone) {
  const std::vector<nlohmann::json> lines = {line(0, "pass", {check("fwd", "biproduct", "pass")})};
  EXPECT_EQ(failures_markdown(lines, "", ""), "\n## Failures\n\nNone.\n");
}

}  // namespace
}  // namespace chad
