// The ADOL-C and Ceres adapters (adapters/adolc, adapters/ceres) driven through their standard
// input and output with a scripted conversation of the adapter protocol: the handshake,
// Jacobians, JVPs and VJPs of programs whose derivatives are derived by hand, a domain error,
// a malformed line answered without dying, `bye` and exit status 0. Skipped for an adapter
// that was not built (its tool is absent).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "cpp_adapter_requests.hpp"
#include "../support/temp_dir.hpp"

namespace chad {
namespace {

using nlohmann::json;
using testing::program_at;
using testing::request_line;

struct Conversation {
  int exit_code = -1;
  std::vector<json> answers;
};

Conversation converse(const std::string& adapter, const std::vector<std::string>& lines) {
  // a directory of its own: the ADOL-C and Ceres instances of a test run in parallel
  const testing::TempDir dir("chad_cpp_adapter");
  const std::string input = dir / "input.jsonl";
  {
    std::ofstream out(input);
    for (const std::string& line : lines) out << line << '\n';
  }
  FILE* pipe = popen(("timeout 60 " + adapter + " < " + input).c_str(), "r");
  std::string text;
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) text.append(buffer, n);
  const int status = pclose(pipe);
  Conversation c;
  c.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) c.answers.push_back(json::parse(line));
  return c;
}

std::vector<double> numbers(const json& list) {
  std::vector<double> out;
  for (const json& x : list) out.push_back(chad_adapter::parse_number(x));
  return out;
}

void expect_near(const std::vector<double>& actual, const std::vector<double>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i)
    EXPECT_NEAR(actual[i], expected[i], 1e-14 * std::fmax(1.0, std::fabs(expected[i]))) << "entry " << i;
}

class CppAdapter : public ::testing::TestWithParam<std::pair<const char*, const char*>> {};

// The second set's elementwise primitives each tool translates by a function of its own (checked
// against /usr/include/adolc/adouble.h and ceres/jet.h), in the order of docs/program-json.md:
// ADOL-C 2.7 has no log1p, expm1 or hypot.
const std::vector<std::pair<std::string, std::string>>& own_functions(const std::string& tool) {
  static const std::vector<std::pair<std::string, std::string>> adolc = {
      {"atan", "atan(const badouble&)"}, {"erf", "erf(const badouble&)"}, {"abs", "fabs(const badouble&)"},
      {"^", "pow(const badouble&, double) (n >= 1; x ^ 0 is the constant 1)"},
      {"pow", "pow(const badouble&, const badouble&)"}, {"atan2", "atan2(const badouble&, const badouble&)"},
      {"max", "fmax(const badouble&, const badouble&)"}, {"min", "fmin(const badouble&, const badouble&)"}};
  static const std::vector<std::pair<std::string, std::string>> ceres = {
      {"log1p", "ceres::log1p(Jet)"}, {"expm1", "ceres::expm1(Jet)"}, {"atan", "ceres::atan(Jet)"},
      {"erf", "ceres::erf(Jet)"}, {"abs", "ceres::abs(Jet)"},
      {"^", "ceres::pow(Jet, double) (n >= 1; x ^ 0 is the constant 1)"}, {"pow", "ceres::pow(Jet, Jet)"},
      {"atan2", "ceres::atan2(Jet, Jet)"}, {"hypot", "ceres::hypot(Jet, Jet)"}, {"max", "ceres::fmax(Jet, Jet)"},
      {"min", "ceres::fmin(Jet, Jet)"}};
  return tool == "adolc" ? adolc : ceres;
}

