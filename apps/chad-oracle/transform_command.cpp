// `chad-oracle transform FILE --mode fwd|rev [--sums ...] [--functions efficient|paper]`: prints CHAD's transformation of
// main (a checked target term), its type, and the code-size ratio |D(t)| / |t|; `--summary`
// prints all but the term (for huge programs: the forward term's text grows as the square of the
// nesting depth, since each linear function names its context's type).
#include <iostream>
#include <nlohmann/json.hpp>

#include "chad/transformer.hpp"
#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "point_option.hpp"
#include "syntax/printer.hpp"

namespace chad {

void add_transform_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto mode = std::make_shared<std::string>("rev");
  auto sums = std::make_shared<std::string>("biproduct");
  CLI::App* cmd = app.add_subcommand("transform", "Print CHAD's forward or reverse transformation of main");
  cmd->add_option("FILE", options->file, "program file (- for standard input)")->required();
  cmd->add_option("--mode", *mode, "fwd (forward) or rev (reverse)")
      ->check(CLI::IsMember({"fwd", "rev"}))
      ->capture_default_str();
  add_sums_option(*cmd, *sums);
  auto functions = std::make_shared<std::string>();
  add_functions_option(*cmd, *functions);
  cmd->add_flag("--json", options->json, "print one JSON object");
  auto summary = std::make_shared<bool>(false);
  cmd->add_flag("--summary", *summary, "print the sizes, the ratio and the type, not the term");
  cmd->callback([options, mode, sums, functions, summary, &exit_code] {
    exit_code = run_command(*options, [&] {
      CheckedProgram program = load_program(options->file);
      ChadOptions chad_options{*mode == "fwd" ? ChadMode::Forward : ChadMode::Reverse,
                               *parse_sums_strategy(*sums), nullptr};
      chad_options.functions = functions_option_value(*functions);
      ChadProgram chad = chad_program(program, chad_options);
      const double ratio = double(chad.target_size()) / double(chad.source_size());
      if (options->json) {
        std::cout << nlohmann::json{{"file", options->file},
                                    {"mode", *mode},
                                    {"sums", *sums},
                                    {"functions", *functions},
                                    {"type", print_type(chad.target->type)},
                                    {"term", *summary ? nlohmann::json() : nlohmann::json(print_term(chad.target))},
                                    {"source_size", chad.source_size()},
                                    {"target_size", chad.target_size()},
                                    {"size_ratio", ratio}}
                         .dump(2)
                  << "\n";
      } else {
        std::cout << "-- CHAD " << *mode << " (sums: " << *sums << ") of " << options->file
                  << ": " << chad.source_size() << " -> " << chad.target_size()
                  << " nodes (ratio " << ratio << ")\n"
                  << "-- type: " << print_type(chad.target->type) << "\n";
        if (!*summary) std::cout << print_term_layout(chad.target) << "\n";
      }
      return kExitOk;
    });
  });
}

}  // namespace chad
