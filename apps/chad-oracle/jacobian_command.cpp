// `chad-oracle jacobian FILE --at VALUE --method dual|interval|fd|chad-fwd|chad-rev|sd-rev|
// chad-fwd-compiled|chad-rev-compiled [--sums biproduct|lifted|zero-fn] [--cxx C] [--cxxflags F]
// [--cache-dir D]`: a reference Jacobian, or CHAD's (interpreted, or compiled to native code).
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_context.hpp"
#include "compiler_options.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "references/input_value.hpp"
#include "oracle/compute_jacobian.hpp"
#include "references/jacobian_json.hpp"
#include "point_option.hpp"
#include "table_printer.hpp"

namespace chad {

void add_jacobian_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto at = std::make_shared<std::string>();
  auto method = std::make_shared<std::string>("interval");
  auto sums = std::make_shared<std::string>("biproduct");
  auto compiler = std::make_shared<CompilerOptions>();
  CLI::App* cmd = add_point_command(
      app, "jacobian", "Jacobian of main at a point (rows: outputs, columns: inputs)",
      *options, *at);
  cmd->add_option("--method", *method,
                  "dual (double dual numbers), interval (certified MPFI enclosures), "
                  "fd (MPFR finite differences with Richardson extrapolation), "
                  "chad-fwd / chad-rev (CHAD's forward / reverse derivative, in double); "
                  "sd-rev (string-diagram reverse AD, simply typed fragment only); "
                  "chad-fwd-compiled / chad-rev-compiled (CHAD's derivative compiled to native code)")
      ->check(CLI::IsMember(
          {"dual", "interval", "fd", "chad-fwd", "chad-rev", "sd-rev", "chad-fwd-compiled", "chad-rev-compiled"}))
      ->capture_default_str();
  add_sums_option(*cmd, *sums);
  add_compiler_options(*cmd, *compiler);
  cmd->callback([options, at, method, sums, compiler, &exit_code] {
    exit_code = run_command(*options, [&] {
      CheckedProgram program = load_program(options->file);
      NormalForm<double> input =
          read_input_point(program, point_text(program, *at, options->json));
      JacobianResult result = compute_jacobian(program, input, *parse_method(*method),
                                               *parse_sums_strategy(*sums), *compiler);
      if (options->json)
        std::cout << jacobian_json(result).dump(2) << "\n";
      else
        print_jacobian(std::cout, result);
      return result.differentiable ? kExitOk : kExitNotDifferentiable;
    });
  });
}

}  // namespace chad
