// `chad-oracle eval FILE --at VALUE`: run the entry point in double and print its value.
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_context.hpp"
#include "references/jacobian_json.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "model/normal_form.hpp"
#include "model/value_printer.hpp"
#include "references/input_value.hpp"
#include "point_option.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/printer.hpp"

namespace chad {

void add_eval_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto at = std::make_shared<std::string>();
  CLI::App* cmd =
      add_point_command(app, "eval", "Evaluate main at an input value (in double)", *options, *at);
  cmd->callback([options, at, &exit_code] {
    exit_code = run_command(*options, [&] {
      CheckedProgram program = load_program(options->file);
      ValueP<double> input =
          read_value(program, program.input_type, point_text(program, *at, options->json));
      ValueP<double> output = run_main<double>(program, input);
      std::string printed = print_value<double>(program.output_type, output);
      nlohmann::json out = {{"type", print_type(program.output_type)}, {"value", printed},
                            {"index", nullptr},  {"coords", nullptr}, {"labels", nullptr}};
      if (is_data_type(program.output_type)) {
        NormalForm<double> nf = normal_form<double>(program.output_type, output);
        for (double c : nf.coords)
          if (!std::isfinite(c))
            throw SourceError(
                entry_point(program.program).body->loc,
                "the result has a non-finite coordinate (overflow in double): " + printed);
        out["index"] = nf.index.to_string();
        out["coords"] = nf.coords;
        out["labels"] = output_coordinate_labels(program, nf.index);
      }
      if (options->json)
        std::cout << out.dump(2) << "\n";
      else
        std::cout << printed << "\n";
      return kExitOk;
    });
  });
}

}  // namespace chad
