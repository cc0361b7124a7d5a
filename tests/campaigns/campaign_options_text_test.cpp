// The one place a campaign's options are read from text: each field's values, the errors that
// name the option and the values it takes, and the way back to a replay command.
#include <gtest/gtest.h>

#include "campaigns/campaign_options_text.hpp"
#include "codegen/codegen_fault.hpp"
#include "oracle/compiled_check.hpp"

namespace chad {
namespace {

// The message of the SourceError that reading `text` throws ("" when none).
std::string refusal(const CampaignOptionsText& text) {
  try {
    campaign_options_from_text(text);
  } catch (const SourceError& e) {
    return e.what();
  }
  return "";
}

TEST(CampaignOptionsText, EachFieldIsRead) {
  CampaignOptionsText text;
  text.seed = 9;
  text.count = 12;
  text.max_size = 7;
  text.modes = "rev";
  text.sums = "lifted,zero-fn";
  text.functions = "paper";
  text.features = "-functions,comparisons";
  text.cross_check = "fd:0.25";
  const CampaignOptions o = campaign_options_from_text(text);
  EXPECT_EQ(o.seed, 9u);
  EXPECT_EQ(o.count, 12u);
  EXPECT_EQ(o.max_size, 7);
  EXPECT_EQ(o.modes, std::vector<ChadMode>{ChadMode::Reverse});
  EXPECT_EQ(o.sums, (std::vector<SumsStrategy>{SumsStrategy::Lifted, SumsStrategy::ZeroFunctions}));
  EXPECT_EQ(o.functions, FunctionsStrategy::Paper);
  EXPECT_FALSE(o.features.functions);
  EXPECT_TRUE(o.features.comparisons);
  EXPECT_DOUBLE_EQ(o.cross_check_fd_rate, 0.25);
  EXPECT_EQ(o.implementation, Implementation::Chad);
  EXPECT_TRUE(o.check_derivatives);
  EXPECT_FALSE(o.cost);
}

TEST(CampaignOptionsText, ImplementationsTakeTheirOwnOptions) {
  CampaignOptionsText sd;
  sd.implementation = "sd-rev";
  const CampaignOptions diagrams = campaign_options_from_text(sd);
  EXPECT_EQ(diagrams.implementation, Implementation::StringDiagram);
  EXPECT_FALSE(diagrams.features.sums);  // its fragment by default: no sums, no inductive types
  EXPECT_FALSE(diagrams.features.inductive);
  CampaignOptionsText compiled;
  compiled.implementation = "chad-compiled";
  compiled.codegen_fault = "case-branches-swapped";
  compiled.batch = 0;
  const CampaignOptions c = campaign_options_from_text(compiled);
  ASSERT_TRUE(c.compiled);
  EXPECT_EQ(c.compiled->fault, CodegenFault::CaseBranchesSwapped);
  EXPECT_EQ(c.compiled->batch, 1u);  // at least one program per translation unit
  CampaignOptionsText cost;
  cost.check = "derivative,cost";
  cost.cost_sizes = "2,4,8";
  const CampaignOptions costed = campaign_options_from_text(cost);
  ASSERT_TRUE(costed.cost);
  EXPECT_EQ(costed.cost->sizes, (std::vector<std::size_t>{2, 4, 8}));
  EXPECT_TRUE(costed.features.inductive_input);  // by default every input has a list or tree to grow
}

TEST(CampaignOptionsText, BadTextNamesTheOptionAndWhatItTakes) {
  auto with = [](auto change) {
    CampaignOptionsText t;
    change(t);
    return refusal(t);
  };
  EXPECT_NE(with([](auto& t) { t.modes = "fwd,sideways"; }).find("--modes: unknown mode `sideways` (fwd, rev)"),
            std::string::npos);
  EXPECT_NE(with([](auto& t) { t.sums = "tuple"; }).find("--sums: unknown strategy `tuple`"), std::string::npos);
  EXPECT_NE(with([](auto& t) { t.modes = ","; }).find("--modes and --sums need at least one entry"), std::string::npos);
  EXPECT_NE(with([](auto& t) { t.implementation = "jax"; }).find("--implementation: unknown `jax`"), std::string::npos);
  EXPECT_NE(with([](auto& t) { t.mutant = "no-such-mutant"; }).find("--mutant: unknown mutant `no-such-mutant`"),
            std::string::npos);
  EXPECT_NE(with([](auto& t) { t.codegen_fault = "drop-linear-add-right"; })
                .find("--codegen-fault needs --implementation chad-compiled"),
            std::string::npos);
  EXPECT_NE(with([](auto& t) { t.cross_check = "fd:2"; }).find("--cross-check: expected fd:RATE"), std::string::npos);
  EXPECT_NE(with([](auto& t) { t.features = "loops"; }).find("--features: unknown feature `loops`"), std::string::npos);
  EXPECT_NE(with([](auto& t) { t.functions = "closures"; }).find("--functions: unknown strategy `closures`"),
            std::string::npos);
  EXPECT_NE(with([](auto& t) { t.check = "speed"; }).find("--check: unknown check `speed`"), std::string::npos);
  EXPECT_NE(with([](auto& t) { t.adapter = "true"; }).find("--adapter needs --implementation adapter"),
            std::string::npos);
  EXPECT_NE(with([](auto& t) { t.check = "cost"; t.cost_sizes = "4,2,8"; }).find("--cost-sizes: the sizes must increase"),
            std::string::npos);
  // Located where the text came from: the command line unless said otherwise.
  EXPECT_EQ(with([](auto& t) { t.modes = "up"; }).rfind("<command line>", 0), 0u);
  CampaignOptionsText report;
  report.sums = "tuple";
  try {
    campaign_options_from_text(report, Loc{intern_file_name("failures/3/report.json"), 0, 0});
    ADD_FAILURE();
  } catch (const SourceError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("failures/3/report.json", 0), 0u) << e.what();
  }
}

TEST(CampaignOptionsText, OptionsGoBackToTheTextThatMakesThem) {
  CampaignOptionsText text;
  text.seed = 4;
  text.max_size = 11;
  text.features = "-sums";
  text.modes = "fwd";
  text.sums = "zero-fn,biproduct";
  text.functions = "paper";
  text.mutant = "no-such-mutant";  // not read back here: only named
  const CampaignOptionsText named_only = [&] {
    CampaignOptionsText t = text;
    t.mutant.clear();
    return t;
  }();
  const CampaignOptions options = campaign_options_from_text(named_only);
  const CampaignOptionsText back = campaign_options_text(options, "");
  EXPECT_EQ(back.seed, 4u);
  EXPECT_EQ(back.max_size, 11);
  EXPECT_EQ(back.modes, "fwd");
  EXPECT_EQ(back.sums, "zero-fn,biproduct");
  EXPECT_EQ(back.functions, "paper");
  EXPECT_EQ(back.implementation, "chad");
  const CampaignOptions again = campaign_options_from_text(back);
  EXPECT_EQ(again.modes, options.modes);
  EXPECT_EQ(again.sums, options.sums);
  EXPECT_EQ(again.functions, options.functions);
  EXPECT_EQ(again.features.describe(), options.features.describe());
  EXPECT_FALSE(again.features.sums);
}

TEST(CampaignOptionsText, TheReplayCommandSaysOnlyWhatDiffersFromTheDefaults) {
  CampaignOptionsText text;
  text.seed = 3;
  EXPECT_EQ(campaign_replay_command(text, campaign_options_from_text(text), 17),
            "chad-oracle campaign --seed 3 --max-size 20 --only 17");
  text.implementation = "chad-compiled";
  text.codegen_fault = "fold-tangents-skipped";
  text.features = "-functions";
  text.functions = "paper";
  text.cross_check = "fd:0.5";
  EXPECT_EQ(campaign_replay_command(text, campaign_options_from_text(text), 2),
            "chad-oracle campaign --seed 3 --max-size 20 --features -functions --implementation chad-compiled "
            "--codegen-fault fold-tangents-skipped --cross-check fd:0.5 --functions paper --only 2");
  // A compiled failure found under some modes and sums strategies replays under the same ones.
  text.modes = "rev";
  text.sums = "lifted,zero-fn";
  EXPECT_EQ(campaign_replay_command(text, campaign_options_from_text(text), 2),
            "chad-oracle campaign --seed 3 --max-size 20 --features -functions --implementation chad-compiled "
            "--modes rev --sums lifted,zero-fn --codegen-fault fold-tangents-skipped --cross-check fd:0.5 "
            "--functions paper --only 2");
}

TEST(CampaignOptionsText, TheReplayCommandKeepsTheAdaptersTimeout) {
  // A fault by a 1 s timeout replayed under the default 30 s would not time out (issue #32).
  CampaignOptionsText text;
  text.seed = 1;
  const CampaignOptions options = campaign_options_from_text(text);  // (the replay reads the text)
  text.implementation = "adapter";
  text.adapter = "python3 my adapter.py";
  EXPECT_EQ(campaign_replay_command(text, options, 3),
            "chad-oracle campaign --seed 1 --max-size 20 --implementation adapter --adapter 'python3 my adapter.py' "
            "--only 3");
  text.adapter_timeout = 1.5;
  EXPECT_EQ(campaign_replay_command(text, options, 3),
            "chad-oracle campaign --seed 1 --max-size 20 --implementation adapter --adapter 'python3 my adapter.py' "
            "--adapter-timeout 1.5 --only 3");
}

}  // namespace
}  // namespace chad
