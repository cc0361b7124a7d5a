// libFuzzer target: a campaign log read on resume (fuzz/oracle_fuzz_checks.hpp
// says what is checked). A finding aborts (a crash for libFuzzer; turn its crash-<hash> file
// into a file of tests/fuzz/regressions/campaign_log/).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz/oracle_fuzz_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string finding = chad::fuzz::check_campaign_log(std::string(reinterpret_cast<const char*>(data), size));
  if (!finding.empty()) {
    std::fprintf(stderr, "finding: %s\n", finding.c_str());
    std::abort();
  }
  return 0;
}
