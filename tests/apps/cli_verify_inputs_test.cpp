// `verify FILE --inputs N [--seed S] [--mutant NAME] [--out DIR]` end to end: a correct program
// passes at N random inputs (one line each); under a mutant, the first failing input is shrunk
// with the program fixed, the seed and the replay command are printed, and the report
// directory's `replay` reproduces the failure (exit 1). `--points` is the same option.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "../support/tool_runner.hpp"

namespace {

using chad::testing::example;
using chad::testing::run_tool;
using chad::testing::shell_quote;
using chad::testing::ToolRun;
using chad::testing::write_temp_file;

// examples/list_product.chad without its `-- at:` line: random inputs alone.
std::string list_product_without_point() {
  return write_temp_file("chad_cli_verify_inputs", "product.chad",
                         "type NEList = mu l. < Last : real | Cons : real * l >;\n"
                         "def main (xs : NEList) : real =\n"
                         "  fold xs with node -> case node of { Last a -> a | Cons p -> fst p * snd p };\n");
}

std::size_t count(const std::string& text, const std::string& word) {
  std::size_t n = 0;
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
  return n;
}

TEST(CliVerifyInputs, ACorrectProgramPassesAtEveryInput) {
  ToolRun r = run_tool("verify " + list_product_without_point() + " --inputs 12 --seed 5");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  for (int k = 0; k < 12; ++k)
    EXPECT_NE(r.output.find("input " + std::to_string(k) + " (size "), std::string::npos) << k << r.output;
  EXPECT_EQ(count(r.output, ": pass, worst discrepancy"), 12u) << r.output;
  EXPECT_NE(r.output.find("PASSED at 12 of 12 points (12 random, seed 5; 0 skipped)"), std::string::npos) << r.output;
  // --points is the same option; the example's `-- at:` point is judged first.
  ToolRun alias = run_tool("verify " + example("list_product.chad") + " --points 3 --seed 5");
  EXPECT_EQ(alias.exit_code, 0) << alias.output;
  EXPECT_NE(alias.output.find("PASSED at 4 of 4 points (the given one and 3 random, seed 5"), std::string::npos)
      << alias.output;
}

// Random inputs of `log x` fall on both sides of 0: those outside log's domain are skipped with
// the reason said once ("domain error here: `log` applied to ..."), not "domain error here:
// domain error: ...".
TEST(CliVerifyInputs, ADomainErrorIsSkippedAndSaidOnce) {
  const std::string file = write_temp_file("chad_cli_verify_inputs", "log.chad", "def main (x : real) : real = log x;\n");
  ToolRun r = run_tool("verify " + shell_quote(file) + " --inputs 12 --seed 5");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_GE(count(r.output, "domain error here: `log` applied to"), 1u) << r.output;
  EXPECT_EQ(count(r.output, "domain error: "), 0u) << r.output;
}

// rev-mul-drops-term drops the reverse cotangent v * a of b in a * b. A one-element list
// `Last a` multiplies nothing: the mutant is invisible there. On Cons (a, Last b) the output is
// a * b, d/db = a, and the mutant gives 0: it fails exactly when a != 0. So the shrunk input is a
// list of two elements: one `Cons` and one `Last`.
TEST(CliVerifyInputs, AMutantFailsAndTheInputShrinksToTwoElements) {
  const auto dir = std::filesystem::temp_directory_path() / "chad_cli_verify_inputs" / "report";
  std::filesystem::remove_all(dir);
  const std::string args =
      "verify " + list_product_without_point() + " --inputs 20 --seed 3 --mutant rev-mul-drops-term --out " + dir.string();
  ToolRun r = run_tool(args);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("FAIL (rev "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("seed 3"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("replay: chad-oracle replay " + shell_quote(dir.string())), std::string::npos) << r.output;

  ToolRun j = run_tool(args + " --json", false);
  EXPECT_EQ(j.exit_code, 1) << j.output;
  auto json = nlohmann::json::parse(j.output);
  EXPECT_EQ(json["seed"], 3);
  EXPECT_EQ(json["passed"], false);
  ASSERT_TRUE(json["shrunk"].is_object()) << json;
  const std::string shrunk = json["shrunk"]["input"];
  EXPECT_EQ(count(shrunk, "Cons"), 1u) << shrunk;
  EXPECT_EQ(count(shrunk, "Last"), 1u) << shrunk;
  EXPECT_EQ(json["shrunk"]["mode"], "rev");
  EXPECT_EQ(json["replay"], "chad-oracle replay " + shell_quote(dir.string()));

  ASSERT_TRUE(std::filesystem::exists(dir / "report.json"));
  ToolRun replay = run_tool("replay " + dir.string());
  EXPECT_EQ(replay.exit_code, 1) << replay.output;
  EXPECT_NE(replay.output.find("reproduces the report"), std::string::npos) << replay.output;
  EXPECT_NE(replay.output.find("-- at: " + shrunk), std::string::npos) << replay.output;

  // Without --out: no report, and the replay is `verify --at` of the shrunk input, which fails.
  ToolRun bare = run_tool("verify " + list_product_without_point() + " --inputs 20 --seed 3 --mutant rev-mul-drops-term");
  EXPECT_EQ(bare.exit_code, 1) << bare.output;
  const std::size_t at = bare.output.find("replay: chad-oracle verify ");
  ASSERT_NE(at, std::string::npos) << bare.output;
  const std::string again = bare.output.substr(at + std::string("replay: chad-oracle ").size());
  EXPECT_EQ(run_tool(again.substr(0, again.find('\n'))).exit_code, 1);
}

TEST(CliVerifyInputs, AnUnknownMutantIsABadInput) {
  ToolRun r = run_tool("verify " + list_product_without_point() + " --inputs 2 --mutant no-such-mutant");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("rev-mul-drops-term"), std::string::npos) << "the known mutants are listed: " << r.output;
}

}  // namespace
