// libFuzzer target: `--at` values read against the input types of the programs of examples/
// (the first byte chooses the program: fuzz/fuzz_checks.hpp). Every rejection must be a located
// SourceError; anything else aborts (a crash for libFuzzer; turn its crash-<hash> file into a
// file of tests/fuzz/regressions/at_value/).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "fuzz/fuzz_checks.hpp"

namespace {

const std::vector<chad::CheckedProgram>& programs() {
  static const std::vector<chad::CheckedProgram> loaded =
      chad::fuzz::load_example_programs(std::string(CHAD_SOURCE_DIR) + "/examples");
  return loaded;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::string finding = chad::fuzz::check_at_value(programs(), text);
  if (!finding.empty()) {
    std::fprintf(stderr, "finding: %s\n", finding.c_str());
    std::abort();
  }
  return 0;
}
