// Live coverage on hand-written programs whose live formers and primitives are derived by hand
// (in the comment of each case): a node is live when its value moves with the input and a
// perturbation of it moves the output. Also: the probe is off again afterwards, and campaigns
// record `live` per program and summarize it.
#include "oracle/live_coverage.hpp"

#include <gtest/gtest.h>

#include "model/dual.hpp"
#include "oracle/campaign.hpp"
#include "oracle/campaign_log.hpp"
#include "references/input_value.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

using Keys = std::vector<std::string>;

Keys live_at(const std::string& text, const std::string& input) {
  Keys live;
  run_with_deep_stack([&] {
    CheckedProgram program = check_program(parse_program(text, "<test>"));
    live = live_features(program, read_input_point(program, input));
  });
  return live;
}

struct Case {
  const char* program;
  const char* input;
  Keys live;
};

// Each case's live keys, derived by hand.
const Case kCases[] = {
    // y = 2x is the output: the let, the variables x and y and `*` carry 2 dx to it; the
    // literal 2 does not move.
    {"def main (x : real) : real = let y = x * 2 in y;", "1.5", {"let", "primitive", "primitive *", "var"}},
    // fst (x, sin x) = x: the pair moves (both parts) and its first part reaches the output, so
    // pair, fst and the variable are live; sin x moves but is dropped: sin is not live.
    {"def main (x : real) : real = fst (x, sin(x));", "0.5", {"fst", "pair", "var"}},
    // c * x with c = 3: the literal (and c) never move; x and the product do; the let's value
    // is the product.
    {"def main (x : real) : real = let c = 3 in c * x;", "2", {"let", "primitive", "primitive *", "var"}},
    // (fun y -> y * y) x = x^2: the application's value moves by 2x dx = 3 dx at 1.5; the
    // body's nodes (y, y * y) are live during the application, so `fun` is.
    {"def main (x : real) : real = (fun (y : real) -> y * y) x;", "1.5",
     {"application", "fun", "primitive", "primitive *", "var"}},
    // The sum of an input list: the fold's value (the sum) moves; each step's case gives a or
    // fst p + snd p, which move with the list; the variables a, p and node carry the elements.
    {"type NEList = mu l. < Last : real | Cons : real * l >;\n"
     "def main (xs : NEList) : real =\n"
     "  fold xs with node -> case node of { Last a -> a | Cons p -> fst p + snd p };",
     "roll Cons (1.5, roll Cons (-2, roll Last 4))", {"case", "fold", "fst", "primitive", "primitive +", "snd", "var"}},
    // Nothing depends on the input: nothing is live.
    {"def main (x : real) : real = sin(2) * 3;", "1", {}},
    // x * x at x = 0: the product's tangent is 2 x dx = 0, and perturbing both uses of x moves
    // the output by x (dx1 + dx2) = 0: nothing is live at this input; at 0.5 both are.
    {"def main (x : real) : real = x * x;", "0", {}},
    {"def main (x : real) : real = x * x;", "0.5", {"primitive", "primitive *", "var"}},
    // The output is a stream, observed by unrolling: the step (y, y * x) makes each element y
    // and the next seed y x, both moving with x; so unfold (through its step), pair, `*` and
    // the variables are live.
    {"type Stream = nu s. real * s;\n"
     "def main (x : real) : Stream = unfold x with y -> (y, y * x);",
     "1.5", {"pair", "primitive", "primitive *", "unfold", "var"}},
    // The output is a function, observed by applying it to sampled arguments: its body x * y
    // moves with x (and with the argument) and is the result.
    {"def main (x : real) : real -> real = fun (y : real) -> x * y;", "1.5",
     {"fun", "primitive", "primitive *", "var"}},
    // A def's body counts (check_program's wrapper does not): adder a = fun y -> a y + sin y,
    // twice f x = f (f x); every node on the way from a and x to the output is live.
    {"def twice (f : real -> real) (x : real) : real = f (f x);\n"
     "def adder (a : real) : real -> real = fun (y : real) -> a * y + sin(y);\n"
     "def main (a : real, x : real) : real = twice (adder a) x;",
     "(0.5, 1.25)", {"application", "fun", "primitive", "primitive *", "primitive +", "primitive sin", "var"}},
    // A comparison's value is a boolean (no reals): never live, though x moves; the chosen
    // branch -x is, and so the case.
    {"def main (x : real) : real = if x > 0 then x * x else -x;", "-1", {"case", "primitive", "primitive -", "var"}},
};

TEST(LiveCoverage, HandDerivedPrograms) {
  for (const Case& c : kCases) EXPECT_EQ(live_at(c.program, c.input), c.live) << c.program << "\n-- at: " << c.input;
}

TEST(LiveCoverage, TheProbeIsOffAfterwards) {
  live_at("def main (x : real) : real = x * x;", "0.5");
  EXPECT_EQ(value_probe<Dual<double>>, nullptr);
}

TEST(LiveCoverage, EveryFormerAndPrimitiveIsAKey) {
  const Keys& keys = live_coverage_keys();
  for (const char* key : {"let", "fun", "unfold", "array literal", "primitive", "primitive sin", "primitive matvec"})
    EXPECT_NE(std::find(keys.begin(), keys.end(), key), keys.end()) << key;
}

TEST(LiveCoverage, CampaignsRecordAndSummarizeIt) {
  CampaignOptions o;
  o.count = 30;
  std::vector<nlohmann::json> lines;
  std::size_t live_programs = 0;
  run_with_deep_stack([&] {
    run_campaign(o, [&](const ProgramOutcome& p) {
      lines.push_back(outcome_json(p));
      live_programs += !p.live.empty();
      for (const std::string& key : p.live)  // only what the program uses can be live
        EXPECT_NE(std::find(p.features.begin(), p.features.end(), key), p.features.end()) << key;
    });
  });
  EXPECT_GT(live_programs, 0u);
  const CampaignSummary s = summarize(lines);
  const nlohmann::json summary = summary_json(s, lines);
  ASSERT_TRUE(summary.contains("live_coverage"));
  EXPECT_EQ(summary["live_coverage"].size(), live_coverage_keys().size());
  EXPECT_EQ(summary["live_coverage"]["literal"], 0);  // a literal never moves
  EXPECT_EQ(summary["live_coverage"]["var"], s.live_coverage.at("var"));
  EXPECT_DOUBLE_EQ(summary["live_coverage_share"]["var"].get<double>(), double(s.live_coverage.at("var")) / 30.0);
  EXPECT_NE(summary_markdown(s, lines).find("## Live coverage"), std::string::npos);
}

}  // namespace
}  // namespace chad
