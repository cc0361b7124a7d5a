// `chad-oracle translate FILE --to python [--out FILE] [--json]`: the program as code an outside
// AD tool runs (issue 14): `python`, a self-contained module over PyTorch
// (codegen/python_emitter.hpp). Each target language is one entry of `translators()`.
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "codegen/python_emitter.hpp"
#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"

namespace chad {
namespace {

using Translator = std::function<std::string(const CheckedProgram&)>;

// The target languages of `--to`, by name.
const std::map<std::string, Translator>& translators() {
  static const std::map<std::string, Translator> table = {
      {"python", emit_python_program},
  };
  return table;
}

std::vector<std::string> translator_names() {
  std::vector<std::string> names;
  for (const auto& [name, translate] : translators()) names.push_back(name);
  return names;
}

}  // namespace

void add_translate_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto target = std::make_shared<std::string>("python");
  auto output = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "translate", "Write the program as code an outside AD tool runs (python: over PyTorch)");
  cmd->add_option("FILE", options->file, "program file (- for standard input)")->required();
  cmd->add_option("--to", *target, "the target language")
      ->check(CLI::IsMember(translator_names()))
      ->capture_default_str();
  cmd->add_option("-o,--out", *output, "write the translation to this file (default: standard output)");
  cmd->add_flag("--json", options->json, "print one JSON object (with the text when there is no --out)");
  cmd->callback([options, target, output, &exit_code] {
    exit_code = run_command(*options, [&] {
      CheckedProgram program = load_program(options->file);
      const std::string text = translators().at(*target)(program);
      if (!output->empty()) {
        std::ofstream out(*output, std::ios::binary);
        out << text;
        out.close();
        if (!out) throw SourceError(Loc{intern_file_name(*output), 0, 0}, "cannot write the translation");
      }
      if (options->json) {
        nlohmann::json j{{"file", options->file}, {"to", *target}, {"bytes", text.size()}};
        if (output->empty())
          j["text"] = text;
        else
          j["output"] = *output;
        std::cout << j.dump(2) << "\n";
      } else if (output->empty()) {
        std::cout << text;
      }
      return kExitOk;
    });
  });
}

}  // namespace chad
