// Test support for the C++ adapters: requests of the adapter protocol (docs/adapter-protocol.md)
// built from a program's source and an input point, with the program's JSON translation made
// by codegen/json_emitter; and the tool-side interpreter run on double.
#pragma once
#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../../adapters/cpp/adapter_server.hpp"
#include "../support/example_programs.hpp"
#include "../support/index_json.hpp"
#include "codegen/json_emitter.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"

namespace chad::testing {

// A program with an input point: the JSON translation, the index JSON and the coordinates.
struct ProgramAtPoint {
  std::string source;
  nlohmann::json program_json;
  nlohmann::json index;
  std::vector<double> coords;
};

inline ProgramAtPoint program_at(const std::string& source, const std::string& at) {
  ProgramAtPoint p;
  p.source = source;
  run_with_deep_stack([&] {
    const CheckedProgram program = load_source(source);
    const NormalForm<double> input = read_input_point(program, at);
    p.program_json = emit_json_program(program);
    p.index = index_json(input.index);
    p.coords = input.coords;
  });
  return p;
}

// One `differentiate` request line.
inline std::string request_line(int id, const ProgramAtPoint& p, const std::string& ask,
                                const std::vector<std::vector<double>>& seeds = {}) {
  using nlohmann::json;
  json coords = json::array();
  for (double x : p.coords) coords.push_back(chad_adapter::hex_float(x));
  json seed_list = json::array();
  for (const auto& seed : seeds) {
    json s = json::array();
    for (double x : seed) s.push_back(chad_adapter::hex_float(x));
    seed_list.push_back(std::move(s));
  }
  return json{{"kind", "differentiate"}, {"id", id}, {"program", p.source},
              {"translations", {{"json", p.program_json.dump()}}},
              {"input", {{"index", p.index}, {"coords", std::move(coords)}}},
              {"ask", ask}, {"seeds", std::move(seed_list)}}
      .dump();
}

// The program's main on double through the tool-side interpreter: the output's index JSON and
// coordinates.
inline std::pair<nlohmann::json, std::vector<double>> interpret(const ProgramAtPoint& p) {
  std::pair<nlohmann::json, std::vector<double>> out;
  chad_adapter::run_on_big_stack([&] {
    const auto program = chad_adapter::Program::from_json(p.program_json);
    std::size_t pos = 0;
    chad_adapter::TypeBinders binders;
    const auto input = chad_adapter::value_from_index<double>(program.input_type, p.index, p.coords, pos, binders);
    out.first = chad_adapter::index_of_value<double>(program.output_type,
                                                     chad_adapter::Interpreter<double>::run(program, input),
                                                     out.second, binders);
  });
  return out;
}

}  // namespace chad::testing
