// `verify --adapter CMD --out DIR`: the first failing point's input shrunk with the program fixed
// (oracle/input_shrink.hpp; each candidate judged as a campaign judges the tool), and its
// counterexample report written into DIR as a campaign's (reports/counterexample.hpp:
// program.chad, report.md and report.json in the tool's terms, the standalone script where the
// tool's hello offers one); `chad-oracle replay DIR` re-checks it.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "oracle/campaign.hpp"
#include "oracle/verify.hpp"

namespace chad {

struct AdapterInputReport {
  std::size_t point = 0;            // which point failed first (its index in `points`)
  std::string original, input;      // its input before and after shrinking, as `--at` text
  std::size_t original_nodes = 0, nodes = 0;
  int candidates = 0;
  std::string verdict;              // the report's verdict (the shrunk input re-checked)
};

// Null when no judged point failed. `campaign` judges an adapter (Implementation::Adapter);
// `regenerate` is the `verify` command that finds the unshrunk input again. Throws OutputError
// when DIR cannot be written.
std::optional<AdapterInputReport> write_adapter_input_report(const CampaignOptions& campaign,
                                                             const std::string& program_text,
                                                             const std::vector<AdapterPointReport>& points,
                                                             const std::string& out, const std::string& regenerate);

}  // namespace chad
