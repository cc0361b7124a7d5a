// The JSON form of programs (codegen/json_emitter.hpp): every example's JSON, run by the
// tool-side interpreter of adapters/cpp on double, gives the value the oracle's evaluator
// gives (bit for bit: the same operations in the same order), and the fields of a tiny
// program's tree are those derived by hand from its text.
#include <gtest/gtest.h>

#include <filesystem>

#include "../../adapters/cpp/json_program_interpreter.hpp"
#include "../support/example_programs.hpp"
#include "../support/index_json.hpp"
#include "codegen/json_emitter.hpp"
#include "model/normal_form.hpp"
#include "references/input_value.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

using nlohmann::json;

TEST(JsonEmitter, EveryExampleEvaluatesToTheEvaluatorsValue) {
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(CHAD_SOURCE_DIR) + "/examples")) {
    if (entry.path().extension() != ".chad") continue;
    const std::string name = entry.path().filename().string();
    SCOPED_TRACE(name);
    run_with_deep_stack([&] {
      const CheckedProgram program = testing::load_example(name);
      const NormalForm<double> input = read_input_point(program, testing::example_point(name));
      const NormalForm<double> expected =
          normal_form<double>(program.output_type,
                              run_main<double>(program, rebuild<double>(program.input_type, input.index, input.coords)));
      // Through the text, as a tool receives it.
      const auto tool_program = chad_adapter::Program::from_json(json::parse(emit_json_program(program).dump()));
      std::size_t pos = 0;
      chad_adapter::TypeBinders binders;
      const auto value = chad_adapter::value_from_index<double>(tool_program.input_type,
                                                                testing::index_json(input.index), input.coords, pos, binders);
      EXPECT_EQ(pos, input.coords.size());
      std::vector<double> coords;
      const json index = chad_adapter::index_of_value<double>(tool_program.output_type,
                                                              chad_adapter::Interpreter<double>::run(tool_program, value),
                                                              coords, binders);
      EXPECT_EQ(index, testing::index_json(expected.index));
      EXPECT_EQ(coords, expected.coords);
    });
    ++checked;
  }
  EXPECT_GE(checked, 15);
}

// def main (x : real) : real = sin(x) * x;
//   columns: `x` (the parameter) 11, `sin` 30, its `x` 34, `*` 37, the last `x` 39.
// check_program makes main `fun (_input' : real) -> let x = _input' in (sin(x) * x : real)`.
TEST(JsonEmitter, TinyProgramFieldsDerivedByHand) {
  const json p = emit_json_program(testing::load_source("def main (x : real) : real = sin(x) * x;"));
  const json real = {{"kind", "real"}, {"shape", json::array()}};
  EXPECT_EQ(p["format"], "chad-program");
  EXPECT_EQ(p["entry"], "main");
  EXPECT_EQ(p["input_type"], real);
  EXPECT_EQ(p["output_type"], real);
  ASSERT_EQ(p["defs"].size(), 1u);
  EXPECT_EQ(p["defs"][0]["name"], "main");
  EXPECT_EQ(p["defs"][0]["params"][0]["name"], "x");
  EXPECT_EQ(p["defs"][0]["params"][0]["loc"]["column"], 11);

  const json& main = p["main"];
  EXPECT_EQ(main["former"], "fun");
  EXPECT_EQ(main["param"], "_input'");
  EXPECT_EQ(main["param_type"], real);
  EXPECT_EQ(main["type"], (json{{"kind", "arrow"}, {"from", real}, {"to", real}}));
  const json& let = main["body"];
  EXPECT_EQ(let["former"], "let");
  EXPECT_EQ(let["name"], "x");
  EXPECT_EQ(let["bound"]["former"], "var");
  EXPECT_EQ(let["bound"]["name"], "_input'");
  EXPECT_EQ(let["bound"]["index"], 0);
  const json& ascribe = let["body"];
  EXPECT_EQ(ascribe["former"], "ascribe");
  const json& times = ascribe["term"];
  EXPECT_EQ(times["former"], "prim");
  EXPECT_EQ(times["op"], "*");
  EXPECT_EQ(times["loc"], (json{{"line", 1}, {"column", 37}}));
  EXPECT_EQ(times["type"], real);
  const json& sin = times["args"][0];
  EXPECT_EQ(sin["op"], "sin");
  EXPECT_EQ(sin["loc"], (json{{"line", 1}, {"column", 30}}));
  EXPECT_EQ(sin["args"][0]["former"], "var");
  EXPECT_EQ(sin["args"][0]["name"], "x");
  EXPECT_EQ(sin["args"][0]["index"], 0);  // the let's x is the innermost binder
  EXPECT_EQ(sin["args"][0]["loc"]["column"], 34);
  EXPECT_EQ(times["args"][1]["loc"]["column"], 39);
}

// Literals (1.5 = 0x1.8p+0), negation, get's index, an injection's tag and a mu type.
TEST(JsonEmitter, LiteralsPrimitivesInjectionsAndTypes) {
  const json p = emit_json_program(testing::load_source(
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "def main (v : real[3]) : < L : real | R : List > = R (roll Cons (-(get(v, 2)) * 1.5, roll Nil));"));
  const json& body = p["main"]["body"]["body"]["term"];
  EXPECT_EQ(body["former"], "inject");
  EXPECT_EQ(body["ctor"], "R");
  EXPECT_EQ(body["tag"], 1);
  const json& list = body["type"]["constructors"][1]["type"];
  EXPECT_EQ(list["kind"], "mu");
  EXPECT_EQ(list["var"], "l");
  EXPECT_EQ(list["body"]["constructors"][1]["type"]["right"], (json{{"kind", "var"}, {"name", "l"}}));
  const json& cons = body["payload"]["payload"];
  EXPECT_EQ(body["payload"]["former"], "roll");
  EXPECT_EQ(cons["tag"], 1);
  const json& times = cons["payload"]["first"];
  EXPECT_EQ(times["args"][0]["op"], "neg");
  EXPECT_EQ(times["args"][0]["args"][0]["op"], "get");
  EXPECT_EQ(times["args"][0]["args"][0]["get_index"], 2);
  EXPECT_EQ(times["args"][0]["args"][0]["args"][0]["type"], (json{{"kind", "real"}, {"shape", {3}}}));
  EXPECT_EQ(times["args"][1]["former"], "literal");
  EXPECT_EQ(times["args"][1]["hex"], "0x1.8p+0");
  EXPECT_EQ(times["args"][1]["decimal"], 1.5);
}

}  // namespace
}  // namespace chad
