// The command line against adapters (docs/adapter-protocol.md): `check-adapter` passes for the
// golden adapter and the shipped ones (each when available) and fails for an adapter with an
// injected fault; `jacobian --method adapter` prints the tool's Jacobian; `verify --adapter`
// exits 1 on a wrong derivative; and a campaign against the faulty PyTorch adapter finds the
// fault and shrinks it to a program of at most 10 term nodes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "../support/tool_runner.hpp"

namespace chad::testing {
namespace {

std::string golden() { return std::string(CHAD_BINARY_DIR) + "/apps/chad-oracle/chad-oracle serve-adapter"; }

std::string pytorch(const std::string& flags = "") {
  return "/usr/bin/python3 " + std::string(CHAD_SOURCE_DIR) + "/adapters/pytorch/chad_torch_adapter.py" + flags;
}

bool torch_available() { return std::system("/usr/bin/python3 -c 'import torch' >/dev/null 2>&1") == 0; }

std::string built_adapter(const std::string& name) { return std::string(CHAD_BINARY_DIR) + "/adapters/" + name; }

TEST(CliAdapter, TheGoldenAdapterConforms) {
  ToolRun r = run_tool("check-adapter --adapter " + shell_quote(golden()));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("CONFORMS"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("example relu.chad"), std::string::npos) << r.output;
}

TEST(CliAdapter, CheckAdapterJsonListsEveryCheck) {
  ToolRun r = run_tool("check-adapter --json --adapter " + shell_quote(golden()), false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_TRUE(j["passed"].get<bool>());
  std::set<std::string> names;
  for (const auto& c : j["checks"]) names.insert(c["check"].get<std::string>());
  for (const char* name : {"handshake", "ids", "domain error", "unknown request", "bye"}) EXPECT_TRUE(names.count(name)) << name;
}

TEST(CliAdapter, TheAdolcAndCeresAdaptersConform) {
  for (const char* name : {"chad-adolc-adapter", "chad-ceres-adapter"}) {
    if (!std::filesystem::exists(built_adapter(name))) continue;  // its tool is not installed
    ToolRun r = run_tool("check-adapter --adapter " + shell_quote(built_adapter(name)));
    EXPECT_EQ(r.exit_code, 0) << name << ":\n" << r.output;
  }
}

// The second set's elementwise primitives judged by the oracle through each C++ adapter
// (tests/adapters/second_set_examples): every example inside the tool's declared fragment passes;
// ADOL-C (no log1p, expm1, hypot of its own) declines the one using all eleven, outside its fragment.
TEST(CliAdapter, TheAdolcAndCeresAdaptersPassTheSecondSetsElementwisePrimitives) {
  const std::string examples = std::string(CHAD_SOURCE_DIR) + "/tests/adapters/second_set_examples";
  for (const char* name : {"chad-adolc-adapter", "chad-ceres-adapter"}) {
    if (!std::filesystem::exists(built_adapter(name))) continue;  // its tool is not installed
    ToolRun r = run_tool("check-adapter --json --examples " + shell_quote(examples) + " --adapter " +
                         shell_quote(built_adapter(name)), false);
    EXPECT_EQ(r.exit_code, 0) << name << ":\n" << r.output;
    const auto j = nlohmann::json::parse(r.output);
    std::map<std::string, nlohmann::json> checks;
    for (const auto& c : j["checks"]) checks[c["check"].get<std::string>()] = c;
    const bool adolc = std::string(name) == "chad-adolc-adapter";
    for (const auto& [example, declined] : {std::pair<std::string, bool>{"elementwise_adolc.chad", false},
                                           {"elementwise_all.chad", adolc}}) {
      ASSERT_TRUE(checks.count("example " + example)) << name << ": " << r.output;
      const auto& c = checks["example " + example];
      EXPECT_EQ(c["passed"], true) << name << ": " << c.dump();
      EXPECT_EQ(c["unsupported"], declined) << name << ": " << c.dump();
      if (!declined) {
        EXPECT_EQ(c["reason"], "pass") << name << ": " << c.dump();
      }
    }
  }
}

TEST(CliAdapter, ThePytorchAdapterConformsAndItsSinFaultDoesNot) {
  if (!torch_available()) GTEST_SKIP() << "/usr/bin/python3 cannot import torch";
  ToolRun r = run_tool("check-adapter --adapter " + shell_quote(pytorch()));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  r = run_tool("check-adapter --adapter " + shell_quote(pytorch(" --fault sin-derivative")));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("FAIL"), std::string::npos) << r.output;
}

TEST(CliAdapter, JacobianByAdapterPrintsTheToolsJacobian) {
  // f(x, y) = (x * y, sin x) at (2, 3): J = [[y, x], [cos x, 0]] = [[3, 2], [cos 2, 0]];
  // the golden adapter (CHAD reverse in double) gives cos 2 as std::cos does.
  const std::string file =
      write_temp_file("chad_cli_adapter_test", "pair.chad", "def main (x : real, y : real) : real * real = (x * y, sin(x));\n");
  ToolRun r = run_tool("jacobian " + file + " --at '(2, 3)' --method adapter --json --adapter " + shell_quote(golden()), false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["method"], "adapter");
  EXPECT_EQ(j["tool"], "chad-oracle-chad-rev");
  EXPECT_EQ(j["precision"], "float64");
  const auto jac = j["jacobian"].get<std::vector<std::vector<double>>>();
  ASSERT_EQ(jac.size(), 2u);
  EXPECT_EQ(jac[0], (std::vector<double>{3, 2}));
  EXPECT_DOUBLE_EQ(jac[1][0], std::cos(2.0));
  EXPECT_EQ(jac[1][1], 0.0);
  r = run_tool("jacobian " + file + " --at '(2, 3)' --method adapter --adapter " + shell_quote(golden()));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("method: adapter (chad-oracle-chad-rev"), std::string::npos) << r.output;
}

// Exit codes say whose fault it is (README, "Exit codes"): a tool that dies is the tool's (5), not
// the oracle's own bug (4).
TEST(CliAdapter, JacobianByAdapterOfAnAdapterThatDiesIsExit5) {
  const std::string dies = "/bin/sh " + write_temp_file("chad_cli_adapter_test", "dies.sh",
                                                        "read line\necho '{\"kind\": \"hello\", \"protocol\": 1, \"tool\": "
                                                        "\"t\", \"version\": \"0\", \"precision\": \"float64\"}'\nread line\nexit 5\n");
  ToolRun r = run_tool("jacobian " + example("relu.chad") + " --method adapter --adapter " + shell_quote(dies));
  EXPECT_EQ(r.exit_code, 5) << r.output;
  EXPECT_NE(r.output.find("status 5"), std::string::npos) << r.output;
}

// A handshake the tool breaks is the tool's fault (5); a command the shell cannot run at all (a
// misspelt path) is the user's input (3).
TEST(CliAdapter, ABrokenHandshakeIsTheToolsFaultAndAMissingCommandTheInputs) {
  ToolRun r = run_tool("jacobian " + example("relu.chad") + " --method adapter --adapter 'echo garbage'");
  EXPECT_EQ(r.exit_code, 5) << r.output;
  EXPECT_NE(r.output.find("not JSON: garbage"), std::string::npos) << r.output;
  r = run_tool("campaign --implementation adapter --count 2 --adapter 'true' --out " +
               (testing::TempDir("chad_cli_adapter_no_hello") / "out"));
  EXPECT_EQ(r.exit_code, 5) << r.output;
  EXPECT_NE(r.output.find("gave no handshake"), std::string::npos) << r.output;
  r = run_tool("jacobian " + example("relu.chad") + " --method adapter --adapter 'chad-no-such-adapter-command'");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("not found"), std::string::npos) << r.output;
}