TEST_P(CppAdapter, ScriptedConversation) {
  const auto [tool, path] = GetParam();
  if (std::string(path).empty()) GTEST_SKIP() << tool << " adapter not built (its library is absent)";

  const auto sin_times_x = program_at("def main (x : real) : real = sin(x) * x;", "1.5");
  const auto sum_of_squares = program_at(
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "def main (xs : List) : real = fold xs with n -> case n of { Nil u -> 0 | Cons c -> fst c * fst c + snd c };",
      "roll Cons (1, roll Cons (2, roll Cons (3, roll Nil)))");
  const auto shape = program_at(
      "type Shape = < Circle : real | Rect : real * real >;\n"
      "def main (s : Shape, k : real) : real = case s of { Circle r -> r * k | Rect p -> (fst p + snd p) * k };",
      "(Rect (2, 3), 4)");
  const auto stream = program_at(
      "type Stream = nu s. real * s;\n"
      "def powers (x : real) : Stream = unfold x with y -> (y, y * x);\n"
      "def main (x : real) : real * real * real = let s1 = unroll (powers x) in let s2 = unroll (snd s1) in"
      " let s3 = unroll (snd s2) in (fst s1, fst s2, fst s3);",
      "1.5");
  const auto log = program_at("def main (x : real) : real = log(x);", "-1");

  const Conversation c = converse(path, {
      R"({"kind": "hello", "protocol": 1})",
      request_line(1, sin_times_x, "jacobian"),
      request_line(2, sin_times_x, "jvp", {{2}, {-1}}),
      request_line(3, sin_times_x, "vjp", {{3}}),
      request_line(4, sum_of_squares, "jacobian"),
      request_line(5, sum_of_squares, "vjp", {{0.5}}),
      request_line(6, shape, "jacobian"),
      request_line(7, shape, "jvp", {{1, 1, 1}}),
      request_line(8, stream, "jacobian"),
      request_line(9, stream, "vjp", {{1, 1, 1}}),
      request_line(10, log, "jacobian"),
      "{not json",
      request_line(11, sin_times_x, "jacobian"),
      R"({"kind": "bye"})",
      request_line(12, sin_times_x, "jacobian"),  // after bye: never answered
  });
  EXPECT_EQ(c.exit_code, 0);
  ASSERT_EQ(c.answers.size(), 13u);

  const json& hello = c.answers[0];
  EXPECT_EQ(hello["kind"], "hello");
  EXPECT_EQ(hello["protocol"], 1);
  EXPECT_EQ(hello["tool"], tool);
  EXPECT_EQ(hello["precision"], "float64");
  EXPECT_EQ(hello["translations"], json::array({"json"}));
  EXPECT_FALSE(hello["version"].get<std::string>().empty());
  // The declared fragment: the first set and the second set's array primitives (what the JSON
  // interpreter translates for every tool), nothing it answers "unsupported" for.
  ASSERT_TRUE(hello.contains("primitives")) << hello.dump();
  const auto declared = hello["primitives"].get<std::vector<std::string>>();
  for (const char* name : {"+", "-", "*", "/", "neg", "sin", "cos", "exp", "log", "sqrt", "tanh", "sigmoid",
                           "softplus", "sum", "dot", "matvec", "scale", "get", "vec", "<", ">", "mean", "prod",
                           "logsumexp", "softmax", "norm", "cumsum", "matmul", "transpose", "outer"})
    EXPECT_NE(std::find(declared.begin(), declared.end(), name), declared.end()) << name << " not declared";
  for (const std::string& name : declared) EXPECT_NO_THROW(chad_adapter::parse_op(name)) << name;
  // ... and the second set's elementwise primitives the tool has a function of its own for, each
  // named with that function in the notes ("own functions: atan -> atan(const badouble&), ...").
  const auto& own = own_functions(tool);
  std::vector<std::string> expected_second;
  std::string expected_note = "own functions:";
  for (const auto& [op, function] : own) {
    expected_second.push_back(op);
    expected_note += std::string(expected_second.size() == 1 ? " " : ", ") + op + " -> " + function;
  }
  const std::vector<std::string> declared_second(declared.begin() + std::min<std::ptrdiff_t>(30, declared.size()),
                                                 declared.end());
  EXPECT_EQ(declared_second, expected_second);
  EXPECT_NE(hello["notes"].get<std::string>().find(expected_note), std::string::npos)
      << hello["notes"] << "\nlacks: " << expected_note;

  auto result = [&](std::size_t k, int id) -> const json& {
    const json& a = c.answers[k];
    EXPECT_EQ(a["kind"], "result") << a.dump();
    EXPECT_EQ(a["id"], id);
    return a;
  };
  // f(x) = x sin x, f'(x) = sin x + x cos x, at 1.5.
  const double f = 1.5 * std::sin(1.5), df = std::sin(1.5) + 1.5 * std::cos(1.5);
  expect_near(numbers(result(1, 1)["output"]["coords"]), {f});
  expect_near(numbers(result(1, 1)["jacobian"][0]), {df});
  expect_near(numbers(result(2, 2)["jvp"][0]), {2 * df});
  expect_near(numbers(result(2, 2)["jvp"][1]), {-df});
  expect_near(numbers(result(3, 3)["vjp"][0]), {3 * df});
  // sum of squares at (1, 2, 3): 14, gradient 2 x = (2, 4, 6); times 0.5: (1, 2, 3).
  expect_near(numbers(result(4, 4)["output"]["coords"]), {14});
  expect_near(numbers(result(4, 4)["jacobian"][0]), {2, 4, 6});
  expect_near(numbers(result(5, 5)["vjp"][0]), {1, 2, 3});
  // (w + h) k at (2, 3, 4): 20, gradient (k, k, w + h) = (4, 4, 5); JVP with (1, 1, 1): 13.
  expect_near(numbers(result(6, 6)["jacobian"][0]), {4, 4, 5});
  expect_near(numbers(result(7, 7)["jvp"][0]), {13});
  // (x, x^2, x^3) at 1.5: (1.5, 2.25, 3.375), Jacobian (1, 2x, 3x^2) = (1, 3, 6.75).
  const json& powers = result(8, 8);
  EXPECT_EQ(powers["output"]["index"], (json{{"pair", {{{"reals", 1}}, {{"pair", {{{"reals", 1}}, {{"reals", 1}}}}}}}}));
  expect_near(numbers(powers["output"]["coords"]), {1.5, 2.25, 3.375});
  ASSERT_EQ(powers["jacobian"].size(), 3u);
  expect_near(numbers(powers["jacobian"][1]), {3});
  expect_near(numbers(powers["jacobian"][2]), {6.75});
  expect_near(numbers(result(9, 9)["vjp"][0]), {10.75});
  // log(-1): a domain error.
  EXPECT_EQ(c.answers[10]["kind"], "error");
  EXPECT_EQ(c.answers[10]["id"], 10);
  EXPECT_EQ(c.answers[10]["error"], "domain");
  // The malformed line: an error answer, and the adapter goes on.
  EXPECT_EQ(c.answers[11]["kind"], "error");
  EXPECT_EQ(c.answers[11]["error"], "crash");
  expect_near(numbers(result(12, 11)["jacobian"][0]), {df});
}

