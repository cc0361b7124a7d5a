// `campaign --order 2` on the campaign engine: worker processes, the log's line format with the
// checks named by their second-order names, summary.md/.json, each failure shrunk and reported
// with its `verify --order 2` replay line, resume from the log, campaign.json recording the order;
// `mutants` hunting an order-2 mutant at order 2; the golden adapter answering hvp and hessian.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "../support/tool_runner.hpp"

namespace {

using chad::testing::example;
using chad::testing::run_tool;
using chad::testing::shell_quote;
using chad::testing::ToolRun;

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<nlohmann::json> log_lines(const std::string& dir) {
  std::vector<nlohmann::json> lines;
  std::ifstream in(dir + "/log.jsonl");
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

std::string fresh_dir(const std::string& name) {
  const std::string dir = (std::filesystem::temp_directory_path() / name).string();
  std::filesystem::remove_all(dir);
  return dir;
}

std::string golden() { return std::string(CHAD_BINARY_DIR) + "/apps/chad-oracle/chad-oracle serve-adapter"; }

TEST(CliOrder2Campaign, AnOrderTwoMutantIsFoundByWorkersShrunkReportedAndResumed) {
  const std::string dir = fresh_dir("chad_cli_order2_mutant");
  const std::string args =
      // 80 programs: under the default mix the kill matrix finds this mutant at its 59th (30 before).
      "campaign --order 2 --count 80 --seed 1 --mutant table-sigmoid-primal-detached --jobs 2 --reports 1 --quiet --out " + dir;
  ToolRun r = run_tool(args);
  ASSERT_EQ(r.exit_code, 1) << r.output;
  const std::vector<nlohmann::json> lines = log_lines(dir);
  ASSERT_EQ(lines.size(), 80u);
  std::set<std::string> names;
  std::size_t first_fail = lines.size();
  for (const auto& line : lines) {
    EXPECT_EQ(line.value("order", 1), 2) << line.dump();
    for (const auto& c : line["checks"]) names.insert(c["mode"].get<std::string>());
    if (line["verdict"] == "fail" && first_fail == lines.size()) first_fail = line["index"].get<std::size_t>();
  }
  EXPECT_EQ(names, (std::set<std::string>{"chad-fwd-over-fwd", "chad-fwd-over-rev"}));
  ASSERT_LT(first_fail, lines.size()) << "the mutant (wrong at second order) killed by no program";
  EXPECT_TRUE(std::filesystem::exists(dir + "/summary.md"));
  const nlohmann::json summary = nlohmann::json::parse(read_text(dir + "/summary.json"));
  EXPECT_GE(summary["verdicts"]["fail"].get<int>(), 1);
  EXPECT_EQ(nlohmann::json::parse(read_text(dir + "/campaign.json"))["campaign"]["order"], 2);

  // The first failure's report: second derivatives named, its replay line `verify --order 2`.
  const std::string report = dir + "/failures/" + std::to_string(first_fail);
  const std::string md = read_text(report + "/report.md");
  EXPECT_NE(md.find("chad-oracle verify --order 2 " + report + "/program.chad --mutant table-sigmoid-primal-detached"),
            std::string::npos) << md;
  EXPECT_NE(md.find("d2 output["), std::string::npos) << md;
  EXPECT_NE(md.find("shrunk from"), std::string::npos) << md;
  const nlohmann::json j = nlohmann::json::parse(read_text(report + "/report.json"));
  EXPECT_EQ(j["order"], 2);
  ToolRun replayed = run_tool("verify --order 2 " + report + "/program.chad --mutant table-sigmoid-primal-detached");
  EXPECT_EQ(replayed.exit_code, 1) << replayed.output;
  EXPECT_NE(replayed.output.find("order 2: fail"), std::string::npos) << replayed.output;
  EXPECT_EQ(run_tool("replay " + report).exit_code, 1);
  // Without the mutant the shrunk program passes at order 2.
  EXPECT_EQ(run_tool("verify --order 2 " + report + "/program.chad").exit_code, 0);

  // A re-run resumes: nothing checked again, the log the same bytes; a first-order campaign in
  // the same directory is another campaign.
  const std::string before = read_text(dir + "/log.jsonl");
  EXPECT_NE(r.output.find(" programs/s\n"), std::string::npos) << r.output;
  ToolRun again = run_tool(args);
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_EQ(read_text(dir + "/log.jsonl"), before);
  // Its rate is this run's own: it checked nothing, so it prints none (not 80 over its wall time).
  EXPECT_NE(again.output.find("order 2: judged "), std::string::npos) << again.output;
  EXPECT_EQ(again.output.find("programs/s"), std::string::npos) << again.output;
  ToolRun other = run_tool("campaign --count 30 --seed 1 --mutant table-sigmoid-primal-detached --quiet --out " + dir);
  EXPECT_EQ(other.exit_code, 3) << other.output;
  EXPECT_NE(other.output.find("order"), std::string::npos) << other.output;
}

TEST(CliOrder2Campaign, WithoutAFaultEveryProgramPassesOrIsSkippedAndTheShareIsPrinted) {
  ToolRun r = run_tool("campaign --order 2 --count 25 --seed 3 --jobs 2");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("fail 0"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("order 2: judged "), std::string::npos) << r.output;
  ToolRun j = run_tool("campaign --order 2 --count 10 --seed 3 --json", false);
  ASSERT_EQ(j.exit_code, 0) << j.output;
  const nlohmann::json summary = nlohmann::json::parse(j.output);
  EXPECT_EQ(summary["order"], 2);
  EXPECT_GT(summary["verdicts"]["pass"].get<int>(), 0);
}

TEST(CliOrder2Campaign, OnlyImplementationsWithSecondOrderChecksAreTaken) {
  ToolRun r = run_tool("campaign --order 2 --count 3 --implementation sd-rev");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("--order 2 judges CHAD differentiated twice or an adapter"), std::string::npos) << r.output;
}

TEST(CliOrder2Campaign, MutantsHuntsAnOrderTwoMutantAtOrderTwo) {
  ToolRun r = run_tool("mutants --only table-sigmoid-primal-detached --json", false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  ASSERT_EQ(j["mutants"].size(), 1u);
  EXPECT_EQ(j["mutants"][0]["killed"], true);
  // Blamed on its rule by the subterms' checks at second order (oracle/blame_order2.hpp).
  EXPECT_EQ(j["mutants"][0]["blame_correct"], true) << j["mutants"][0];
  EXPECT_NE(j["mutants"][0]["blamed_rule"].get<std::string>().find("sigmoid"), std::string::npos) << j["mutants"][0];
  EXPECT_NE(j["mutants"][0]["blame_reason"].get<std::string>().find("at second order"), std::string::npos);
}

TEST(CliOrder2Campaign, TheGoldenAdapterAnswersHvpAndHessian) {
  // Judged (not declined) and right: its answers are CHAD differentiated twice, hyper-dual numbers.
  for (const char* method : {"chad-rev", "chad-fwd", "dual"}) {
    const std::string adapter = golden() + " --method " + method;
    ToolRun r = run_tool("campaign --order 2 --count 12 --seed 5 --implementation adapter --json --adapter " +
                         shell_quote(adapter), false);
    ASSERT_EQ(r.exit_code, 0) << method << "\n" << r.output;
    const nlohmann::json summary = nlohmann::json::parse(r.output);
    EXPECT_GT(summary["verdicts"]["pass"].get<int>(), 0) << method;
    EXPECT_EQ(summary["verdicts"]["unsupported"], 0) << method;
    EXPECT_EQ(summary["verdicts"]["fail"], 0) << method;
  }
  ToolRun v = run_tool("verify --order 2 " + example("horner.chad") + " --adapter " + shell_quote(golden()));
  EXPECT_EQ(v.exit_code, 0) << v.output;
  EXPECT_NE(v.output.find("chad-oracle-chad-rev (biproduct): pass"), std::string::npos) << v.output;
  // string-diagram AD has no second derivatives: its hello declares first order only.
  ToolRun sd = run_tool("verify --order 2 " + example("horner.chad") + " --adapter " + shell_quote(golden() + " --method sd-rev"));
  EXPECT_NE(sd.output.find("unsupported"), std::string::npos) << sd.output;
}

}  // namespace
