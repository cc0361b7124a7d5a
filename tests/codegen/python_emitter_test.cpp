// The Python translation (codegen/python_emitter.hpp) runs every example and small programs of
// each former (sums and case, mu and fold, nu and unfold, higher-order functions, arrays and the
// primitives) under /usr/bin/python3 with PyTorch, and its output (the normal form: index and
// coordinates) agrees with the interpreter's (run_main<double>) at the same input. Skipped when
// /usr/bin/python3 cannot import torch.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>
#include <sys/wait.h>

#include "../support/example_programs.hpp"
#include "codegen/python_emitter.hpp"
#include "model/normal_form.hpp"
#include "references/input_value.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

namespace fs = std::filesystem;

// The protocol's JSON of an index (docs/adapter-protocol.md, "Index").
nlohmann::json index_json(const Index& index) {
  switch (index.kind) {
    case Index::Kind::Reals: return {{"reals", index.reals}};
    case Index::Kind::Unit: return {{"unit", true}};
    case Index::Kind::Pair:
      return {{"pair", nlohmann::json::array({index_json(index.children[0]), index_json(index.children[1])})}};
    case Index::Kind::Inject:
      return {{"inject", {{"ctor", index.ctor}, {"tag", index.tag}, {"of", index_json(index.children[0])}}}};
    case Index::Kind::Roll: return {{"roll", index_json(index.children[0])}};
  }
  return nullptr;
}

std::string hex(double x) {
  char text[64];
  std::snprintf(text, sizeof text, "%a", x);
  return text;
}

struct Run {
  int exit_code = -1;
  std::string output;
};

Run run_shell(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  Run run;
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) run.output.append(buffer, n);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
  return run;
}

bool python_has_torch() {
  static const bool has = run_shell("/usr/bin/python3 -c 'import torch' 2>/dev/null").exit_code == 0;
  return has;
}

// This process's folder for modules and requests, removed at exit.
fs::path scratch_dir() {
  struct Scratch {
    fs::path dir = fs::temp_directory_path() / ("chad_python_emitter_" + std::to_string(::getpid()));
    Scratch() { fs::create_directories(dir); }
    ~Scratch() {
      std::error_code ignored;
      fs::remove_all(dir, ignored);
    }
  };
  static const Scratch scratch;
  return scratch.dir;
}

// The emitted module's answer at `input` (its stdout, one JSON object).
nlohmann::json run_module(const CheckedProgram& program, const NormalForm<double>& input,
                          const std::string& name) {
  const fs::path dir = scratch_dir();
  const fs::path module = dir / (name + ".py"), request = dir / (name + ".json");
  std::ofstream(module) << emit_python_program(program);
  nlohmann::json coords = nlohmann::json::array();
  for (double c : input.coords) coords.push_back(hex(c));
  std::ofstream(request) << nlohmann::json{{"index", index_json(input.index)}, {"coords", coords}}.dump();
  Run run = run_shell("/usr/bin/python3 " + module.string() + " < " + request.string() + " 2>&1");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  try {
    return nlohmann::json::parse(run.output);
  } catch (const nlohmann::json::exception&) {
    ADD_FAILURE() << "not one JSON object: " << run.output;
    return nullptr;
  }
}

// The translation and the interpreter agree at `at` (a value of the input type).
void compare_with_interpreter(const CheckedProgram& program, const std::string& at, const std::string& name) {
  NormalForm<double> input = read_input_point(program, at);
  ValueP<double> out = run_main<double>(program, rebuild<double>(program.input_type, input.index, input.coords));
  NormalForm<double> expected = normal_form<double>(program.output_type, out);
  nlohmann::json answer = run_module(program, input, name);
  ASSERT_TRUE(answer.is_object()) << name;
  ASSERT_TRUE(answer.contains("coords")) << name << ": " << answer.dump();
  EXPECT_EQ(answer["index"], index_json(expected.index)) << name;
  ASSERT_EQ(answer["coords"].size(), expected.coords.size()) << name;
  for (std::size_t i = 0; i < expected.coords.size(); ++i) {
    const double got = std::strtod(answer["coords"][i].get<std::string>().c_str(), nullptr);
    // Sums and products are computed in the interpreter's order, so they agree exactly; sin,
    // exp, tanh, ... are PyTorch's and glibc's implementations, each within an ulp or two of
    // the exact value, so the two may differ by a few ulps.
    EXPECT_NEAR(got, expected.coords[i], 1e-14 * std::fmax(1.0, std::fabs(expected.coords[i])))
        << name << " coordinate " << i;
  }
}

