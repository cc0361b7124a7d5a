// `chad-oracle vectors --seed S --count N [--features F] [--max-size M] --out DIR
// [--translations python,cpp,json] [--json]`: writes test vectors (adapter_client/conformance_vectors.hpp) to
// DIR: cases.jsonl, README.md, manifest.json. Prints how many cases were written and how many
// programs were skipped for each reason; a progress line on a terminal.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "codegen/translate.hpp"
#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "adapter_client/conformance_vectors.hpp"

namespace chad {
namespace {

struct VectorsArguments {
  std::uint64_t seed = 1;
  std::size_t count = 100;
  int max_size = 20;
  std::string features, out, translations = "python,json";
};

ConformanceVectorOptions vector_options(const VectorsArguments& a) {
  ConformanceVectorOptions o;
  o.campaign.seed = a.seed;
  o.campaign.count = a.count;
  o.campaign.max_size = a.max_size;
  try {
    o.campaign.features = GeneratorFeatures::parse(a.features);
  } catch (const std::invalid_argument& e) {
    throw SourceError(command_line_loc(), std::string("--features: ") + e.what());
  }
  o.translations.clear();
  std::stringstream list(a.translations);
  for (std::string language; std::getline(list, language, ',');) {
    if (language.empty()) continue;
    const auto& known = translation_languages();
    if (std::find(known.begin(), known.end(), language) == known.end())
      throw SourceError(command_line_loc(), "--translations: unknown language `" + language + "` (python, cpp, json)");
    o.translations.push_back(language);
  }
  return o;
}

}  // namespace

void add_vectors_command(CLI::App& app, int& exit_code) {
  auto common = std::make_shared<CommonOptions>();
  auto args = std::make_shared<VectorsArguments>();
  CLI::App* cmd = app.add_subcommand(
      "vectors", "Write test vectors: generated programs with certified Jacobians, JVPs and VJPs, for any AD tool "
      "(run them with adapters/run_vectors.py)");
  cmd->add_option("--seed", args->seed, "the campaign's seed")->check(CLI::NonNegativeNumber)->capture_default_str();
  cmd->add_option("--count", args->count, "the number of programs generated (cases written: those with a "
                  "certified, differentiable Jacobian)")->check(CLI::NonNegativeNumber)->capture_default_str();
  cmd->add_option("--max-size", args->max_size, "the size budget of a generated program")->capture_default_str();
  cmd->add_option("--features", args->features, "generator features, as for campaign (\"-arrays,+comparisons\")");
  cmd->add_option("--out", args->out, "the directory to write")->required();
  cmd->add_option("--translations", args->translations, "the translations each case carries (python, cpp, json)")
      ->capture_default_str();
  cmd->add_flag("--json", common->json, "print one JSON object");
  cmd->callback([common, args, &exit_code] {
    exit_code = run_command(*common, [&] {
      const ConformanceVectorOptions options = vector_options(*args);
      const bool terminal = isatty(STDERR_FILENO);
      const auto progress = [&](const ConformanceVectorSummary& s) {
        if (terminal && (s.programs % 10 == 0 || s.programs == options.campaign.count))
          std::cerr << "\rvectors: " << s.programs << "/" << options.campaign.count << " programs, " << s.written
                    << " cases" << std::flush;
      };
      const ConformanceVectorSummary summary =
          write_conformance_vectors(options, args->out, CHAD_ORACLE_VERSION, progress);
      if (terminal) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
      if (common->json) {
        std::cout << nlohmann::json{{"out", args->out},
                                    {"programs", summary.programs},
                                    {"cases", summary.written},
                                    {"skipped", summary.skipped}}
                         .dump(2)
                  << "\n";
      } else {
        std::cout << "wrote " << summary.written << " cases of " << summary.programs << " programs to " << args->out
                  << "/cases.jsonl\n";
        for (const auto& [reason, count] : summary.skipped) std::cout << "  skipped (" << reason << "): " << count << "\n";
      }
      return kExitOk;
    });
  });
}

}  // namespace chad
