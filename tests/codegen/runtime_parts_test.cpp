// The kernel runtime's parts (codegen/runtime/rt_*.hpp): every part on disk is in the one text
// embedded in kernels (kernel_runtime_source(), joined by codegen/CMakeLists.txt) whole, and
// included by the umbrella chad_runtime.hpp, in the same order in both; each starts with a
// comment that says what it holds.
#include "codegen/generate_kernel.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace chad {
namespace {

namespace fs = std::filesystem;

const fs::path kRuntimeDir = fs::path(CHAD_SOURCE_DIR) / "codegen" / "runtime";

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The rt_*.hpp files in codegen/runtime/, by name.
std::vector<std::string> parts_on_disk() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(kRuntimeDir)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("rt_") && name.ends_with(".hpp")) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// The names matched by the first group of `pattern` in `text`, in order.
std::vector<std::string> matches(const std::string& text, const std::regex& pattern) {
  std::vector<std::string> names;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), pattern); it != std::sregex_iterator(); ++it)
    names.push_back((*it)[1].str());
  return names;
}

TEST(RuntimeParts, TheEmbeddedTextAndTheUmbrellaHeaderJoinEveryPartInOneOrder) {
  const std::vector<std::string> on_disk = parts_on_disk();
  ASSERT_GE(on_disk.size(), 5u);
  const std::string embedded = kernel_runtime_source();
  const std::vector<std::string> joined = matches(embedded, std::regex(R"(// ---- runtime/(rt_\w+\.hpp) ----)"));
  const std::vector<std::string> included =
      matches(read(kRuntimeDir / "chad_runtime.hpp"), std::regex(R"re(#include "(rt_\w+\.hpp)")re"));
  EXPECT_EQ(joined, included);
  std::vector<std::string> sorted = joined;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, on_disk);
}

TEST(RuntimeParts, EachPartIsEmbeddedWholeAndSaysWhatItHolds) {
  const std::string embedded = kernel_runtime_source();
  for (const std::string& name : parts_on_disk()) {
    const std::string text = read(kRuntimeDir / name);
    EXPECT_TRUE(text.starts_with("// ")) << name << " starts without a comment";
    EXPECT_NE(embedded.find("// ---- runtime/" + name + " ----\n" + text), std::string::npos)
        << name << " is not in the embedded runtime as it is on disk";
  }
  EXPECT_TRUE(embedded.starts_with("// ---- runtime/chad_kernel_abi.h ----\n"));
}

}  // namespace
}  // namespace chad
