#include "oracle/campaign_log.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "cost/cost_check.hpp"
#include "oracle/failure_classes.hpp"
#include "oracle/live_coverage.hpp"
#include "syntax/location.hpp"

namespace chad {

nlohmann::json outcome_json(const ProgramOutcome& o) {
  nlohmann::json checks = nlohmann::json::array();
  for (const CheckOutcome& c : o.checks) {
    nlohmann::json check = {{"mode", check_mode_name(c)},
                            {"sums", sums_strategy_name(c.sums)},
                            {"verdict", verdict_name(c.verdict)},
                            {"error", c.error},
                            {"screen_cleared", c.screen_cleared},
                            {"detail", c.detail}};
    check["implementation"] = implementation_name(c.implementation);
    check["informative"] = c.informative;
    if (c.cost) check["cost"] = cost_table_json(*c.cost);
    checks.push_back(check);
  }
  nlohmann::json line = {{"index", o.index},       {"seed", o.seed},     {"program", o.generated.program},
          {"input", o.generated.input}, {"verdict", verdict_name(o.verdict)},
          {"detail", o.detail},     {"checks", checks},   {"features", o.features},
          {"shapes", o.shapes},     {"live", o.live}};
  line["cross_check"] = nullptr;  // not checked against fd
  line["signal"] = nullptr;       // crash lines only
  line["replay"] = nullptr;
  if (o.order != 1) line["order"] = o.order;  // (absent at first order: the logs of before stay the same)
  if (o.cross_check != CrossCheck::NotChecked)
    line["cross_check"] = {{"result", cross_check_name(o.cross_check)}, {"detail", o.cross_check_detail}};
  return line;
}

nlohmann::json crash_json(std::size_t index, std::uint64_t seed, const GeneratedCase& generated,
                          const std::string& detail, int signal, const std::string& replay) {
  ProgramOutcome crashed;
  crashed.index = index;
  crashed.seed = seed;
  crashed.generated = generated;
  crashed.verdict = Verdict::Crash;
  crashed.detail = detail;
  nlohmann::json line = outcome_json(crashed);
  line["signal"] = signal ? nlohmann::json(signal) : nlohmann::json();
  line["replay"] = replay;
  return line;
}

namespace {

bool is_verdict_name(const nlohmann::json& j) {
  if (!j.is_string()) return false;
  for (Verdict v : all_verdicts())
    if (j.get<std::string>() == verdict_name(v)) return true;
  return false;
}

bool is_list_of_text(const nlohmann::json& j) {
  if (!j.is_array()) return false;
  for (const auto& e : j)
    if (!e.is_string()) return false;
  return true;
}

// What is wrong with a parsed log line, for every field the oracle reads back from it (the
// summary, errors.svg, the failure classes, merge, reports): "" when nothing is.
std::string log_line_problem(const nlohmann::json& line) {
  if (!line.is_object()) return "not a JSON object";
  if (!line.contains("index") || !line["index"].is_number_unsigned()) return "no index (a number >= 0)";
  if (!line.contains("verdict") || !is_verdict_name(line["verdict"])) return "no verdict (pass, fail, ...)";
  for (const char* text : {"program", "input", "detail"})
    if (!line.contains(text) || !line[text].is_string()) return std::string("no `") + text + "` text";
  if (!line.contains("seed") || !line["seed"].is_number_unsigned()) return "no seed (a number >= 0)";
  for (const char* list : {"features", "shapes", "live"})
    if (line.contains(list) && !is_list_of_text(line[list])) return std::string("`") + list + "` is not a list of texts";
  if (!line.contains("features")) return "no `features`";
  if (!line.contains("checks") || !line["checks"].is_array()) return "no `checks` list";
  for (const auto& c : line["checks"]) {
    if (!c.is_object() || !c.contains("verdict") || !is_verdict_name(c["verdict"]))
      return "a check without its verdict";
    if (!c.contains("screen_cleared") || !c["screen_cleared"].is_boolean()) return "a check without `screen_cleared`";
    if (c.contains("informative") && !c["informative"].is_boolean()) return "a check's `informative` is not true or false";
    if (c.contains("error") && !c["error"].is_number() && !c["error"].is_null()) return "a check's `error` is not a number";
    for (const char* text : {"detail", "mode", "sums", "implementation"})
      if (c.contains(text) && !c[text].is_string()) return std::string("a check's `") + text + "` is not a text";
  }
  if (line.contains("cross_check") && !line["cross_check"].is_null() &&
      (!line["cross_check"].is_object() || !line["cross_check"].contains("result") ||
       !line["cross_check"]["result"].is_string()))
    return "`cross_check` is neither null nor an object with its `result`";
  return "";
}

}  // namespace

std::vector<nlohmann::json> read_log(const std::string& path, int first_line) {
  std::vector<nlohmann::json> lines;
  std::ifstream in(path, std::ios::binary);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (in.eof()) break;  // no newline after it: a line cut off by a kill, its program runs again
    if (line.empty() || number < first_line) continue;
    auto parsed = nlohmann::json::parse(line, nullptr, false);
    const std::string problem = parsed.is_discarded() ? "not JSON" : log_line_problem(parsed);
    if (!problem.empty())
      throw SourceError(Loc{intern_file_name(path), number, 1},
                        "not a campaign log line (" + problem +
                            "): the log is damaged; remove or repair this line to resume");
    lines.push_back(std::move(parsed));
  }
  if (in.bad()) throw SourceError(Loc{intern_file_name(path), 0, 0}, "cannot read the log");
  return lines;
}

