// `chad-oracle jacobian FILE --at VALUE --method dual|interval|fd|chad-fwd|chad-rev|sd-rev|
// chad-fwd-compiled|chad-rev-compiled [--sums biproduct|lifted|zero-fn] [--functions efficient|paper]
// [--cxx C] [--cxxflags F]
// [--cache-dir D] [--rows R] [--cols C] [--directions K]`: a reference Jacobian, or CHAD's
// (interpreted, or compiled to native code). `--rows` / `--cols` select output / input
// coordinates (`0:10,17`): dual, interval and fd compute only the selected columns; every other
// selection is computed whole and sliced.
// `--method adapter --adapter 'CMD'`: an outside AD tool's, asked through its adapter
// (docs/adapter-protocol.md): exit 3 when it answers that the program is outside its fragment or
// meets a domain error, 4 when it fails (a crash, a timeout, an exit, a malformed answer).
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "adapter_options.hpp"
#include "command_context.hpp"
#include "compiler_options.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "references/coordinate_selection.hpp"
#include "references/input_value.hpp"
#include "adapter_client/adapter_jacobian.hpp"
#include "oracle/compute_jacobian.hpp"
#include "references/jacobian_json.hpp"
#include "point_option.hpp"
#include "table_printer.hpp"

namespace chad {
namespace {

// `jacobian --method adapter`: the tool's Jacobian, in the shape of the other methods' output.
int print_adapter_jacobian(const CommonOptions& options, const CheckedProgram& program, const NormalForm<double>& input,
                           const std::string& command, double timeout_seconds) {
  std::shared_ptr<AdapterClient> client = start_adapter(command, timeout_seconds);
  const AdapterJacobian a = jacobian_by_adapter(*client, loaded_program_text(options.file), program, input);
  const std::string tool = a.hello.tool + " " + a.hello.version + ", " + precision_name(a.hello.precision);
  if (a.outcome != AdapterJacobian::Outcome::Answered) {
    const bool fault = a.outcome == AdapterJacobian::Outcome::Fault || a.error_kind == "crash";
    const std::string kind = a.outcome == AdapterJacobian::Outcome::Fault ? "fault" : a.error_kind;
    const std::string message =
        kind == "unsupported" ? "the program is outside " + a.hello.tool + "'s fragment (unsupported): " + a.problem
        : kind == "domain"    ? "domain error: " + a.hello.tool + " reports one at this input: " + a.problem
        : kind == "crash"     ? a.hello.tool + " failed (crash): " + a.problem
                              : a.problem;
    if (options.json)
      std::cout << nlohmann::json{{"error", {{"kind", kind}, {"message", message}, {"tool", a.hello.tool},
                                             {"file", options.file}, {"line", nullptr}, {"column", nullptr},
                                             {"text", options.file + ": error: " + message}}}}
                       .dump(2)
                << "\n";
    else
      std::cerr << options.file << ": error: " << message << "\n";
    return fault ? kExitToolFailed : kExitBadInput;  // (its crash or broken answer is the tool's fault)
  }
  if (options.json) {
    nlohmann::json j = jacobian_json(a.result, program);
    j["method"] = "adapter";
    j["tool"] = a.hello.tool;
    j["version"] = a.hello.version;
    j["precision"] = precision_name(a.hello.precision);
    j["output_by"] = a.output_from_tool ? "tool" : "oracle";
    std::cout << j.dump(2) << "\n";
  } else {
    std::ostringstream table;
    print_jacobian(table, a.result);
    std::string text = table.str();
    text.replace(0, text.find('\n'), "method: adapter (" + tool + ")");
    std::cout << text;
  }
  return kExitOk;
}

// The Jacobian of `method` restricted to `rows` x `cols` (empty: all). The forward reference
// methods compute only the selected columns, `directions` per pass.
JacobianResult selected_jacobian(const CheckedProgram& program, const NormalForm<double>& input,
                                 JacobianMethod method, SumsStrategy sums, const CompilerOptions& compiler,
                                 const std::vector<std::size_t>& rows, const std::vector<std::size_t>& cols,
                                 std::size_t directions, FunctionsStrategy functions) {
  require_selection_within(cols, input.coords.size(), "--cols", "input coordinate");
  JacobianResult result = compute_jacobian(program, input, method, sums, compiler, ReferenceOptions{cols, directions}, functions);
  if (result.differentiable)
    require_selection_within(rows, result.output_coords.size(), "--rows", "output coordinate");
  return select_jacobian(std::move(result), rows, cols);
}

// jacobian_json with a selection applied: `rows`, `cols` and the labels are the selected
// coordinates', and `selected_rows` / `selected_cols` list their positions in the whole
// Jacobian (null: all of them).
nlohmann::json selected_jacobian_json(const JacobianResult& result, const CheckedProgram& program) {
  nlohmann::json j = jacobian_json(result, program);
  auto restrict = [&](const std::vector<std::size_t>& selected, const char* size, const char* labels,
                      const char* key) {
    j[key] = nullptr;
    if (selected.empty()) return;
    nlohmann::json kept = nlohmann::json::array();
    for (std::size_t k : selected) kept.push_back(j[labels].at(k));
    j[labels] = kept;
    j[size] = selected.size();
    j[key] = selected;
  };
  if (result.differentiable) restrict(result.selected_rows, "rows", "row_labels", "selected_rows");
  else j["selected_rows"] = nullptr;
  restrict(result.selected_cols, "cols", "col_labels", "selected_cols");
  return j;
}

}  // namespace

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
                  "chad-fwd-compiled / chad-rev-compiled (CHAD's derivative compiled to native code); "
                  "adapter (an outside AD tool's, through --adapter)")
      ->check(CLI::IsMember({"dual", "interval", "fd", "chad-fwd", "chad-rev", "sd-rev", "chad-fwd-compiled",
                             "chad-rev-compiled", "adapter"}))
      ->capture_default_str();
  add_sums_option(*cmd, *sums);
  auto functions = std::make_shared<std::string>();
  add_functions_option(*cmd, *functions);
  add_compiler_options(*cmd, *compiler);
  auto adapter = std::make_shared<std::string>();
  auto adapter_timeout = std::make_shared<double>(30);
  add_adapter_options(*cmd, *adapter, *adapter_timeout);
  auto rows = std::make_shared<std::string>();
  auto cols = std::make_shared<std::string>();
  auto directions = std::make_shared<std::size_t>(kDefaultDirections);
  cmd->add_option("--rows", *rows,
                  "only these output coordinates (rows), e.g. 0:10,17 (a:b is a <= k < b); "
                  "computed whole and sliced");
  cmd->add_option("--cols", *cols,
                  "only these input coordinates (columns), e.g. 0:10,17; dual, interval and fd "
                  "compute only these, other methods compute all and slice");
  cmd->add_option("--directions", *directions,
                  "tangent directions per forward pass of dual and interval (vector mode; "
                  "1: one pass per column)")
      ->check(CLI::Range(std::size_t(1), std::size_t(4096)))
      ->capture_default_str();
  cmd->callback([cmd, options, at, method, sums, functions, compiler, adapter, adapter_timeout, rows, cols, directions,
                 &exit_code] {
    exit_code = run_command(*options, [&] {
      CheckedProgram program = load_program(options->file);
      NormalForm<double> input =
          read_input_point(program, point_text(program, *at, options->json));
      const std::vector<std::size_t> row_selection =
          rows->empty() ? std::vector<std::size_t>{} : parse_coordinate_selection(*rows, "--rows");
      const std::vector<std::size_t> col_selection =
          cols->empty() ? std::vector<std::size_t>{} : parse_coordinate_selection(*cols, "--cols");
      if (*method == "adapter") return print_adapter_jacobian(*options, program, input, *adapter, *adapter_timeout);
      JacobianResult result = selected_jacobian(program, input, *parse_method(*method), *parse_sums_strategy(*sums),
                                                *compiler, row_selection, col_selection, *directions,
                                                functions_option_value(*functions));
      if (options->json) {
        // streamed, not dumped into a string first: a million-entry Jacobian's text is tens of MB
        std::cout << std::setw(2) << selected_jacobian_json(result, program) << "\n";
      } else {
        print_jacobian(std::cout, result);
        if (result.differentiable && !result.selected_rows.empty())
          std::cout << "rows: the output coordinates " << *rows << "\n";
        if (result.differentiable && !result.selected_cols.empty())
          std::cout << "columns: the input coordinates " << *cols << "\n";
      }
      return result.differentiable ? kExitOk : kExitNotDifferentiable;
    });
  });
}

}  // namespace chad
