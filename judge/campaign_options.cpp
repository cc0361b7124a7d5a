#include "judge/campaign_options.hpp"

namespace chad {

void record_judgement(CheckOutcome& c, Judgement j) {
  c.verdict = j.verdict;
  c.detail = std::move(j.reason);
  c.discrepancy = std::move(j.discrepancy);
}

std::string check_mode_name(const CheckOutcome& c) {
  return c.mode_name.empty() ? chad_mode_name(c.mode) : c.mode_name;
}

std::string verdict_counts_text(const CampaignSummary& summary) {
  std::string text;
  for (const auto& [verdict, count] : summary.verdicts)
    text += (text.empty() ? "" : "  ") + verdict + " " + std::to_string(count);
  return text;
}

ChadOptions campaign_chad_options(const CampaignOptions& options, ChadMode mode, SumsStrategy sums) {
  ChadOptions chad{mode, sums, options.rules};
  chad.functions = options.functions;
  return chad;
}

}  // namespace chad
