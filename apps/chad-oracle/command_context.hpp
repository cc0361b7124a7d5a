// What every subcommand shares: loading and checking the program file, and running the
// command's work on a deep stack with bad input turned into a located message and exit code
// (human-readable on stderr, or one JSON object on stdout with --json).
#pragma once
#include <functional>
#include <string>

#include "syntax/type_checker.hpp"

namespace chad {

struct CommonOptions {
  std::string file;
  bool json = false;
};

// Reads, parses and type-checks `file`. Throws SourceError (a missing file is located at the
// file name).
CheckedProgram load_program(const std::string& file);

// Runs `work` (which returns an exit code) inside run_with_deep_stack, catching SourceError
// (exit 3), InternalError and other exceptions (exit 4).
int run_command(const CommonOptions& options, const std::function<int()>& work);

}  // namespace chad
