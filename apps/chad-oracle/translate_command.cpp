// `chad-oracle translate FILE --to python|cpp|json [--out FILE] [--json] [--at VALUE]`: the program
// as code an outside AD tool runs (codegen/translate.hpp): a PyTorch module, C++ generic in the
// scalar type, or the typed syntax tree as JSON. With --at, the JSON form also names every
// coordinate of the input and output at that point (the labels the adapter protocol sends).
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "codegen/translate.hpp"
#include "model/coordinate_labels.hpp"
#include "point_option.hpp"
#include "references/input_value.hpp"
#include "semantics/evaluate.hpp"
#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"

namespace chad {

void add_translate_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto target = std::make_shared<std::string>("python");
  auto output = std::make_shared<std::string>();
  auto at = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "translate", "Write the program as code an outside AD tool runs: python (over PyTorch), cpp (generic in the "
      "scalar type), json (the typed syntax tree)");
  cmd->add_option("FILE", options->file, "program file (- for standard input)")->required();
  cmd->add_option("--to", *target, "the target language")
      ->check(CLI::IsMember(translation_languages()))
      ->capture_default_str();
  cmd->add_option("-o,--out", *output, "write the translation to this file (default: standard output)");
  cmd->add_flag("--json", options->json, "print one JSON object (with the text when there is no --out)");
  cmd->add_option("--at", *at, "with --json: a point (VALUE, @FILE or -) whose coordinates' labels to list");
  cmd->callback([options, target, output, at, &exit_code] {
    exit_code = run_command(*options, [&] {
      CheckedProgram program = load_program(options->file);
      const std::string text = translation_text(program, *target);
      if (!output->empty()) {
        std::ofstream out(*output, std::ios::binary);
        out << text;
        out.close();
        if (!out) throw SourceError(Loc{intern_file_name(*output), 0, 0}, "cannot write the translation");
      }
      if (options->json) {
        nlohmann::json j{{"file", options->file}, {"to", *target}, {"bytes", text.size()}};
        j["text"] = output->empty() ? nlohmann::json(text) : nlohmann::json();
        j["output"] = output->empty() ? nlohmann::json() : nlohmann::json(*output);
        j["input_labels"] = nullptr;  // without --at (or with an output that is not a data type)
        j["output_labels"] = nullptr;
        if (!at->empty() && is_data_type(program.output_type)) {
          NormalForm<double> input = read_input_point(program, point_text(program, *at, true));
          NormalForm<double> out = normal_form<double>(
              program.output_type,
              run_main<double>(program, rebuild<double>(program.input_type, input.index, input.coords)));
          j["input_labels"] = input_labels(entry_point(program.program), input.index);
          j["output_labels"] = coordinate_labels(program.output_type, out.index, "out");
        }
        std::cout << j.dump(2) << "\n";
      } else if (output->empty()) {
        std::cout << text;
      }
      return kExitOk;
    });
  });
}

}  // namespace chad
