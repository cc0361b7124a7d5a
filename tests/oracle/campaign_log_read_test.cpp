// read_log (oracle/campaign_log.hpp): a last line without its newline is what a kill leaves and
// is left out; a damaged complete line, or one without a field the oracle reads back, is a
// SourceError located at its file and line number.
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

// A complete log line of program `index` (every field the oracle reads back: oracle/campaign_log.cpp).
std::string log_line(int index, const char* verdict) {
  return "{\"index\":" + std::to_string(index) + ",\"seed\":7,\"verdict\":\"" + verdict +
         "\",\"program\":\"def main (x : real) : real = x;\",\"input\":\"1\",\"detail\":\"\",\"features\":[],"
         "\"checks\":[]}";
}

TEST(ReadLog, ALastLineWithoutItsNewlineIsLeftOut) {
  // Two complete lines, then a third cut off after its index (what SIGKILL can leave).
  LogFile log(log_line(0, "pass") + "\n" + log_line(3, "skip") + "\n{\"index\":6,\"ver");
  const auto lines = chad::read_log(log.path);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1]["index"], 3);
  // Even a last line that parses is left out without its newline: it may be a cut-off prefix.
  LogFile whole_but_unterminated(log_line(0, "pass"));
  EXPECT_TRUE(chad::read_log(whole_but_unterminated.path).empty());
}

TEST(ReadLog, ADamagedLineIsALocatedError) {
  LogFile log(log_line(0, "pass") + "\n" + log_line(1, "pass") + "\n{\"index\":2,\"verdict\":\"pa\n" +
              log_line(3, "pass") + "\n");
  try {
    chad::read_log(log.path);
    FAIL() << "a damaged third line was read";
  } catch (const chad::SourceError& e) {
    EXPECT_EQ(e.loc().line, 3);
    EXPECT_EQ(*e.loc().file, log.path);
  }
  LogFile no_index("{\"verdict\":\"pass\"}\n");  // JSON, but not a log line
  EXPECT_THROW(chad::read_log(no_index.path), chad::SourceError);
  LogFile no_checks("{\"index\":0,\"verdict\":\"pass\"}\n");  // nothing the summary reads
  EXPECT_THROW(chad::read_log(no_checks.path), chad::SourceError);
}

TEST(ReadLog, AMissingFileHasNoLines) {
  EXPECT_TRUE(chad::read_log("/nonexistent/chad/log.jsonl").empty());
}

}  // namespace
