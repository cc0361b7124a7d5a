// read_log (oracle/campaign_log.hpp): a last line without its newline is what a kill leaves and
// is left out; a damaged complete line is a SourceError located at its file and line number.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "oracle/campaign_log.hpp"

namespace {

struct LogFile {
  std::string path;
  explicit LogFile(const std::string& text) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "chad_read_log_XXXXXX").string();
    const int fd = mkstemp(pattern.data());
    close(fd);
    path = pattern;
    std::ofstream(path, std::ios::binary) << text;
  }
  ~LogFile() { std::filesystem::remove(path); }
};

TEST(ReadLog, ALastLineWithoutItsNewlineIsLeftOut) {
  // Two complete lines, then a third cut off after its index (what SIGKILL can leave).
  LogFile log(
      "{\"index\":0,\"verdict\":\"pass\"}\n{\"index\":3,\"verdict\":\"skip\"}\n{\"index\":6,\"ver");
  const auto lines = chad::read_log(log.path);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1]["index"], 3);
  // Even a last line that parses is left out without its newline: it may be a cut-off prefix.
  LogFile whole_but_unterminated("{\"index\":0,\"verdict\":\"pass\"}");
  EXPECT_TRUE(chad::read_log(whole_but_unterminated.path).empty());
}

TEST(ReadLog, ADamagedLineIsALocatedError) {
  LogFile log(
      "{\"index\":0,\"verdict\":\"pass\"}\n{\"index\":1,\"verdict\":\"pass\"}\n{\"index\":2,"
      "\"verdict\":\"pa\n"
      "{\"index\":3,\"verdict\":\"pass\"}\n");
  try {
    chad::read_log(log.path);
    FAIL() << "a damaged third line was read";
  } catch (const chad::SourceError& e) {
    EXPECT_EQ(e.loc().line, 3);
    EXPECT_EQ(*e.loc().file, log.path);
  }
  LogFile no_index("{\"verdict\":\"pass\"}\n");  // JSON, but not a log line
  EXPECT_THROW(chad::read_log(no_index.path), chad::SourceError);
}

TEST(ReadLog, AMissingFileHasNoLines) {
  EXPECT_TRUE(chad::read_log("/nonexistent/chad/log.jsonl").empty());
}

}  // namespace
