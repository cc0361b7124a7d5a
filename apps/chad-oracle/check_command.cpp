// `chad-oracle check FILE`: parse and type-check; print the type of the entry point.
#include <iostream>

#include <nlohmann/json.hpp>

#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "syntax/printer.hpp"

namespace chad {

void add_check_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Parse and type-check a program; print main's type");
  cmd->add_option("FILE", options->file, "program file (- for standard input)")->required();
  cmd->add_flag("--json", options->json, "print one JSON object");
  cmd->callback([options, &exit_code] {
    exit_code = run_command(*options, [&] {
      CheckedProgram program = load_program(options->file);
      std::string type = print_type(arrow_type(program.input_type, program.output_type));
      if (options->json) {
        std::cout << nlohmann::json{{"file", options->file},
                                    {"entry", program.entry},
                                    {"input_type", print_type(program.input_type)},
                                    {"output_type", print_type(program.output_type)},
                                    {"type", type}}
                         .dump(2)
                  << "\n";
      } else {
        std::cout << program.entry << " : " << type << "\n";
      }
      return kExitOk;
    });
  });
}

}  // namespace chad
