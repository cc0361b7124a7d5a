// Counterexample reports: written for a failing program, they hold a parseable program with
// its input, exact hex-float coordinates, the replay command and Graphviz pictures; replaying
// reproduces the verdict; the blamed subterm is named and highlighted.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "mutants/mutants.hpp"
#include "mutants/broken_output_faults.hpp"
#include "reports/counterexample.hpp"
#include "reports/term_graph.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

std::string fresh_temp_dir(const std::string& name) {
  const std::string dir = (std::filesystem::temp_directory_path() / name).string();
  std::filesystem::remove_all(dir);
  return dir;
}

// Program 3 of a campaign with seed 7 and `mutant` injected: `g`, as checked.
Counterexample checked_with(const Mutant& mutant, const GeneratedCase& g, std::size_t original_size,
                            std::size_t shrunk_size) {
  CampaignOptions o;
  o.rules = &mutant.rules;
  return Counterexample{7, 3, mutant.name, o, check_case(o, g), original_size, shrunk_size};
}

TEST(Counterexample, WrittenThenReplayed) {
  const std::string dir = fresh_temp_dir("chad_report_test");
  run_with_deep_stack([&] {
    GeneratedCase g{"def main (x : real * real) : real =\n  fst x * snd x;\n", "(1.5, -2)"};
    Counterexample c = checked_with(*find_mutant("rev-prim-doubles"), g, 9, 5);
    ASSERT_EQ(c.outcome.verdict, Verdict::Fail);
    write_report(dir, c);
    std::ifstream in(dir + "/program.chad");
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_NO_THROW(parse_program(text.str(), "program.chad"));
    EXPECT_NE(text.str().find("-- at: (1.5, -2)"), std::string::npos);
    auto j = nlohmann::json::parse(std::ifstream(dir + "/report.json"));
    EXPECT_EQ(j["input_coords_hex"], nlohmann::json({"0x1.8p+0", "-0x1p+1"}));
    EXPECT_EQ(j["replay"], "chad-oracle replay " + dir);
    EXPECT_TRUE(std::filesystem::exists(dir + "/report.md"));
    // The pictures: the program's body (fst x * snd x: a `*` node) and CHAD's output.
    std::ifstream dot(dir + "/program.dot");
    std::stringstream dot_text;
    dot_text << dot.rdbuf();
    // The doubled derivative is blamed on the `*` node, highlighted in the picture.
    EXPECT_NE(dot_text.str().find("label=\"*\", style=filled"), std::string::npos) << dot_text.str();
    EXPECT_EQ(j["blame"]["rule"], "reverse primitive *");
    EXPECT_EQ(j["blame"]["node"], 0);
    EXPECT_TRUE(std::filesystem::exists(dir + "/chad.dot"));
    if (std::system("command -v dot > /dev/null 2>&1") == 0) {
      EXPECT_TRUE(std::filesystem::exists(dir + "/program.svg"));
      EXPECT_TRUE(std::filesystem::exists(dir + "/chad.svg"));
    }
    Replay r = replay_report(dir);
    EXPECT_TRUE(r.reproduced);
    EXPECT_EQ(r.outcome.verdict, Verdict::Fail);
  });
  EXPECT_THROW(replay_report(dir + "/nowhere"), SourceError);
}

