// The `--at VALUE` option shared by eval, shape and jacobian: the input point as a value term.
#pragma once
#include <string>

#include <CLI/CLI.hpp>

#include "syntax/type_checker.hpp"

namespace chad {

void add_point_option(CLI::App* cmd, std::string& at);

// The text of the input value: `at`, or "()" when it is empty and the input type is unit.
// Throws SourceError when it is empty otherwise.
std::string point_text(const CheckedProgram& program, const std::string& at);

}  // namespace chad
