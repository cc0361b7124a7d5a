// Test support: a fresh temporary directory of the test's own (tests run in parallel), removed
// with everything in it when the test ends.
#pragma once
#include <stdlib.h>

#include <filesystem>
#include <string>

namespace chad::testing {

struct TempDir {
  std::string path;
  // `prefix` names the directory (under the system's temporary directory) after the test.
  explicit TempDir(const std::string& prefix) {
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "_XXXXXX")).string();
    path = mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string operator/(const std::string& name) const { return (std::filesystem::path(path) / name).string(); }
};

}  // namespace chad::testing
