// `chad-oracle hessian FILE --at VALUE --method taylor|interval|fd [--json]`: `jacobian`'s
// sibling, the Hessian of each output coordinate of main at a point by a reference method
// (references/hessian.hpp): taylor (hyper-dual numbers in double), interval (certified MPFI
// enclosures), fd (MPFR second differences). With `--seed V --cotangent W` (comma-separated
// numbers, one per input / output coordinate), the Hessian-vector product H_W V instead, by
// taylor, interval or chad-fwd-over-rev, without forming the Hessian. chad-fwd-over-rev /
// chad-fwd-over-fwd: CHAD's derivative differentiated again (oracle/chad_hessian.hpp). Exit 2 where the program is not twice
// differentiable at the point (or the method cannot certify), 3 on bad input.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "point_option.hpp"
#include "oracle/chad_hessian.hpp"
#include "references/hessian_json.hpp"
#include "references/input_value.hpp"
#include "references/jacobian_json.hpp"
#include "syntax/printer.hpp"
#include "table_printer.hpp"

namespace chad {
namespace {

std::string cell_text(const HessianResult& r, std::size_t i, std::size_t j, std::size_t k) {
  std::string cell = print_real(r.hessian[i][j][k]);
  if (!r.enclosure.empty())
    cell += " in [" + print_real(r.enclosure[i][j][k].lo) + ", " + print_real(r.enclosure[i][j][k].hi) + "]";
  if (!r.error_estimate.empty()) cell += " (+- " + print_real(r.error_estimate[i][j][k]) + ")";
  return cell;
}

void print_hessian(std::ostream& out, const HessianResult& r, const CheckedProgram& program) {
  out << "method: " << hessian_method_name(r.method) << "\n";
  print_normal_form(out, "input", r.input_index, r.input_coords);
  if (!r.differentiable) {
    out << (r.cannot_certify ? "" : "not twice differentiable: ") << r.reason << "\n";
    return;
  }
  print_normal_form(out, "output", r.output_index, r.output_coords);
  const std::vector<std::string> labels = output_coordinate_labels(program, r.output_index);
  const std::size_t n = r.input_coords.size();
  for (std::size_t i = 0; i < r.hessian.size(); ++i) {
    out << "hessian of output[" << i << "] " << labels[i] << " (" << n << " x " << n << "):\n";
    std::size_t width = 1;
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t k = 0; k < n; ++k) width = std::max(width, cell_text(r, i, j, k).size());
    for (std::size_t j = 0; j < n; ++j) {
      out << "  ";
      for (std::size_t k = 0; k < n; ++k) {
        const std::string cell = cell_text(r, i, j, k);
        out << cell << std::string(width + 2 - cell.size(), ' ');
      }
      out << "\n";
    }
  }
}

int print_hvp(const CommonOptions& options, const CheckedProgram& program, const NormalForm<double>& input,
              HessianMethod method, const std::vector<double>& cotangent, const std::vector<double>& seed) {
  if (method == HessianMethod::FiniteDifference)
    throw SourceError(entry_point(program.program).body->loc,
                      "--seed / --cotangent: the Hessian-vector product is by taylor or interval, not fd");
  if (method == HessianMethod::ChadForwardOverForward)
    throw SourceError(entry_point(program.program).body->loc,
                      "--seed / --cotangent: the Hessian-vector product is by taylor, interval or chad-fwd-over-rev");
  const HessianVectorProduct p = method == HessianMethod::ChadForwardOverReverse
                                     ? hessian_vector_product_by_chad(program, input, cotangent, seed)
                                     : hessian_vector_product(method, program, input, cotangent, seed);
  if (options.json) {
    nlohmann::json j{{"method", hessian_method_name(method)}, {"differentiable", p.differentiable},
                     {"reason", p.reason}, {"cotangent", cotangent}, {"seed", seed}, {"hvp", p.product}};
    j["enclosure"] = nlohmann::json::array();
    for (const Enclosure& e : p.enclosure) j["enclosure"].push_back({e.lo, e.hi});
    std::cout << j.dump(2) << "\n";
  } else if (!p.differentiable) {
    std::cout << "method: " << hessian_method_name(method) << "\nnot twice differentiable: " << p.reason << "\n";
  } else {
    std::cout << "method: " << hessian_method_name(method) << "\nhessian-vector product (" << p.product.size()
              << " entries):\n";
    for (std::size_t k = 0; k < p.product.size(); ++k) {
      std::cout << "  " << print_real(p.product[k]);
      if (!p.enclosure.empty())
        std::cout << " in [" << print_real(p.enclosure[k].lo) << ", " << print_real(p.enclosure[k].hi) << "]";
      std::cout << "\n";
    }
  }
  return p.differentiable ? kExitOk : kExitNotDifferentiable;
}

}  // namespace

void add_hessian_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto at = std::make_shared<std::string>();
  auto method = std::make_shared<std::string>("interval");
  auto seed = std::make_shared<std::vector<double>>();
  auto cotangent = std::make_shared<std::vector<double>>();
  CLI::App* cmd = add_point_command(
      app, "hessian", "Hessian of each output coordinate of main at a point (second derivatives)", *options, *at);
  cmd->add_option("--method", *method,
                  "taylor (hyper-dual numbers in double), interval (certified MPFI enclosures), "
                  "fd (MPFR second differences with Richardson extrapolation); "
                  "chad-fwd-over-rev / chad-fwd-over-fwd (CHAD's reverse / forward derivative evaluated over "
                  "dual numbers: CHAD differentiated twice)")
      ->check(CLI::IsMember({"taylor", "interval", "fd", "chad-fwd-over-rev", "chad-fwd-over-fwd"}))
      ->capture_default_str();
  CLI::Option* seed_option =
      cmd->add_option("--seed", *seed, "an input tangent v (one number per input coordinate, comma-separated): "
                                       "print the Hessian-vector product H_w v instead")
          ->delimiter(',');
  CLI::Option* cotangent_option =
      cmd->add_option("--cotangent", *cotangent, "the output cotangent w of --seed (one number per output coordinate)")
          ->delimiter(',');
  seed_option->needs(cotangent_option);
  cotangent_option->needs(seed_option);
  cmd->callback([options, at, method, seed, cotangent, &exit_code] {
    exit_code = run_command(*options, [&] {
      CheckedProgram program = load_program(options->file);
      NormalForm<double> input = read_input_point(program, point_text(program, *at, options->json));
      const HessianMethod m = *parse_hessian_method(*method);
      if (!seed->empty()) return print_hvp(*options, program, input, m, *cotangent, *seed);
      const HessianResult result = compute_hessian(program, input, m);
      if (options->json)
        std::cout << std::setw(2) << hessian_json(result, program) << "\n";
      else
        print_hessian(std::cout, result, program);
      return result.differentiable ? kExitOk : kExitNotDifferentiable;
    });
  });
}

}  // namespace chad
