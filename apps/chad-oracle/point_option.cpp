#include "point_option.hpp"

#include "input_files.hpp"

#include <iostream>
#include <sstream>

#include "syntax/printer.hpp"

namespace chad {

CLI::App* add_point_command(CLI::App& app, const std::string& name, const std::string& help,
                            CommonOptions& options, std::string& at) {
  CLI::App* cmd = app.add_subcommand(name, help);
  cmd->add_option("FILE", options.file, "program file (- for standard input)")->required();
  cmd->add_option(
      "--at", at,
      "input value, a term of main's input type, e.g. '(1.5, [2, 3])' or "
      "'(1.5, roll Cons (2, roll Nil))'; @FILE reads it from FILE, - from standard input "
      "(default: the program file's `-- at: VALUE` line)");
  cmd->add_flag("--json", options.json, "print one JSON object");
  return cmd;
}

namespace {

// The value of the first `-- at: VALUE` line of the program text ("" when it has none).
std::string written_point(const std::string& text) {
  std::istringstream in(text);
  const std::string marker = "-- at: ";
  for (std::string line; std::getline(in, line);)
    if (line.compare(0, marker.size(), marker) == 0) return line.substr(marker.size());
  return "";
}

// `--at @FILE` and `--at -`: the value's text from a file or from standard input.
std::string value_from_file(const std::string& at) {
  if (at == "-" && program_came_from_stdin())
    throw SourceError(Loc{intern_file_name("<stdin>"), 0, 0},
                      "standard input gives the program already: give --at a value or @FILE");
  return read_input_text(at == "-" ? at : at.substr(1), "the --at value file");
}

}  // namespace

std::string point_text(const CheckedProgram& program, const std::string& at, bool json) {
  if (at == "-" || (at.size() > 1 && at[0] == '@')) return value_from_file(at);
  if (!at.empty()) return at;
  const std::string& file = program.program.file;
  if (std::string written = written_point(loaded_program_text(file)); !written.empty()) {
    if (!json) {
      const std::string shown = written.size() > 60 ? written.substr(0, 57) + "..." : written;
      std::cerr << "no --at given: using the `-- at:` line of " << file << ": " << shown << "\n";
    }
    return written;
  }
  if (program.input_type->kind == TypeKind::Unit) return "()";
  throw SourceError(Loc{intern_file_name("<--at>"), 0, 0},
                    "missing --at: `" + program.entry + "` takes an input of type `" +
                        print_type(program.input_type) + "` and the file has no `-- at: VALUE` line");
}

void add_functions_option(CLI::App& command, std::string& functions) {
  if (functions.empty()) functions = functions_strategy_name(kDefaultFunctionsStrategy);
  command.add_option("--functions", functions,
                     "CHAD's representation of function (co)tangents: efficient (closure "
                     "conversion: the captured environment's, no primal re-run), paper (the "
                     "power / copower of shared/spec/chad.md, re-running the body)")
      ->check(CLI::IsMember({"efficient", "paper"}))
      ->capture_default_str();
}

FunctionsStrategy functions_option_value(const std::string& functions) {
  return parse_functions_strategy(functions).value_or(kDefaultFunctionsStrategy);
}

void add_sums_option(CLI::App& command, std::string& sums) {
  command.add_option("--sums", sums,
                     "CHAD's representation of sum (co)tangents: biproduct (a tuple over the "
                     "constructors), lifted (zero or one constructor's), zero-fn (one "
                     "constructor's, zeros made from the primal)")
      ->check(CLI::IsMember({"biproduct", "lifted", "zero-fn"}))
      ->capture_default_str();
}

}  // namespace chad
