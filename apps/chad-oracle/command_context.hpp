// What every subcommand shares: loading and checking the program file, the location of an
// error in the options, and running the
// command's work on a deep stack with bad input turned into a located message and exit code
// (human-readable on stderr, or one JSON object on stdout with --json).
#pragma once
#include <functional>
#include <string>

#include "campaigns/command_line_location.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

struct CommonOptions {
  std::string file;
  bool json = false;
};

// Reads, parses and type-checks `file` (`-`: standard input, named `<stdin>` in errors).
// Throws SourceError (a missing file is located at the file name).
CheckedProgram load_program(const std::string& file);

// The text of the program file load_program read under the name `name` (a file name, or
// `<stdin>`); "" for one it did not read.
const std::string& loaded_program_text(const std::string& name);

// Whether load_program read the program from standard input.
bool program_came_from_stdin();

// Runs `work` (which returns an exit code) inside run_with_deep_stack, catching SourceError
// (exit 3), InternalError and other exceptions (exit 4).
int run_command(const CommonOptions& options, const std::function<int()>& work);

}  // namespace chad
