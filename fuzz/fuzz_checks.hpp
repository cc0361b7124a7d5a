// What the fuzz targets (fuzz/*_fuzz.cpp) check, shared with the regression test of the inputs
// they found (tests/fuzz): bad input is rejected with a located SourceError (file:line:column),
// never with another exception, a message without a location, or a crash. Each check returns
// the finding ("" when the input was accepted or rejected properly).
#pragma once
#include <string>
#include <vector>

#include "syntax/type_checker.hpp"

namespace chad::fuzz {

// Why a SourceError's location does not name a place in its file: no file, line or column, or a
// message that does not start with "file:line:col: " ("" when it is located).
std::string location_problem(const SourceError& error);

// Parses `text` as a program and type-checks it (and finds its entry point and input type).
std::string check_program_text(const std::string& text);

// The programs whose input types `--at` values are read against: every examples/*.chad, sorted
// by file name. The first byte of an input chooses one ('A' the first, 'B' the second, ...,
// wrapping around), the rest is the value's text.
std::vector<CheckedProgram> load_example_programs(const std::string& examples_dir);

// Reads `text` (selector byte, then the value) as an input point of the chosen program.
std::string check_at_value(const std::vector<CheckedProgram>& programs, const std::string& text);

}  // namespace chad::fuzz
