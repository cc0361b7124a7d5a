// Test support: loading programs from examples/ (or from text) and their "-- at:" points.
#pragma once
#include <fstream>
#include <sstream>
#include <string>

#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/type_checker.hpp"

namespace chad::testing {

inline std::string example_path(const std::string& name) {
  return std::string(CHAD_SOURCE_DIR) + "/examples/" + name;
}

inline std::string read_text_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline CheckedProgram load_example(const std::string& name) {
  std::string path = example_path(name);
  return check_program(parse_program(read_text_file(path), path));
}

inline CheckedProgram load_source(const std::string& text) {
  return check_program(parse_program(text, "<test>"));
}

// A real as an input value that reads back exactly.
inline std::string print_point(double x) { return print_real(x); }

// The value after "-- at: " in the example's header.
inline std::string example_point(const std::string& name) {
  std::istringstream in(read_text_file(example_path(name)));
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("-- at: ", 0) == 0) return line.substr(7);
  return "";
}

}  // namespace chad::testing
