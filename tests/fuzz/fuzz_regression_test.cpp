// The inputs of tests/fuzz/regressions/ (what the fuzz targets of fuzz/ found, and edge cases
// written by hand), run through the fuzz targets' own checks in the ordinary build: each is
// accepted, or rejected with a located SourceError. And the check itself: a SourceError without
// a location is a finding.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "../support/example_programs.hpp"
#include "fuzz/fuzz_checks.hpp"
#include "fuzz/oracle_fuzz_checks.hpp"

namespace {

std::vector<std::filesystem::path> regression_inputs(const std::string& target) {
  std::vector<std::filesystem::path> paths;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(CHAD_SOURCE_DIR) + "/tests/fuzz/regressions/" + target))
    paths.push_back(entry.path());
  return paths;
}

TEST(FuzzRegressions, EveryParserInputIsAcceptedOrRejectedWithALocation) {
  const auto inputs = regression_inputs("parser");
  ASSERT_FALSE(inputs.empty());
  for (const auto& path : inputs)
    EXPECT_EQ(chad::fuzz::check_program_text(chad::testing::read_text_file(path.string())), "") << path;
}

TEST(FuzzRegressions, EveryAtValueInputIsAcceptedOrRejectedWithALocation) {
  const auto programs = chad::fuzz::load_example_programs(std::string(CHAD_SOURCE_DIR) + "/examples");
  ASSERT_FALSE(programs.empty());
  const auto inputs = regression_inputs("at_value");
  ASSERT_FALSE(inputs.empty());
  for (const auto& path : inputs)
    EXPECT_EQ(chad::fuzz::check_at_value(programs, chad::testing::read_text_file(path.string())), "") << path;
}

TEST(FuzzRegressions, EveryAdapterAnswerIsReadOrRejectedAsBreakingTheProtocol) {
  const auto inputs = regression_inputs("adapter_answer");
  ASSERT_FALSE(inputs.empty());
  for (const auto& path : inputs)
    EXPECT_EQ(chad::fuzz::check_adapter_answer(chad::testing::read_text_file(path.string())), "") << path;
}

TEST(FuzzRegressions, EveryCampaignLogIsSummarisedOrRejectedWithALocation) {
  const auto inputs = regression_inputs("campaign_log");
  ASSERT_FALSE(inputs.empty());
  for (const auto& path : inputs)
    EXPECT_EQ(chad::fuzz::check_campaign_log(chad::testing::read_text_file(path.string())), "") << path;
}

// The checks themselves: a malformed answer read into numbers would be a finding, and so is a
// tool's answer whose field of the wrong type escapes as json's own exception (it did: `"kind": 5`
// was an internal error, exit 4, before read_answer checked the field).
TEST(FuzzChecks, AnAnswerOfTheRightShapeIsReadAndAMalformedOneRejected) {
  EXPECT_EQ(chad::fuzz::check_adapter_answer(std::string(1, '\0') +
                                             R"({"id": 1, "kind": "result", "jacobian": [[1, 0, 0], [2, 1, 0], [3, 0, 1]]})"),
            "");
  EXPECT_EQ(chad::fuzz::check_adapter_answer(std::string(1, '\0') + R"({"id": 1, "kind": 5})"), "");
  EXPECT_EQ(chad::fuzz::check_campaign_log("{\"index\": 1, \"verdict\": \"pass\"}\nnot json\n"), "");
}

TEST(FuzzChecks, ASourceErrorWithoutALineIsAFinding) {
  const chad::Loc no_line{chad::intern_file_name("<fuzz>"), 0, 0};
  EXPECT_NE(chad::fuzz::location_problem(chad::SourceError(no_line, "no def")), "");
  const chad::Loc no_file{nullptr, 3, 4};
  EXPECT_NE(chad::fuzz::location_problem(chad::SourceError(no_file, "x")), "");
  const chad::Loc located{chad::intern_file_name("<fuzz>"), 3, 4};
  EXPECT_EQ(chad::fuzz::location_problem(chad::SourceError(located, "x")), "");
}

}  // namespace