// An adapter that dies and then fails its handshake on restart: the program it died on is a
// `crash`, and the campaign stops with exit 5 and says so, rather than charging every later
// program with a crash of the tool's start-up.
TEST(CliAdapter, ACampaignWhoseAdapterCannotRestartStopsWithExit5) {
  const testing::TempDir scratch("chad_cli_adapter_restart");
  const std::string marker = scratch / "started";
  const std::string adapter =
      "/bin/sh " + write_temp_file("chad_cli_adapter_test", "restart_fails.sh",
                                   "if [ -e " + marker + " ]; then exit 7; fi\ntouch " + marker +
                                       "\nread line\necho '{\"kind\": \"hello\", \"protocol\": 1, \"tool\": "
                                       "\"t\", \"version\": \"0\", \"precision\": \"float64\"}'\nread line\nexit 5\n");
  ToolRun r = run_tool("campaign --implementation adapter --count 6 --out " + (scratch / "out") +
                       " --adapter " + shell_quote(adapter));
  EXPECT_EQ(r.exit_code, 5) << r.output;
  EXPECT_NE(r.output.find("could not be restarted"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("exited with status 7"), std::string::npos) << r.output;
}

TEST(CliAdapter, VerifyByAdapterExits1OnTheSinFault) {
  if (!torch_available()) GTEST_SKIP() << "/usr/bin/python3 cannot import torch";
  // primitives.chad uses sin at its point: the faulty derivative of sin shows.
  ToolRun r = run_tool("verify " + example("primitives.chad") + " --points 1 --adapter " +
                       shell_quote(pytorch(" --fault sin-derivative")));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("fail"), std::string::npos) << r.output;
  r = run_tool("verify " + example("primitives.chad") + " --points 1 --adapter " + shell_quote(pytorch()));
  EXPECT_EQ(r.exit_code, 0) << r.output;
}

