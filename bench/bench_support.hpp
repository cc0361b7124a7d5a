// What the benchmarks share: loading a bundled example or a benchmark program.
#pragma once
#include <fstream>
#include <sstream>
#include <string>

#include "syntax/parser.hpp"
#include "syntax/type_checker.hpp"

namespace chad::bench {

// A program file, parsed and checked (path relative to the source tree, e.g. "bench/programs/ode.chad").
inline CheckedProgram load_program_file(const std::string& relative_path) {
  std::string path = std::string(CHAD_SOURCE_DIR) + "/" + relative_path;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return check_program(parse_program(text.str(), path));
}

inline CheckedProgram load_example(const std::string& name) { return load_program_file("examples/" + name); }

}  // namespace chad::bench