// A timed request (docs/adapter-protocol.md, "Timing") gets its usual answer and "seconds": the
// program interpreted in double and the tool's VJP, each measured (positive, and far below the
// second a single run may take before it is not repeated, on a three-element sum of squares).
TEST_P(CppAdapter, ATimedRequestGetsSeconds) {
  const auto [tool, path] = GetParam();
  if (std::string(path).empty()) GTEST_SKIP() << tool << " adapter not built (its library is absent)";
  const auto sum_of_squares = program_at(
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "def main (xs : List) : real = fold xs with n -> case n of { Nil u -> 0 | Cons c -> fst c * fst c + snd c };",
      "roll Cons (1, roll Cons (2, roll Cons (3, roll Nil)))");
  json timed = json::parse(request_line(1, sum_of_squares, "vjp", {{0.5}}));
  timed["timing"] = true;
  const Conversation c = converse(path, {R"({"kind": "hello", "protocol": 1})", timed.dump()});
  ASSERT_EQ(c.answers.size(), 2u);
  EXPECT_EQ(c.answers[0]["timing"], true);
  expect_near(numbers(c.answers[1]["vjp"][0]), {1, 2, 3});
  const json& seconds = c.answers[1]["seconds"];
  for (const char* key : {"primal", "derivative"}) {
    ASSERT_TRUE(seconds.contains(key)) << c.answers[1].dump();
    EXPECT_GT(seconds[key].get<double>(), 0);
    EXPECT_LT(seconds[key].get<double>(), 1);
  }
}