// `verify --adapter --out DIR`: the first failing random input is shrunk with the program fixed,
// its report written as a campaign's (in the tool's terms), and `replay DIR` reproduces it.
TEST(CliAdapter, VerifyByAdapterWithOutShrinksTheFailingInputAndWritesItsReport) {
  if (!torch_available()) GTEST_SKIP() << "/usr/bin/python3 cannot import torch";
  const testing::TempDir scratch("chad_cli_adapter_verify_out");
  const std::string program = write_temp_file("chad_cli_adapter_verify_out", "sin.chad",
                                              "def main (x : real * real) : real = sin(fst x) * snd x;\n");
  const std::string out = scratch / "report";
  ToolRun r = run_tool("verify " + shell_quote(program) + " --inputs 3 --seed 2 --out " + shell_quote(out) +
                       " --adapter " + shell_quote(pytorch(" --fault sin-derivative")));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("shrunk input "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("replay: chad-oracle replay "), std::string::npos) << r.output;
  ASSERT_TRUE(std::filesystem::exists(std::filesystem::path(out) / "report.md")) << r.output;
  const nlohmann::json report = nlohmann::json::parse(std::ifstream(std::filesystem::path(out) / "report.json"));
  EXPECT_EQ(report["verdict"], "fail") << report.dump(2);
  std::ifstream md(std::filesystem::path(out) / "report.md");
  const std::string text((std::istreambuf_iterator<char>(md)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text.find("CHAD"), std::string::npos) << text;  // the tool's terms, not CHAD's
  ToolRun replay = run_tool("replay " + shell_quote(out));
  EXPECT_EQ(replay.exit_code, 1) << replay.output;
  // Without --out nothing is written and nothing is shrunk.
  ToolRun plain = run_tool("verify " + shell_quote(program) + " --inputs 3 --seed 2 --adapter " +
                           shell_quote(pytorch(" --fault sin-derivative")));
  EXPECT_EQ(plain.exit_code, 1) << plain.output;
  EXPECT_EQ(plain.output.find("shrunk input "), std::string::npos) << plain.output;
}

// The headline check: a fault injected into an adapter is found and shrunk to at most 10
// term nodes.
void expect_found_and_shrunk(const std::string& fault) {
  const testing::TempDir scratch("chad_cli_adapter_campaign_" + fault);  // its own: other builds run this test too
  const std::filesystem::path out = scratch / "out";
  ToolRun r = run_tool("campaign --implementation adapter --seed 1 --count 30 --reports 1 --out " + out.string() +
                       " --adapter " + shell_quote(pytorch(" --fault " + fault)));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  int reports = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(out)) {
    if (entry.path().filename() != "report.json") continue;
    ++reports;
    const nlohmann::json report = nlohmann::json::parse(std::ifstream(entry.path()));
    EXPECT_LE(report["shrunk_size"].get<int>(), 10) << entry.path();
    EXPECT_GE(report["shrunk_size"].get<int>(), 1) << entry.path();
  }
  EXPECT_GE(reports, 1) << r.output;
  std::filesystem::remove_all(out);
}

TEST(CliAdapter, ACampaignFindsAndShrinksTheSinDerivativeFault) {
  if (!torch_available()) GTEST_SKIP() << "/usr/bin/python3 cannot import torch";
  expect_found_and_shrunk("sin-derivative");
}

TEST(CliAdapter, ACampaignFindsAndShrinksTheDroppedAddTerm) {
  if (!torch_available()) GTEST_SKIP() << "/usr/bin/python3 cannot import torch";
  expect_found_and_shrunk("drop-add-term");
}

}  // namespace
}  // namespace chad::testing
