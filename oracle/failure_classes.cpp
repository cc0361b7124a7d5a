#include "oracle/failure_classes.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <sstream>
#include <tuple>

#include "oracle/campaign.hpp"
#include "oracle/implementation_registry.hpp"

namespace chad {
namespace {

// The reason with the numbers of fresh names (`v#12`, `dx#3`) dropped: `v#`, `dx#`.
std::string normalized_reason(const std::string& reason) {
  std::string out;
  for (std::size_t i = 0; i < reason.size(); ++i) {
    out += reason[i];
    if (reason[i] == '#')
      while (i + 1 < reason.size() && std::isdigit(static_cast<unsigned char>(reason[i + 1]))) ++i;
  }
  return out;
}

// Why a log line has its verdict: its own detail, or else its first check with that verdict's.
std::string verdict_reason(const nlohmann::json& line) {
  const std::string detail = line.value("detail", "");
  if (!detail.empty()) return detail;
  const std::string verdict = line.value("verdict", "");
  for (const auto& c : line.value("checks", nlohmann::json::array()))
    if (c.value("verdict", "") == verdict) return c.value("detail", "");
  return "";
}

// A check's name: an outside tool's own (its implementation, "jax-jit-vjp"; `tool` for a check
// that says only "adapter"), else (an implementation registered here) its mode and sums strategy.
std::string check_name(const nlohmann::json& check, const std::string& tool) {
  const std::string implementation = check.value("implementation", "chad");
  if (implementation == "adapter" && !tool.empty()) return tool;
  if (implementation != "adapter" && !implementation_named(implementation)) return implementation;
  return check.value("mode", "?") + " " + check.value("sums", "?");
}

FailureClass class_of(const nlohmann::json& line, const std::string& tool) {
  FailureClass c;
  c.verdict = line["verdict"].get<std::string>();
  for (const auto& check : line.value("checks", nlohmann::json::array())) {
    const std::string verdict = check.value("verdict", "");
    if (!is_failure(verdict)) continue;
    c.checks.push_back(check_name(check, tool) + (verdict == c.verdict ? "" : " (" + verdict + ")"));
  }
  // Every one of several checks failed alike: said in a word.
  const std::size_t all = line.value("checks", nlohmann::json::array()).size();
  if (all > 1 && c.checks.size() == all &&
      std::none_of(c.checks.begin(), c.checks.end(), [](const std::string& k) { return k.find('(') != std::string::npos; }))
    c.checks = {"all " + std::to_string(all) + " checks"};
  if (c.verdict == "fault" || c.verdict == "crash") c.reason = normalized_reason(verdict_reason(line));
  return c;
}

}  // namespace

const char* const kFailureClassHelp =
    "A failure class is the programs' verdict (fail, fail-numeric, fault, crash), the checks that failed "
    "(mode and sums strategy), and for a fault or crash its reason";

std::string FailureClass::describe() const {
  std::string text = verdict;
  for (std::size_t i = 0; i < checks.size(); ++i) text += (i == 0 ? " in " : ", ") + checks[i];
  if (!reason.empty()) text += ": " + reason;
  return text;
}

std::vector<FailureClass> failure_classes(const std::vector<nlohmann::json>& lines, const std::string& tool) {
  std::vector<FailureClass> classes;
  std::map<std::tuple<std::string, std::vector<std::string>, std::string>, std::size_t> position;
  for (const auto& line : lines) {
    if (!is_failure(line["verdict"].get<std::string>())) continue;
    FailureClass c = class_of(line, tool);
    const std::size_t index = line["index"].get<std::size_t>();
    auto [it, fresh] = position.try_emplace({c.verdict, c.checks, c.reason}, classes.size());
    if (fresh) {
      c.first_index = index;
      classes.push_back(std::move(c));
    }
    FailureClass& known = classes[it->second];
    ++known.programs;
    if (index < known.first_index) known.first_index = index;
  }
  return classes;
}

std::string failures_markdown(const std::vector<nlohmann::json>& lines, const std::string& tool, const std::string& dir,
                              std::size_t listed) {
  // "failures/INDEX/report.md" where the directory holds that report (a campaign reports its first
  // failures only), else "".
  const auto report = [&](std::size_t index) -> std::string {
    if (dir.empty()) return "";
    const std::string path = "failures/" + std::to_string(index) + "/report.md";
    return std::filesystem::exists(std::filesystem::path(dir) / path) ? path : "";
  };
  const std::vector<FailureClass> classes = failure_classes(lines, tool);
  std::ostringstream md;
  md << "\n## Failures\n\n";
  if (classes.empty()) return md.str() + "None.\n";
  std::size_t failing = 0;
  for (const FailureClass& c : classes) failing += c.programs;
  md << failing << (failing == 1 ? " program" : " programs") << " failed, in " << classes.size()
     << (classes.size() == 1 ? " class" : " classes") << ". " << kFailureClassHelp << ".\n\n"
     << "| class | programs | first program | its report |\n|---|---|---|---|\n";
  for (const FailureClass& c : classes) {
    const std::string link = report(c.first_index);
    md << "| " << c.describe() << " | " << c.programs << " | " << c.first_index << " | "
       << (link.empty() ? "-" : "[report.md](" + link + ")") << " |\n";
  }
  md << "\nThe failing programs:\n\n";
  std::size_t shown = 0;
  for (const auto& line : lines) {
    if (!is_failure(line["verdict"].get<std::string>())) continue;
    if (shown == listed) {
      md << "- ... and " << failing - shown << " more (log.jsonl has every one)\n";
      break;
    }
    const std::size_t index = line["index"].get<std::size_t>();
    const std::string link = report(index);
    md << "- program " << index << " (seed " << line["seed"] << "): " << line["verdict"].get<std::string>()
       << (link.empty() ? "" : ", [report](" + link + ")") << "\n";
    ++shown;
  }
  return md.str();
}

}  // namespace chad