// The index of a 3,000-element list is 3,000 levels deep: building, comparing and freeing it and
// its JSON recurse as deep (too deep for the ordinary stack under AddressSanitizer's larger
// frames), so the whole comparison runs on the deep stack.
void expect_same_as_interpreter(const CheckedProgram& program, const std::string& at, const std::string& name) {
  run_with_deep_stack([&] { compare_with_interpreter(program, at, name); });
}

class PythonEmitterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!python_has_torch()) GTEST_SKIP() << "/usr/bin/python3 cannot `import torch` (Debian python3-torch)";
  }
};

TEST_F(PythonEmitterTest, EveryExampleAgreesWithTheInterpreter) {
  for (const auto& entry : fs::directory_iterator(std::string(CHAD_SOURCE_DIR) + "/examples")) {
    if (entry.path().extension() != ".chad") continue;
    const std::string name = entry.path().filename().string();
    const std::string at = testing::example_point(name);
    ASSERT_FALSE(at.empty()) << name << " has no `-- at:` point";
    expect_same_as_interpreter(testing::load_example(name), at, entry.path().stem().string());
  }
}

TEST_F(PythonEmitterTest, SumsAndCaseIncludingASumOutput) {
  // At (Rect (2, 3), 0.5): Big (2 * 0.5, 3 / 0.5) = Big (1, 6).
  auto program = testing::load_source(
      "type Shape = < Circle : real | Rect : real * real >;\n"
      "def main (s : Shape, k : real) : < Small : real | Big : real * real > =\n"
      "  case s of { Circle r -> Small (r * r * k) | Rect p -> Big (fst p * k, snd p / k) };\n");
  expect_same_as_interpreter(program, "(Rect (2, 3), 0.5)", "sums_rect");
  expect_same_as_interpreter(program, "(Circle 2, 0.5)", "sums_circle");
  NormalForm<double> input;
  run_with_deep_stack([&] { input = read_input_point(program, "(Rect (2, 3), 0.5)"); });
  nlohmann::json answer = run_module(program, input, "sums_by_hand");
  EXPECT_EQ(answer["index"]["inject"]["ctor"], "Big");
  EXPECT_EQ(std::strtod(answer["coords"][0].get<std::string>().c_str(), nullptr), 1.0);
  EXPECT_EQ(std::strtod(answer["coords"][1].get<std::string>().c_str(), nullptr), 6.0);
}

// A list of `n` elements 0.001, 0.002, ... written with rolls.
std::string long_list(int n) {
  std::string text;
  for (int i = 1; i <= n; ++i) text += "roll Cons (" + testing::print_point(i / 1000.0) + ", ";
  text += "roll Nil";
  text.append(std::size_t(n), ')');
  return text;
}

TEST_F(PythonEmitterTest, FoldsOverListsOfThousandsOfElements) {
  // A fold building a list (a mu output) and one building a function (its calls nest).
  auto mapped = testing::load_source(
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "def main (xs : List) : List = fold xs with x -> case x of {\n"
      "  Nil u -> roll Nil | Cons p -> roll Cons (sin (fst p) * fst p, snd p) };\n");
  expect_same_as_interpreter(mapped, long_list(3), "fold_map_short");
  expect_same_as_interpreter(mapped, long_list(3000), "fold_map_long");
  auto horner = testing::load_source(
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "def main (x : real, xs : List) : real = (fold xs with n -> case n of {\n"
      "  Nil u -> fun (acc : real) -> acc\n"
      "| Cons p -> fun (acc : real) -> (snd p) (acc * x + fst p) } : real -> real) 0;\n");
  expect_same_as_interpreter(horner, "(0.999, " + long_list(3000) + ")", "fold_function_long");
}

