// `verify --inputs ... --out DIR`: the report of a random input that failed, shrunk with the
// program fixed, written into DIR as a campaign's (reports/counterexample.hpp: program.chad,
// report.md and report.json, the standalone script where an outside tool's hello offers one);
// `chad-oracle replay DIR` re-checks it. For CHAD (verify_command.cpp shrinks through
// verify/verify.hpp) and for an outside tool (`verify --adapter CMD --out DIR`: shrunk here, each
// candidate judged as a campaign judges the tool).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "oracle/campaign.hpp"
#include "triage/input_shrink.hpp"
#include "verify/verify.hpp"

namespace chad {

// Writes the report of input `point` of `regenerate` (the `verify` command that draws it again),
// `original` shrunk to `shrink.input`, checked by `campaign` (with `mutant` injected, "" for
// none). Returns the report's verdict (the shrunk input re-checked). Throws OutputError when DIR
// cannot be written.
std::string write_shrunk_input_report(const CampaignOptions& campaign, const std::string& mutant,
                                      const std::string& program_text, std::size_t point,
                                      const std::string& original, const InputShrinkResult& shrink,
                                      const std::string& regenerate, const std::string& out);

struct AdapterInputReport {
  std::size_t point = 0;            // which point failed first (its index in `points`)
  std::string original;             // its input before shrinking, as `--at` text
  InputShrinkResult shrink;         // and after
  std::string verdict;              // the report's verdict (the shrunk input re-checked)
};

// `verify --adapter CMD --out DIR`: null when no judged point failed. `campaign` judges an
// adapter (Implementation::Adapter).
std::optional<AdapterInputReport> write_adapter_input_report(const CampaignOptions& campaign,
                                                             const std::string& program_text,
                                                             const std::vector<AdapterPointReport>& points,
                                                             const std::string& out, const std::string& regenerate);

}  // namespace chad
