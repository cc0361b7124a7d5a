// `chad-oracle check-adapter --adapter 'CMD' [--adapter-timeout S] [--examples DIR] [--json]`:
// the adapter protocol's conformance suite (adapter_client/adapter_conformance.hpp) run against an
// adapter: a table of the checks, pass or fail, and why. Exit 0 when every check passes, 1 when
// one fails, 3 when --adapter is missing.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "adapter_options.hpp"
#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "adapter_client/adapter_conformance.hpp"
#include "syntax/location.hpp"

#ifndef CHAD_EXAMPLES_DIR
#define CHAD_EXAMPLES_DIR "examples"
#endif

namespace chad {
namespace {

struct CheckAdapterOptions {
  std::string adapter, examples = CHAD_EXAMPLES_DIR;
  double timeout_seconds = 30;
};

nlohmann::json report_json(const CheckAdapterOptions& options, const ConformanceReport& report) {
  nlohmann::json checks = nlohmann::json::array();
  for (const ConformanceCheck& c : report.checks)
    checks.push_back({{"check", c.name}, {"passed", c.passed}, {"unsupported", c.unsupported}, {"reason", c.reason}});
  nlohmann::json out = {{"adapter", options.adapter}, {"passed", report.passed()}, {"unsupported", report.unsupported()},
                        {"checks", checks}};
  if (report.hello) {
    out["tool"] = report.hello->tool;
    out["version"] = report.hello->version;
    out["precision"] = precision_name(report.hello->precision);
    out["mode"] = report.hello->mode.empty() ? nlohmann::json(nullptr) : nlohmann::json(report.hello->mode);
    out["declared"] = report.hello->declaration_json();
  }
  return out;
}

void print_report(std::ostream& out, const ConformanceReport& report) {
  std::size_t width = 5;
  for (const ConformanceCheck& c : report.checks) width = std::max(width, c.name.size());
  out << std::left << std::setw(int(width + 2)) << "check" << std::setw(13) << "result" << "reason\n";
  std::size_t failed = 0;
  for (const ConformanceCheck& c : report.checks) {
    failed += !c.passed;
    out << std::setw(int(width + 2)) << c.name << std::setw(13) << (!c.passed ? "FAIL" : c.unsupported ? "unsupported" : "pass")
        << c.reason << "\n";
  }
  out << "== " << (report.passed() ? "CONFORMS" : "DOES NOT CONFORM") << ": " << report.checks.size() - failed << " of "
      << report.checks.size() << " checks pass (" << report.unsupported() << " examples unsupported)\n";
}

}  // namespace

void add_check_adapter_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CheckAdapterOptions>();
  auto common = std::make_shared<CommonOptions>();
  CLI::App* cmd = app.add_subcommand(
      "check-adapter", "Run the adapter protocol's conformance suite against an adapter (docs/adapter-protocol.md)");
  add_adapter_options(*cmd, options->adapter, options->timeout_seconds);
  cmd->add_option("--examples", options->examples, "the folder of example programs judged")->capture_default_str();
  cmd->add_flag("--json", common->json, "print one JSON object");
  cmd->callback([options, common, &exit_code] {
    exit_code = run_command(*common, [&] {
      if (options->adapter.empty())
        throw SourceError(command_line_loc(), "--adapter: the adapter's command line is missing");
      const ConformanceReport report =
          check_adapter_conformance(AdapterOptions{options->adapter, options->timeout_seconds}, options->examples);
      if (common->json)
        std::cout << report_json(*options, report).dump(2) << "\n";
      else
        print_report(std::cout, report);
      return report.passed() ? kExitOk : kExitCheckFailed;
    });
  });
}

}  // namespace chad