namespace {

// Informative checks and shapes of one log line (absent in logs written before they were).
void count_informative(const nlohmann::json& line, CampaignSummary& s) {
  for (const auto& c : line["checks"]) {
    ++s.checks;
    s.informative_checks += c.value("informative", false);
  }
  for (const auto& shape : line.value("shapes", nlohmann::json::array())) ++s.shapes[shape.get<std::string>()];
}

}  // namespace

double informative_share(const CampaignSummary& s) {
  return s.checks ? double(s.informative_checks) / double(s.checks) : 0.0;
}

CampaignSummary summarize(const std::vector<nlohmann::json>& lines) {
  CampaignSummary s;
  for (Verdict v : all_verdicts()) s.verdicts[verdict_name(v)] = 0;
  for (const auto& line : lines) {
    ++s.programs;
    ++s.verdicts[line["verdict"].get<std::string>()];
    for (const auto& f : line["features"]) ++s.coverage[f.get<std::string>()];
    for (const auto& c : line["checks"]) s.screen_cleared += c["screen_cleared"].get<bool>();
    if (line.contains("cross_check") && !line["cross_check"].is_null())
      count_cross_check(parse_cross_check(line["cross_check"]["result"].get<std::string>()).value_or(CrossCheck::NotChecked),
                        s.cross_check);
    count_informative(line, s);
    if (line.contains("live"))
      for (const auto& f : line["live"]) ++s.live_coverage[f.get<std::string>()];
  }
  return s;
}

namespace {

nlohmann::json failures(const std::vector<nlohmann::json>& lines) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& line : lines) {
    const std::string v = line["verdict"];
    if (is_failure(v))
      out.push_back({{"index", line["index"]}, {"seed", line["seed"]}, {"verdict", v}});
  }
  return out;
}

// Programs in which each rule (former, primitive) was live, every rule listed (0 if never).
std::map<std::string, std::size_t> live_coverage_counts(const CampaignSummary& s) {
  std::map<std::string, std::size_t> counts;
  for (const std::string& key : live_coverage_keys()) counts[key] = 0;
  for (const auto& [key, n] : s.live_coverage) counts[key] = n;
  return counts;
}

// Those counts as shares of all programs.
std::map<std::string, double> live_coverage_shares(const CampaignSummary& s) {
  std::map<std::string, double> shares;
  for (const auto& [key, n] : live_coverage_counts(s))
    shares[key] = s.programs ? double(n) / double(s.programs) : 0.0;
  return shares;
}

std::string live_coverage_markdown(const CampaignSummary& s) {
  std::ostringstream md;
  md << "\n## Live coverage (programs in which each rule ran with a non-zero (co)tangent through it)\n\n"
        "| rule | programs | share |\n|---|---|---|\n";
  const std::map<std::string, double> shares = live_coverage_shares(s);
  for (const auto& [key, n] : live_coverage_counts(s)) md << "| " << key << " | " << n << " | " << 100.0 * shares.at(key) << "% |\n";
  return md.str();
}

}  // namespace

nlohmann::json summary_json(const CampaignSummary& s, const std::vector<nlohmann::json>& lines) {
  return {{"programs", s.programs},
          {"verdicts", s.verdicts},
          {"screen_cleared", s.screen_cleared},
          {"coverage", s.coverage},
          {"informative", {{"checks", s.checks}, {"informative", s.informative_checks}, {"share", informative_share(s)}}},
          {"shapes", s.shapes},
          {"live_coverage", live_coverage_counts(s)},
          {"live_coverage_share", live_coverage_shares(s)},
          {"seconds", s.seconds},
          {"cross_check", {{"checked", s.cross_check.checked},
                           {"disagreements", s.cross_check.disagreements},
                           {"cannot_certify", s.cross_check.cannot_certify}}},
          {"failures", failures(lines)}};
}

std::string summary_markdown(const CampaignSummary& s, const std::vector<nlohmann::json>& lines, const std::string& tool,
                             const std::string& dir) {
  std::ostringstream md;
  md << "# Campaign summary\n\n" << s.programs << " programs.\n\n| verdict | programs |\n|---|---|\n";
  for (const auto& [v, n] : s.verdicts) md << "| " << v << " | " << n << " |\n";
  md << "\n" << s.screen_cleared
     << " checks disagreed with dual numbers in double and were cleared by the certified check.\n";
  if (s.cross_check.checked)
    md << "\nCross-check with fd: " << s.cross_check.checked << " programs checked, "
       << s.cross_check.disagreements << " disagreements, " << s.cross_check.cannot_certify
       << " where fd could not certify.\n";
  md << "\n## Coverage (programs using each)\n\n| feature | programs | share |\n|---|---|---|\n";
  for (const auto& [f, n] : s.coverage)
    md << "| " << f << " | " << n << " | " << (s.programs ? 100.0 * double(n) / double(s.programs) : 0.0) << "% |\n";
  md << "\n## Informative checks\n\n" << s.informative_checks << " of " << s.checks << " checks ("
     << 100.0 * informative_share(s)
     << "%) could expose a derivative fault: non-empty input and output, a reference derivative "
        "not 0 or +-1.\n";
  md << "\n## Shapes (programs having each)\n\n| shape | programs | share |\n|---|---|---|\n";
  for (const auto& [shape, n] : s.shapes)
    md << "| " << shape << " | " << n << " | " << (s.programs ? 100.0 * double(n) / double(s.programs) : 0.0) << "% |\n";
  md << live_coverage_markdown(s);
  if (!s.seconds.empty()) {
    md << "\n## Time per stage (seconds, this run)\n\n| stage | seconds |\n|---|---|\n";
    for (const auto& [stage, t] : s.seconds) md << "| " << stage << " | " << t << " |\n";
  }
  md << failures_markdown(lines, tool, dir);
  return md.str();
}

}  // namespace chad
