// The command-line tool end to end: outputs, JSON forms, exit codes, and bad input (located
// messages and non-zero exits, never a crash or a hang).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "../support/address_sanitizer.hpp"
#include "../support/tool_runner.hpp"

namespace {

using chad::testing::example;
using chad::testing::run_tool;
using chad::testing::shell_quote;
using chad::testing::ToolRun;

// Writes `text` to a fresh file under the test's temporary directory and returns its path.
std::string write_program(const std::string& name, const std::string& text) {
  return chad::testing::write_temp_file("chad_cli_test", name, text);
}

constexpr int kBadInput = 3;

TEST(Cli, CheckPrintsTheTypeOfMain) {
  ToolRun r = run_tool("check " + example("spec_example.chad"));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("main : real * (mu"), std::string::npos) << r.output;
}

TEST(Cli, EvalPrintsTheValue) {
  ToolRun r = run_tool("eval " + example("list_product.chad") + " --at " +
                   shell_quote("roll Cons (1.5, roll Cons (-2, roll Last 4))"));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "-12\n");
}

TEST(Cli, ShapeJsonListsIndexAndCoordinates) {
  ToolRun r = run_tool("shape " + example("horner.chad") + " --json --at " +
                       shell_quote("(0.5, roll Cons (1, roll Last 2))"),
                   false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["input"]["coords"], nlohmann::json({0.5, 1.0, 2.0}));
  EXPECT_EQ(j["input"]["index"], "(_, roll Cons (_, roll Last _))");
  EXPECT_EQ(j["output"]["coords"], nlohmann::json({2.0}));  // 1 + 0.5 * 2
}

TEST(Cli, JacobianJsonHasTheDocumentedFields) {
  ToolRun r = run_tool("jacobian " + example("list_product.chad") + " --method interval --json --at " +
                       shell_quote("roll Cons (1.5, roll Cons (-2, roll Last 4))"),
                   false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["method"], "interval");
  EXPECT_EQ(j["jacobian"], nlohmann::json({{-8.0, 6.0, -3.0}}));
  ASSERT_EQ(j["enclosure"].size(), 1u);
  // Products of small integers and halves are exact, so the enclosure is a point.
  EXPECT_EQ(j["enclosure"][0][0], nlohmann::json({-8.0, -8.0}));
  EXPECT_EQ(j["output"]["coords"], nlohmann::json({-12.0}));
}

TEST(Cli, NumbersReadBackExactly) {
  ToolRun r = run_tool("jacobian " + example("relu.chad") + " --method dual --json --at 0.1", false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["jacobian"][0][0].get<double>(), 2 * 0.1);
  EXPECT_EQ(j["output"]["coords"][0].get<double>(), 0.1 * 0.1);
}

TEST(Cli, NotDifferentiableExitsTwoWithTheReason) {
  ToolRun r = run_tool("jacobian " + example("relu.chad") + " --method fd --at 0");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("not differentiable"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("relu.chad:5:"), std::string::npos) << r.output;
}

struct BadProgram {
  std::string name;
  std::string text;
  std::string location;  // expected "file:line:col" suffix
  std::string words;     // expected part of the message
};

TEST(Cli, BadProgramsGiveLocatedMessages) {
  const std::vector<BadProgram> cases = {
      {"syntax.chad", "def main (x : real) : real = (x + ;\n", ":1:35", "expected"},
      {"ill_typed.chad", "def main (x : real) : real = (x, x);\n", ":1:30", "expected"},
      {"unbound.chad", "def main (x : real) : real =\n  x + y;\n", ":2:7", "unbound variable `y`"},
      {"missing_branch.chad",
       "type S = < A : real | B : real >;\ndef main (s : S) : real = case s of { A a -> a };\n",
       ":2:27", "B"},
      {"fun_under_mu.chad",
       "type T = mu t. < Leaf : real -> real | Node : t * t >;\ndef main (x : real) : real = x;\n",
       ":1:", "function type"},
  };
  for (const BadProgram& c : cases) {
    std::string path = write_program(c.name, c.text);
    ToolRun r = run_tool("check " + path);
    EXPECT_EQ(r.exit_code, kBadInput) << c.name << ": " << r.output;
    EXPECT_NE(r.output.find(path + c.location), std::string::npos) << c.name << ": " << r.output;
    EXPECT_NE(r.output.find(c.words), std::string::npos) << c.name << ": " << r.output;
  }
}