TEST_F(PythonEmitterTest, UnfoldsAreLazyAndNestInFolds) {
  // An infinite binary tree observed along a path, and a list of streams folded.
  auto program = testing::load_source(
      "type Tree = nu t. real * (t * t);\n"
      "type Stream = nu s. real * s;\n"
      "type SList = mu l. < Nil : unit | Cons : Stream * l >;\n"
      "def nats (x : real) : Stream = unfold x with y -> (y, y + 1);\n"
      "def main (x : real) : real * real =\n"
      "  let t = (unfold x with y -> (exp y, (y * 2, y + 1)) : Tree) in\n"
      "  let xs = (roll Cons (nats x, roll Cons (nats (x * x), roll Nil)) : SList) in\n"
      "  (fst (unroll (fst (snd (unroll (snd (snd (unroll t))))))),\n"
      "   fold xs with n -> case n of { Nil u -> 0 | Cons p -> fst (unroll (snd (unroll (fst p)))) + snd p });\n");
  expect_same_as_interpreter(program, "0.75", "unfolds");
  // A fold whose functor holds a nu at its recursive position (the runtime's recursive form).
  auto nested = testing::load_source(
      "type T = mu l. < Leaf : real | Node : nu s. l * s >;\n"
      "def main (x : real) : real =\n"
      "  let v = (roll Node (unfold x with y -> (roll Leaf (y * y), y + 1)) : T) in\n"
      "  fold v with n -> case n of { Leaf r -> r | Node s -> let c = unroll s in fst c + fst (unroll (snd c)) };\n");
  expect_same_as_interpreter(nested, "1.5", "fold_over_nu");
}

TEST_F(PythonEmitterTest, HigherOrderFunctions) {
  auto program = testing::load_source(
      "def twice (f : real -> real) (x : real) : real = f (f x);\n"
      "def main (x : real) : real =\n"
      "  twice (fun (y : real) -> y * sin y) x + twice (twice (fun (z : real) -> z + x)) 1;\n");
  expect_same_as_interpreter(program, "0.5", "higher_order");
}

TEST_F(PythonEmitterTest, ArraysAndEveryPrimitive) {
  auto program = testing::load_source(
      "def main (m : real[2, 3], v : real[3]) : real[2] * real * real[3] * real =\n"
      "  let w = matvec(m, v) in\n"
      "  (sigmoid (w) + softplus (w - vec(40, 2)) + cos (w),\n"
      "   dot(v, v) + sum(m) + get(v, 2) * tanh(get(w, 0)),\n"
      "   scale(sqrt(dot(v, v)), log(v * v + [1, 1, 1])) / exp(-v),\n"
      "   if get(v, 0) < get(v, 1) then 1 else (if get(v, 0) > get(v, 1) then 2 else 3));\n");
  expect_same_as_interpreter(program, "([[1, 2, 3], [-4, 5, -6]], [0.5, -1, 2])", "arrays_a");
  expect_same_as_interpreter(program, "([[30, 2, 3], [4, 5, 6]], [1.5, 1.75, -0.25])", "arrays_b");
}

TEST_F(PythonEmitterTest, DomainErrorsAreReportedAsDomain) {
  auto program = testing::load_source("def main (x : real) : real = log (x) + sqrt (x) / x;\n");
  NormalForm<double> input;
  run_with_deep_stack([&] { input = read_input_point(program, "-2"); });
  nlohmann::json answer = run_module(program, input, "domain_log");
  EXPECT_EQ(answer["error"], "domain") << answer.dump();
  EXPECT_NE(answer["message"].get<std::string>().find("log"), std::string::npos) << answer.dump();
}

TEST_F(PythonEmitterTest, NamesAreKeptAndKeywordsMangled) {
  auto program = testing::load_source(
      "def lambda (x : real) : real = x * x;\n"
      "def main (x' : real) : real = let pass = lambda x' in pass + x';\n");
  const std::string module = emit_python_program(program);
  EXPECT_NE(module.find("def lambda_(x):"), std::string::npos) << module;
  EXPECT_NE(module.find("pass_ = lambda_(x_q)"), std::string::npos) << module;
  // The program's text is at the top, as a comment.
  EXPECT_EQ(module.rfind("# ", 0), 0u);
  EXPECT_NE(module.find("#   def lambda (x : real) : real"), std::string::npos) << module.substr(0, 600);
  expect_same_as_interpreter(program, "1.5", "keywords");  // 1.5^2 + 1.5 = 3.75
}

}  // namespace
}  // namespace chad
