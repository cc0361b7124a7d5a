// `chad-oracle shape FILE --at VALUE`: the Euclidean normal forms (index and coordinates) of
// the input and of the output.
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "references/input_value.hpp"
#include "references/jacobian_json.hpp"
#include "point_option.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/printer.hpp"
#include "table_printer.hpp"

namespace chad {

void add_shape_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto at = std::make_shared<std::string>();
  CLI::App* cmd = add_point_command(
      app, "shape", "Print the index and coordinates of the input and the output (normal forms)",
      *options, *at);
  cmd->callback([options, at, &exit_code] {
    exit_code = run_command(*options, [&] {
      CheckedProgram program = load_program(options->file);
      NormalForm<double> input =
          read_input_point(program, point_text(program, *at, options->json));
      if (!is_data_type(program.output_type))
        throw SourceError(entry_point(program.program).loc,
                          "the output type `" + print_type(program.output_type) +
                              "` is not a data type, so it has no normal form");
      ValueP<double> value =
          run_main<double>(program, rebuild<double>(program.input_type, input.index, input.coords));
      NormalForm<double> output = normal_form<double>(program.output_type, value);
      if (options->json) {
        std::cout << nlohmann::json{{"input", normal_form_json(input.index, input.coords,
                                                              input_coordinate_labels(program, input.index))},
                                    {"output", normal_form_json(output.index, output.coords,
                                                               output_coordinate_labels(program, output.index))}}
                         .dump(2)
                  << "\n";
      } else {
        print_normal_form(std::cout, "input", input.index, input.coords);
        print_normal_form(std::cout, "output", output.index, output.coords);
      }
      return kExitOk;
    });
  });
}

}  // namespace chad