TEST(Cli, BadInputValues) {
  // Wrong type: a real where a list is expected.
  ToolRun r = run_tool("eval " + example("list_sum.chad") + " --at 1.5");
  EXPECT_EQ(r.exit_code, kBadInput) << r.output;
  EXPECT_NE(r.output.find("<--at>:1:1"), std::string::npos) << r.output;
  // Not a value: a primitive.
  r = run_tool("eval " + example("relu.chad") + " --at 'sin(1)'");
  EXPECT_EQ(r.exit_code, kBadInput) << r.output;
  EXPECT_NE(r.output.find("<--at>:1:1"), std::string::npos) << r.output;
  // Missing --at, and no `-- at:` line in the file.
  r = run_tool("eval " + write_program("no_point.chad", "def main (x : real) : real = x;\n"));
  EXPECT_EQ(r.exit_code, kBadInput) << r.output;
  EXPECT_NE(r.output.find("missing --at"), std::string::npos) << r.output;
  // Missing --at: the file's `-- at: 1.25` line is the point (f(1.25) = 1.25^2 = 1.5625).
  r = run_tool("eval " + example("relu.chad"));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("1.5625"), std::string::npos) << r.output;
}

TEST(Cli, DomainErrorsNameThePrimitiveAndValue) {
  std::string path = write_program("domain.chad", "def main (x : real) : real = log(x) + 1;\n");
  for (const char* method : {"dual", "interval", "fd"}) {
    ToolRun r = run_tool("jacobian " + path + " --method " + method + " --at '-2'");
    EXPECT_EQ(r.exit_code, kBadInput) << r.output;
    EXPECT_NE(r.output.find(path + ":1:30"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("log"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("-2"), std::string::npos) << r.output;
  }
  ToolRun r = run_tool("eval " + path + " --json --at '-2'", false);
  EXPECT_EQ(r.exit_code, kBadInput);
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["error"]["kind"], "domain");
  EXPECT_EQ(j["error"]["line"], 1);
  EXPECT_EQ(j["error"]["column"], 30);
}

TEST(Cli, DeeplyNestedProgramIsRejectedCleanly) {
  CHAD_SKIP_DEEP_THROW_UNDER_ASAN();  // the tool throws from 20,000 levels of parsing
  const int depth = 200000;
  std::string text = "def main (x : real) : real = ";
  text += std::string(depth, '(') + "x" + std::string(depth, ')') + ";\n";
  std::string path = write_program("deep.chad", text);
  ToolRun r = run_tool("check " + path);
  EXPECT_EQ(r.exit_code, kBadInput) << r.output.substr(0, 500);
  EXPECT_NE(r.output.find(path + ":1:"), std::string::npos) << r.output.substr(0, 500);
  EXPECT_NE(r.output.find("nested"), std::string::npos) << r.output.substr(0, 500);

  std::string lets = "def main (x : real) : real =\n";
  for (int i = 0; i < depth; ++i) lets += "let y = x + 1 in\n";
  lets += "x;\n";
  path = write_program("deep_lets.chad", lets);
  r = run_tool("check " + path);
  EXPECT_EQ(r.exit_code, kBadInput) << r.output.substr(0, 500);
  EXPECT_NE(r.output.find("nested"), std::string::npos) << r.output.substr(0, 500);
}

TEST(Cli, MissingFileAndUnknownMethod) {
  ToolRun r = run_tool("check /nonexistent/program.chad");
  EXPECT_EQ(r.exit_code, kBadInput) << r.output;
  EXPECT_NE(r.output.find("/nonexistent/program.chad"), std::string::npos);
  r = run_tool("jacobian " + example("relu.chad") + " --at 1 --method magic");
  EXPECT_NE(r.exit_code, 0);
}

}  // namespace
