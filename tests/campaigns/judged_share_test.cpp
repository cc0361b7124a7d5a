// How much of a campaign was judged (campaigns/judged_share.hpp): skips are not judgeable,
// declines (`unsupported`) are not judged; too little judged, or nothing, is a line that fails
// the campaign; the declines are tallied by reason. And end to end: a campaign through an adapter
// that declines everything exits 1 saying so, and so does check-adapter.
#include <gtest/gtest.h>

#include "../support/temp_dir.hpp"
#include "../support/tool_runner.hpp"
#include "campaigns/judged_share.hpp"

namespace chad {
namespace {

CampaignSummary summary_of(std::size_t pass, std::size_t skip, std::size_t unsupported, std::size_t fail = 0) {
  CampaignSummary s;
  s.programs = pass + skip + unsupported + fail;
  for (Verdict v : all_verdicts()) s.verdicts[verdict_name(v)] = 0;
  s.verdicts["pass"] = pass;
  s.verdicts["skip"] = skip;
  s.verdicts["unsupported"] = unsupported;
  s.verdicts["fail"] = fail;
  return s;
}

TEST(JudgedShare, SkipsAreNotJudgeableAndDeclinesAreNotJudged) {
  const JudgedShare s = judged_share(summary_of(80, 10, 5, 5));
  EXPECT_EQ(s.programs, 100u);
  EXPECT_EQ(s.judgeable, 90u);
  EXPECT_EQ(s.judged, 85u);
  EXPECT_DOUBLE_EQ(s.share(), 85.0 / 90.0);
}

TEST(JudgedShare, TooLittleJudgedOrNothingIsALine) {
  EXPECT_EQ(too_little_judged(judged_share(summary_of(90, 0, 10)), 0.9), "");  // exactly 90%
  const std::string little = too_little_judged(judged_share(summary_of(89, 0, 11)), 0.9);
  EXPECT_NE(little.find("JUDGED TOO LITTLE: 89 of 100"), std::string::npos) << little;
  const std::string nothing = too_little_judged(judged_share(summary_of(0, 6, 24)), 0.0);
  EXPECT_NE(nothing.find("JUDGED NOTHING"), std::string::npos) << nothing;
  EXPECT_NE(too_little_judged(judged_share(summary_of(0, 5, 0)), 0.9), "");  // all skipped: nothing judged
  EXPECT_EQ(too_little_judged(judged_share(summary_of(0, 0, 0)), 0.9), "");  // no program at all
}

TEST(JudgedShare, DeclinesAreTalliedByReason) {
  const std::vector<nlohmann::json> lines = {
      {{"checks", {{{"verdict", "unsupported"}, {"detail", "no streams"}}, {{"verdict", "pass"}, {"detail", ""}}}}},
      {{"checks", {{{"verdict", "unsupported"}, {"detail", "no streams"}}}}},
      {{"checks", {{{"verdict", "unsupported"}, {"detail", "no vjp"}}}}}};
  const std::map<std::string, std::size_t> reasons = unsupported_reasons(lines);
  EXPECT_EQ(reasons, (std::map<std::string, std::size_t>{{"no streams", 2}, {"no vjp", 1}}));
}

// An adapter that answers the handshake and declines every request, written to a folder of the
// calling test's own: CTest runs these tests in parallel, and one rewriting a shared file while
// another's adapter starts left that adapter an empty script (no handshake).
std::string declining_adapter(const std::string& test) {
  return "/usr/bin/python3 " +
         testing::write_temp_file("chad_judged_share_" + test, "decline.py",
                                  "import json, sys\n"
                                  "for line in sys.stdin:\n"
                                  "    r = json.loads(line)\n"
                                  "    if r['kind'] == 'bye': break\n"
                                  "    a = {'kind': 'hello', 'protocol': 1, 'tool': 'decliner', 'version': '0', "
                                  "'precision': 'float64', 'translations': []} if r['kind'] == 'hello' else "
                                  "{'kind': 'error', 'id': r['id'], 'error': 'unsupported', 'message': 'I decline'}\n"
                                  "    print(json.dumps(a), flush=True)\n");
}

TEST(JudgedShareCli, ACampaignThroughAnAdapterDecliningEverythingFails) {
  const testing::ToolRun r = testing::run_tool("campaign --implementation adapter --adapter " +
                                               testing::shell_quote(declining_adapter("campaign")) + " --count 20 --quiet");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("JUDGED NOTHING"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("I decline"), std::string::npos) << r.output;  // the tally of reasons
  EXPECT_NE(r.output.find("0% informative"), std::string::npos) << r.output;  // declines inform nothing
}

TEST(JudgedShareCli, CheckAdapterFailsAnAdapterDecliningEverything) {
  const testing::ToolRun r = testing::run_tool("check-adapter --adapter " + testing::shell_quote(declining_adapter("check_adapter")));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("DOES NOT CONFORM"), std::string::npos) << r.output;
}

TEST(JudgedShareCli, MergingTheShardsOfADeclinersCampaignFailsAsTheCampaignDoes) {
  // Each shard judged nothing (exit 1); the merge, knowing the tool from campaign.json, says so too.
  testing::TempDir dir("chad_judged_share_merge_decliner");
  for (const char* shard : {"0/2", "1/2"}) {
    const testing::ToolRun r = testing::run_tool("campaign --implementation adapter --adapter " +
                                                 testing::shell_quote(declining_adapter("merge")) + " --count 8 --quiet --shard " +
                                                 shard + " --out " + testing::shell_quote(dir / ("s" + std::string(1, shard[0]))));
    ASSERT_EQ(r.exit_code, 1) << r.output;
  }
  const testing::ToolRun merged = testing::run_tool(
      "merge " + testing::shell_quote(dir / "s0") + " " + testing::shell_quote(dir / "s1") + " --out " +
      testing::shell_quote(dir / "m"));
  EXPECT_EQ(merged.exit_code, 1) << merged.output;
  EXPECT_NE(merged.output.find("judged: decliner 0 (float64)"), std::string::npos) << merged.output;
  EXPECT_NE(merged.output.find("JUDGED NOTHING"), std::string::npos) << merged.output;
  EXPECT_NE(merged.output.find("I decline"), std::string::npos) << merged.output;
}

}  // namespace
}  // namespace chad