// Each of the second set's elementwise primitives through the adapter: value and Jacobian derived
// by hand away from kinks (x ^ 0 and x ^ 2 at 0 too: derivatives 0), the spec's domain errors, and
// a primitive the tool has no function of its own for answered "unsupported", naming it.
TEST_P(CppAdapter, SecondSetElementwiseByHand) {
  const auto [tool, path] = GetParam();
  if (std::string(path).empty()) GTEST_SKIP() << tool << " adapter not built (its library is absent)";
  struct Case {
    std::string op, source, at;
    std::vector<double> value, jacobian;  // the Jacobian row by row
  };
  const double pi = std::acos(-1.0), r2 = 0.25 + 1.5625;
  const std::string unary = "def main (x : real) : real = ", binary = "def main (x : real, y : real) : real = ";
  const std::vector<Case> cases = {
      {"log1p", unary + "log1p(x);", "0.5", {std::log1p(0.5)}, {1 / 1.5}},
      {"expm1", unary + "expm1(x);", "0.5", {std::expm1(0.5)}, {std::exp(0.5)}},
      {"atan", unary + "atan(x);", "0.5", {std::atan(0.5)}, {1 / 1.25}},
      {"erf", unary + "erf(x);", "0.5", {std::erf(0.5)}, {2 / std::sqrt(pi) * std::exp(-0.25)}},
      {"abs", unary + "abs(x);", "-1.25", {1.25}, {-1}},
      {"^", "def main (x : real) : real * (real * real) = (x ^ 3, (x ^ 0, x ^ 2));", "-1.5", {-3.375, 1, 2.25},
       {6.75, 0, -3}},
      {"^", "def main (x : real) : real * (real * real) = (x ^ 3, (x ^ 0, x ^ 2));", "0", {0, 1, 0}, {0, 0, 0}},
      {"pow", binary + "pow(x, y);", "(1.5, 0.7)", {std::pow(1.5, 0.7)},
       {0.7 * std::pow(1.5, -0.3), std::pow(1.5, 0.7) * std::log(1.5)}},
      {"atan2", binary + "atan2(x, y);", "(0.5, -1.25)", {std::atan2(0.5, -1.25)}, {-1.25 / r2, -0.5 / r2}},
      {"hypot", binary + "hypot(x, y);", "(3, 4)", {5}, {0.6, 0.8}},
      {"max", binary + "max(x, y);", "(0.5, -1.25)", {0.5}, {1, 0}},
      {"min", binary + "min(x, y);", "(0.5, -1.25)", {-1.25}, {0, 1}}};
  const std::vector<std::pair<std::string, Case>> domain = {
      {"log1p", {"log1p", unary + "log1p(x);", "-1", {}, {}}},
      {"pow", {"pow", binary + "pow(x, y);", "(0, 2)", {}, {}}},
      {"pow", {"pow", binary + "pow(x, y);", "(-1, 2)", {}, {}}},
      {"atan2", {"atan2", binary + "atan2(x, y);", "(0, 0)", {}, {}}}};
  const auto& own = own_functions(tool);
  auto has = [&](const std::string& op) {
    return std::any_of(own.begin(), own.end(), [&](const auto& f) { return f.first == op; });
  };
  std::vector<std::string> lines = {R"({"kind": "hello", "protocol": 1})"};
  for (std::size_t i = 0; i < cases.size(); ++i)
    lines.push_back(request_line(int(i), program_at(cases[i].source, cases[i].at), "jacobian"));
  for (std::size_t i = 0; i < domain.size(); ++i)
    lines.push_back(request_line(int(100 + i), program_at(domain[i].second.source, domain[i].second.at), "jacobian"));
  const Conversation c = converse(path, lines);
  ASSERT_EQ(c.answers.size(), lines.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const json& a = c.answers[1 + i];
    const Case& k = cases[i];
    if (!has(k.op)) {
      EXPECT_EQ(a["error"], "unsupported") << k.op << ": " << a.dump();
      EXPECT_NE(a.value("message", "").find("\"" + k.op + "\""), std::string::npos) << a.dump();
      continue;
    }
    ASSERT_EQ(a["kind"], "result") << k.op << " at " << k.at << ": " << a.dump();
    expect_near(numbers(a["output"]["coords"]), k.value);
    std::vector<double> rows;
    for (const json& row : a["jacobian"])
      for (double x : numbers(row)) rows.push_back(x);
    SCOPED_TRACE(k.op + " at " + k.at);
    expect_near(rows, k.jacobian);
  }
  for (std::size_t i = 0; i < domain.size(); ++i) {
    const json& a = c.answers[1 + cases.size() + i];
    EXPECT_EQ(a["error"], has(domain[i].first) ? "domain" : "unsupported") << domain[i].second.at << ": " << a.dump();
  }
}

INSTANTIATE_TEST_SUITE_P(Tools, CppAdapter,
                         ::testing::Values(std::make_pair("adolc", CHAD_ADOLC_ADAPTER),
                                           std::make_pair("ceres-jet", CHAD_CERES_ADAPTER)),
                         [](const auto& info) { return std::string(info.param.first) == "adolc" ? "adolc" : "ceres"; });

}  // namespace
}  // namespace chad
