// CheckResult::message(): what a failed EXPECT_GRADIENT_CORRECT prints.
#include <sstream>

#include "api/chad_oracle.hpp"
#include "reports/counterexample.hpp"

namespace chad::api {
namespace {

// Every line of `text` indented by two spaces.
std::string indented(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) out += "  " + line + "\n";
  return out;
}

}  // namespace

std::string CheckResult::message() const {
  std::ostringstream out;
  out << "gradient function `" << name << "`, seed " << seed << ": " << checked << " checked (";
  bool first = true;
  for (const auto& [verdict, n] : verdicts)
    if (n > 0) out << (first ? "" : ", ") << n << " " << verdict, first = false;
  out << ")";
  if (!failed) return out.str() + "\n";
  out << "\nFAILED at case " << index << ": " << verdict << "\n"
      << indented(detail) << "minimal program (" << shrunk_text(original_size, minimal_size) << "), at "
      << minimal_input << ":\n"
      << indented(minimal_program);
  if (!report_dir.empty()) out << "report: " << report_dir << "/ (report.md, program.chad)\n";
  out << "replay: " << replay << "\n";
  return out.str();
}

}  // namespace chad::api
