#include "campaigns/judged_share.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "campaigns/durable_files.hpp"

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

JudgedTool judged_tool(const AdapterHello& hello, const std::string& adapter_command, int restarts,
                       const JudgedShare& share, double min_share, const std::string& too_little,
                       const std::vector<nlohmann::json>& lines) {
  JudgedTool t;
  t.tool = {{"name", hello.tool},
            {"version", hello.version},
            {"precision", precision_name(hello.precision)},
            {"adapter", adapter_command},
            {"restarts", restarts},
            {"mode", hello.mode.empty() ? nlohmann::json(nullptr) : nlohmann::json(hello.mode)},
            {"declared", hello.declaration_json()}};
  const std::map<std::string, std::size_t> reasons = unsupported_reasons(lines);
  t.judged = {{"judgeable", share.judgeable}, {"judged", share.judged}, {"min_share", min_share},
              {"too_little", !too_little.empty()}, {"unsupported_reasons", reasons}};
  std::ostringstream md;
  md << "## The tool judged\n\n" << hello.name() << ": " << hello.tool << " " << hello.version << " ("
     << arithmetic_name(hello.precision, hello.subnormals) << "), behind the adapter `" << adapter_command << "`.\n";
  if (const std::string declared = hello.declaration(); !declared.empty())
    md << "\nOn its declared fragment: " << declared << ".\n";
  md << "\nJudged " << share.judged << " of " << share.judgeable << " judgeable programs.\n";
  for (const auto& [reason, checks] : reasons) md << "\n- declined " << checks << ": " << reason;
  if (!reasons.empty()) md << "\n";
  if (!too_little.empty()) md << "\n**" << too_little << "**\n";
  t.markdown = md.str();
  return t;
}

std::string judged_tool_header_text(const AdapterHello& hello, const std::string& adapter_command) {
  std::string text = "judged: " + hello.tool + " " + hello.version + (hello.mode.empty() ? "" : ", mode " + hello.mode) +
                     " (" + arithmetic_name(hello.precision, hello.subnormals) + ") behind the adapter `" + adapter_command + "`\n";
  if (const std::string declared = hello.declaration(); !declared.empty())
    text += "on its declared fragment: " + declared + "\n";
  return text;
}

std::string judged_share_text(const JudgedShare& share, const std::vector<nlohmann::json>& lines,
                              const std::string& too_little) {
  std::string text = "judged " + std::to_string(share.judged) + " of " + std::to_string(share.judgeable) +
                     " judgeable programs\n";
  for (const auto& [reason, checks] : unsupported_reasons(lines))
    text += "  declined " + std::to_string(checks) + (checks == 1 ? " check: " : " checks: ") + reason + "\n";
  if (!too_little.empty()) text += too_little + "\n";
  return text;
}

int recorded_restarts(const std::vector<std::string>& dirs) {
  int restarts = 0;
  for (const std::string& dir : dirs) {
    std::ifstream in(std::filesystem::path(dir) / "summary.json");
    const nlohmann::json summary = nlohmann::json::parse(in, nullptr, false);
    if (!summary.is_object() || !summary.contains("tool") || !summary["tool"].is_object()) continue;
    const nlohmann::json& r = summary["tool"].value("restarts", nlohmann::json());
    if (r.is_number_integer() && r.get<int>() > 0) restarts += r.get<int>();
  }
  return restarts;
}

void add_judged_tool_to_summary(const std::string& dir, const JudgedTool& tool) {
  namespace fs = std::filesystem;
  const fs::path json_path = fs::path(dir) / "summary.json", md_path = fs::path(dir) / "summary.md";
  std::ifstream json_in(json_path);
  nlohmann::json summary = nlohmann::json::parse(json_in, nullptr, false);
  if (summary.is_object()) {
    summary["tool"] = tool.tool;
    summary["judged"] = tool.judged;
    write_file_durably(json_path.string(), summary.dump(2) + "\n");
  }
  std::ifstream md_in(md_path);
  std::stringstream text;
  text << md_in.rdbuf();
  std::string md = text.str();
  if (md.empty()) return;
  // After the verdicts' table: before the next section (or at the end).
  const std::size_t table = md.find("| verdict |");
  std::size_t at = table == std::string::npos ? std::string::npos : md.find("\n## ", table);
  if (at == std::string::npos) at = md.size();
  else at += 1;
  md.insert(at, tool.markdown + "\n");
  write_file_durably(md_path.string(), md);
}

}  // namespace chad