// A size check's failure (oracle/size_check.hpp) is reported with its share and nodes, so that
// replay size-checks the program again and reproduces it (at the default share the program might
// not be drawn: the replay would pass).
TEST(Counterexample, ASizeChecksFailureReplaysWithTheSizeCheck) {
  const std::string dir = fresh_temp_dir("chad_report_size_test");
  run_with_deep_stack([&] {
    const Mutant& mutant = *find_mutant("fwd-unfold-wraps-16");
    CampaignOptions o;
    use_mutant(o, mutant);
    o.size_share = 1;
    o.size_nodes = 70'000;
    o.modes = {ChadMode::Forward};
    o.sums = {SumsStrategy::Biproduct};
    const GeneratedCase g{"def main (x : real) : nu s. real * s =\n  unfold 1 with s0 -> (x, s0);\n", "0.5"};
    Counterexample c{7, 3, mutant.name, o, check_case(o, g), 3, 3};
    ASSERT_EQ(c.outcome.verdict, Verdict::Fail);
    write_report(dir, c);
    auto j = nlohmann::json::parse(std::ifstream(dir + "/report.json"));
    EXPECT_EQ(j["size_share"], 1.0);
    EXPECT_EQ(j["size_nodes"], 70'000);
    Replay r = replay_report(dir);
    EXPECT_TRUE(r.reproduced);
    EXPECT_EQ(r.outcome.verdict, Verdict::Fail);
  });
}

TEST(Counterexample, AProgramWithoutAFinalNewlineAndNotShrunkReadsRight) {
  // The program's fence closes on a line of its own; equal sizes say "not shrunk", not
  // "shrunk from 5 to 5".
  const std::string dir = fresh_temp_dir("chad_report_test_unshrunk");
  run_with_deep_stack([&] {
    GeneratedCase g{"def main (x : real * real) : real = fst x * snd x;", "(1.5, -2)"};
    write_report(dir, checked_with(*find_mutant("rev-prim-doubles"), g, 5, 5));
  });
  std::ifstream in(dir + "/report.md");
  std::stringstream md;
  md << in.rdbuf();
  EXPECT_NE(md.str().find("fst x * snd x;\n```\n"), std::string::npos) << md.str();
  EXPECT_NE(md.str().find("not shrunk (5 term nodes: no smaller program fails)"), std::string::npos) << md.str();
  EXPECT_EQ(md.str().find("shrunk from"), std::string::npos) << md.str();
  EXPECT_EQ(shrunk_text(49, 3), "shrunk from 49 to 3 term nodes");
}

// A shrunk program that did not fail again when checked for the report: the original is reported,
// and its size line says so rather than "no smaller program fails" (one did, while shrinking).
TEST(Counterexample, TheOriginalReportedForAFlakyShrunkProgramSaysWhy) {
  const std::string dir = fresh_temp_dir("chad_report_test_size_note");
  run_with_deep_stack([&] {
    GeneratedCase g{"def main (x : real * real) : real = fst x * snd x;", "(1.5, -2)"};
    Counterexample c = checked_with(*find_mutant("rev-prim-doubles"), g, 5, 5);
    c.size_note = "not shrunk (5 term nodes: the shrunk program of 3 did not fail again)";
    write_report(dir, c);
  });
  for (const char* file : {"/report.md", "/program.chad"}) {
    std::ifstream in(dir + file);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("the shrunk program of 3 did not fail again"), std::string::npos) << file << text.str();
    EXPECT_EQ(text.str().find("no smaller program fails"), std::string::npos) << file << text.str();
  }
}

