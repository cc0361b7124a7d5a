// What the benchmarks share: loading a bundled example.
#pragma once
#include <fstream>
#include <sstream>
#include <string>

#include "syntax/parser.hpp"
#include "syntax/type_checker.hpp"

namespace chad::bench {

inline CheckedProgram load_example(const std::string& name) {
  std::string path = std::string(CHAD_SOURCE_DIR) + "/examples/" + name;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return check_program(parse_program(text.str(), path));
}

}  // namespace chad::bench
