// libFuzzer target: program text in, parsed and type-checked. Every rejection must be a located
// SourceError (fuzz/fuzz_checks.hpp); anything else aborts, which libFuzzer reports as a crash
// and saves as crash-<hash> (turn it into a file of tests/fuzz/regressions/parser/).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::string finding = chad::fuzz::check_program_text(text);
  if (!finding.empty()) {
    std::fprintf(stderr, "finding: %s\n", finding.c_str());
    std::abort();
  }
  return 0;
}