// A fault (CHAD's output does not type-check: mutants/broken_output_faults.hpp) is reported like a fail:
// program, report.json with the blame, report.md; no picture of CHAD's output, which does not
// exist, and the report says why; replaying gives the fault again.
TEST(Counterexample, AFaultIsReportedAndReplayed) {
  const std::string dir = fresh_temp_dir("chad_report_fault_test");
  run_with_deep_stack([&] {
    Counterexample c = checked_with(*find_broken_output_fault("test-unbound-variable"),
                                    GeneratedCase{"def main (x : real) : real =\n  sin(x);\n", "0.5"}, 2, 2);
    ASSERT_EQ(c.outcome.verdict, Verdict::Fault);
    write_report(dir, c);
    Replay replay = replay_report(dir);
    EXPECT_TRUE(replay.reproduced) << replay.recorded_verdict;
    EXPECT_EQ(replay.outcome.verdict, Verdict::Fault);
  });
  for (const char* file : {"program.chad", "report.json", "report.md", "program.dot"})
    EXPECT_TRUE(std::filesystem::exists(dir + "/" + file)) << file;
  auto j = nlohmann::json::parse(std::ifstream(dir + "/report.json"));
  EXPECT_EQ(j["verdict"], "fault");
  EXPECT_TRUE(j["blame"]["found"].get<bool>()) << j["blame"].dump();
  EXPECT_EQ(j["blame"]["rule"], "reverse primitive sin");
  std::ifstream md(dir + "/report.md");
  std::stringstream text;
  text << md.rdbuf();
  EXPECT_NE(text.str().find("No picture of CHAD's output"), std::string::npos) << text.str();
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool have_graphviz() { return std::system("command -v dot > /dev/null 2>&1") == 0; }

// The report of `g` checked with `mutant` (its verdict a fail), in a fresh directory `name`.
std::string failing_report(const std::string& name, const Mutant& mutant, const GeneratedCase& g) {
  const std::string dir = fresh_temp_dir(name);
  run_with_deep_stack([&] {
    Counterexample c = checked_with(mutant, g, 1, 1);
    EXPECT_EQ(c.outcome.verdict, Verdict::Fail) << g.program;
    write_report(dir, c);
  });
  return dir;
}

// A linear lambda's label is `\v (linear)`: escaped once for Graphviz, `\\v`, never `\\\\v`.
TEST(TermPictures, LabelsAreEscapedOnce) {
  auto body = std::make_shared<Term>();
  body->kind = TermKind::Var;
  body->name = "v";
  auto lambda = std::make_shared<Term>();
  lambda->kind = TermKind::LinLambda;
  lambda->name = "v";
  lambda->args = {body};
  const std::string dot = term_dot(lambda, "a \"title\"");
  EXPECT_NE(dot.find(R"x([label="\\v (linear)"])x"), std::string::npos) << dot;
  EXPECT_EQ(dot.find(R"x(\\\\)x"), std::string::npos) << dot;
  EXPECT_NE(dot.find(R"x(label="a \"title\"")x"), std::string::npos) << dot;
}

// The program of WrittenThenReplayed: `fst x * snd x` with the reverse derivative of primitives
// doubled, blamed on `*`. CHAD's picture is cut to what the rule of `*` made: its operands' parts
// (`Drev(fst x)`, `Drev(snd x)`) one box each, the ascription check_program puts around the body
// as context, the rule's output highlighted. It must have fewer nodes than the whole output, which
// holds the wrapper's `fun` and `let` and the operands' parts in full.
TEST(Counterexample, ChadsPictureIsCutToTheBlamedRule) {
  const std::string dir =
      failing_report("chad_report_cut_test", *find_mutant("rev-prim-doubles"),
                     GeneratedCase{"def main (x : real * real) : real =\n  fst x * snd x;\n", "(1.5, -2)"});
  const std::string cut = file_text(dir + "/chad.dot"), full = file_text(dir + "/chad-full.dot");
  ASSERT_FALSE(full.empty());
  EXPECT_LT(dot_node_count(cut), dot_node_count(full)) << cut;
  EXPECT_GE(dot_node_count(cut), 4u) << cut;  // context, the highlighted output, two operand boxes at least
  EXPECT_NE(cut.find(R"x([label="Drev(fst x)", style=dashed])x"), std::string::npos) << cut;
  EXPECT_NE(cut.find(R"x([label="Drev(snd x)", style=dashed])x"), std::string::npos) << cut;
  EXPECT_NE(cut.find(R"x(context [label="inside reverse ascription: )x"), std::string::npos) << cut;
  EXPECT_NE(cut.find(R"x(xlabel="blamed")x"), std::string::npos) << cut;
  EXPECT_NE(cut.find("the part the rule reverse primitive * made"), std::string::npos) << cut;
  for (const std::string& text : {cut, full}) EXPECT_EQ(text.find(R"x(\\\\)x"), std::string::npos);
  if (have_graphviz()) {
    const std::string svg = file_text(dir + "/chad.svg");
    EXPECT_NE(svg.find("Drev(fst x)"), std::string::npos);
    EXPECT_EQ(svg.find(R"x(\\)x"), std::string::npos);  // a label shows one backslash
  }
}

// A body that is one variable: `x` passes its own check, so a reverse `let` that drops its bound
// term's cotangent is blamed on the only `let`, the parameter's, in check_program's wrapper;
// program.svg then pictures the whole main function with that `let x` highlighted.
TEST(Counterexample, BlameOnTheWrapperIsHighlighted) {
  const std::string dir = failing_report("chad_report_wrapper_test", *find_mutant("rev-let-drops-bound"),
                                         GeneratedCase{"def main (x : real) : real =\n  x;\n", "0.5"});
  auto j = nlohmann::json::parse(std::ifstream(dir + "/report.json"));
  ASSERT_TRUE(j["blame"]["found"].get<bool>()) << j["blame"].dump();
  EXPECT_FALSE(j["blame"]["in_body"].get<bool>()) << j["blame"].dump();
  EXPECT_EQ(j["blame"]["rule"], "reverse let");
  const std::string dot = file_text(dir + "/program.dot");
  EXPECT_NE(dot.find(R"x([label="let x", style=filled)x"), std::string::npos) << dot;
  EXPECT_NE(dot.find("main function"), std::string::npos) << dot;
  if (have_graphviz()) {
    EXPECT_NE(file_text(dir + "/program.svg").find("blamed"), std::string::npos);
  }
}

}  // namespace
}  // namespace chad
