// Test support: running the built `chad-oracle` tool and capturing its exit code and output.
#pragma once
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "address_sanitizer.hpp"

namespace chad::testing {

struct ToolRun {
  int exit_code;
  std::string output;  // stdout, and stderr too when merged
};

inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs `chad-oracle ARGS` (with a 120 s limit).
inline ToolRun run_tool(const std::string& args, bool merge_stderr = true) {
  std::string cmd = "timeout 120 " + std::string(CHAD_BINARY_DIR) +
                    "/apps/chad-oracle/chad-oracle " + args + (merge_stderr ? " 2>&1" : " 2>/dev/null");
  FILE* pipe = popen(cmd.c_str(), "r");
  std::string out;
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  int status = pclose(pipe);
  drop_swapcontext_warning(out);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), out};
}

// Writes `text` to `name` in the folder `folder` under the temporary directory (created when
// missing) and returns its path.
inline std::string write_temp_file(const std::string& folder, const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / folder;
  std::filesystem::create_directories(dir);
  auto path = (dir / name).string();
  std::ofstream(path) << text;
  return path;
}

inline std::string example(const std::string& name) {
  return std::string(CHAD_SOURCE_DIR) + "/examples/" + name;
}

}  // namespace chad::testing
