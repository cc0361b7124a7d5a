#include "point_option.hpp"

#include <fstream>

#include "syntax/printer.hpp"

namespace chad {

CLI::App* add_point_command(CLI::App& app, const std::string& name, const std::string& help,
                            CommonOptions& options, std::string& at) {
  CLI::App* cmd = app.add_subcommand(name, help);
  cmd->add_option("FILE", options.file, "program file")->required();
  cmd->add_option(
      "--at", at,
      "input value, a term of main's input type, e.g. '(1.5, roll Cons (2, roll Nil))' "
      "(default: the file's `-- at: VALUE` line)");
  cmd->add_flag("--json", options.json, "print one JSON object");
  return cmd;
}

namespace {

// The value of the first `-- at: VALUE` line of `file` ("" when it has none).
std::string written_point(const std::string& file) {
  std::ifstream in(file);
  const std::string marker = "-- at: ";
  for (std::string line; std::getline(in, line);)
    if (line.compare(0, marker.size(), marker) == 0) return line.substr(marker.size());
  return "";
}

}  // namespace

std::string point_text(const CheckedProgram& program, const std::string& at) {
  if (!at.empty()) return at;
  if (std::string written = written_point(program.program.file); !written.empty()) return written;
  if (program.input_type->kind == TypeKind::Unit) return "()";
  throw SourceError(Loc{intern_file_name("<--at>"), 0, 0},
                    "missing --at: `" + program.entry + "` takes an input of type `" +
                        print_type(program.input_type) + "` and the file has no `-- at: VALUE` line");
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
