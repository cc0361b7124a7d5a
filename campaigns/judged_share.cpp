#include "campaigns/judged_share.hpp"

#include <cmath>

namespace chad {

JudgedShare judged_share(const CampaignSummary& summary) {
  auto count = [&](Verdict v) {
    auto found = summary.verdicts.find(verdict_name(v));
    return found == summary.verdicts.end() ? std::size_t(0) : found->second;
  };
  JudgedShare s;
  s.programs = summary.programs;
  s.judgeable = summary.programs - std::min(summary.programs, count(Verdict::Skip));
  s.judged = s.judgeable - std::min(s.judgeable, count(Verdict::Unsupported));
  return s;
}

std::string too_little_judged(const JudgedShare& s, double min_share) {
  if (s.programs == 0) return "";
  const auto percent = [](double x) { return std::to_string(int(std::floor(100 * x + 0.5))) + "%"; };
  if (s.judged == 0)
    return "JUDGED NOTHING: the tool declined every one of the " + std::to_string(s.judgeable) +
           " programs it could have been judged on (" + std::to_string(s.programs - s.judgeable) + " skipped)";
  if (s.share() + 1e-12 < min_share)
    return "JUDGED TOO LITTLE: " + std::to_string(s.judged) + " of " + std::to_string(s.judgeable) +
           " judgeable programs (" + percent(s.share()) + "), less than the " + percent(min_share) +
           " asked (--min-judged); the rest the tool declined";
  return "";
}

std::map<std::string, std::size_t> unsupported_reasons(const std::vector<nlohmann::json>& lines) {
  std::map<std::string, std::size_t> reasons;
  for (const nlohmann::json& line : lines)
    for (const nlohmann::json& check : line.value("checks", nlohmann::json::array()))
      if (check.value("verdict", "") == "unsupported") ++reasons[check.value("detail", std::string())];
  return reasons;
}

}  // namespace chad
