// What eval, shape and jacobian share: FILE, `--at VALUE` (the input point as a value term)
// and --json.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "command_context.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

// A subcommand that runs main at a point: FILE, --at VALUE and --json.
CLI::App* add_point_command(CLI::App& app, const std::string& name, const std::string& help,
                            CommonOptions& options, std::string& at);

// The text of the input value: `at`, the contents of FILE for `@FILE`, or standard input for
// `-`; when `at` is empty, the program file's first `-- at: VALUE` line (every example has
// one; said so in one line on stderr unless `json`), or "()" when the input type is unit.
// Throws SourceError when there is none, or FILE cannot be read, or standard input was the
// program already.
std::string point_text(const CheckedProgram& program, const std::string& at, bool json);

// `--sums biproduct|lifted|zero-fn`: how CHAD represents sum (co)tangents.
void add_sums_option(CLI::App& command, std::string& sums);

// `--functions efficient|paper`: how CHAD represents function (co)tangents (its default is
// kDefaultFunctionsStrategy).
void add_functions_option(CLI::App& command, std::string& functions);
// The parsed strategy of a value add_functions_option accepted.
FunctionsStrategy functions_option_value(const std::string& functions);

}  // namespace chad
