// The declared fragment on the command line (docs/adapter-protocol.md, the hello's `primitives`,
// `formers`, `asks`): a campaign through an adapter draws only programs inside what it declares;
// a hello naming an unknown primitive is refused with its name; `check-adapter` fails an adapter
// that declines a program inside its declaration, naming the example and the declaration.
// The adapters here are small Python scripts: a proxy of the golden adapter (`serve-adapter`)
// whose hello declares a fragment and which declines, with the name, any program outside it.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "../support/tool_runner.hpp"

namespace chad::testing {
namespace {

std::string golden() { return std::string(CHAD_BINARY_DIR) + "/apps/chad-oracle/chad-oracle serve-adapter"; }

// The golden adapter behind a proxy that adds `declaration` (a Python dict literal) to its hello,
// asks for the JSON translation, and answers `unsupported: outside: NAMES` to a program using a
// primitive or former the declaration leaves out (never forwarding it).
std::string declaring_proxy(const std::string& name, const std::string& declaration) {
  const std::string script =
      "import json, subprocess, sys\n"
      "declared = " + declaration + "\n"
      "tool = subprocess.Popen(" + nlohmann::json(golden()).dump() +
      ", shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)\n"
      "def ask(request):\n"
      "    tool.stdin.write(json.dumps(request) + '\\n'); tool.stdin.flush()\n"
      "    return json.loads(tool.stdout.readline())\n"
      "def used(t, out):\n"
      "    if isinstance(t, dict):\n"
      "        if 'former' in t:\n"
      "            out.add(('formers', t['former']))\n"
      "            if t['former'] == 'prim': out.add(('primitives', t['op']))\n"
      "        for v in t.values(): used(v, out)\n"
      "    elif isinstance(t, list):\n"
      "        for v in t: used(v, out)\n"
      "    return out\n"
      "for line in sys.stdin:\n"
      "    r = json.loads(line)\n"
      "    if r['kind'] == 'bye': ask(r); break\n"
      "    if r['kind'] == 'hello':\n"
      "        a = ask(r); a.update(declared); a['translations'] = sorted(set(a.get('translations', [])) | {'json'})\n"
      "    elif r['kind'] == 'differentiate':\n"
      "        outside = sorted(n for f, n in used(r['translations']['json']['main'], set()) if f in declared and n not in declared[f])\n"
      "        outside += [r['ask']] if 'asks' in declared and r['ask'] not in declared['asks'] else []\n"
      "        if outside: a = {'kind': 'error', 'id': r['id'], 'error': 'unsupported', 'message': 'outside: ' + ', '.join(outside)}\n"
      "        else:\n"
      "            del r['translations']['json']\n"
      "            a = ask(r)\n"
      "    else: a = ask(r)\n"
      "    print(json.dumps(a), flush=True)\n";
  return "/usr/bin/python3 " + write_temp_file("chad_declared_fragment_test", name + ".py", script);
}

const char* kAllFormers =
    "['var', 'literal', 'array', 'unit', 'pair', 'fst', 'snd', 'let', 'fun', 'app', 'inject', 'case', 'roll', "
    "'fold', 'unroll', 'unfold', 'ascribe', 'prim']";

TEST(CliDeclaredFragment, ACampaignDrawsOnlyInsideTheDeclaredFragment) {
  // No sin, no softplus, no matvec; no fold.
  const std::string declaration =
      "{'mode': 'golden-narrow', 'primitives': ['+', '-', '*', '/', 'neg', 'cos', 'exp', 'log', 'sqrt', 'tanh', "
      "'sigmoid', 'sum', 'dot', 'scale', 'get', 'vec', '<', '>'], 'formers': [f for f in " + std::string(kAllFormers) +
      " if f != 'fold'], 'asks': ['jacobian', 'jvp', 'vjp']}";
  const ToolRun r = run_tool("campaign --implementation adapter --adapter " +
                                 shell_quote(declaring_proxy("narrow", declaration)) + " --count 60 --json --quiet",
                             false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["judged"]["unsupported_reasons"], nlohmann::json::object()) << j.dump(2);  // nothing outside was drawn
  EXPECT_EQ(j["judged"]["judged"], j["judged"]["judgeable"]);
  EXPECT_GT(j["judged"]["judged"].get<int>(), 40);
  EXPECT_EQ(j["tool"]["mode"], "golden-narrow");
  EXPECT_EQ(j["tool"]["declared"]["primitives"].size(), 18u);
  EXPECT_EQ(j["coverage"].value("primitive sin", 0), 0) << j["coverage"].dump();
  EXPECT_EQ(j["coverage"].value("fold", 0), 0) << j["coverage"].dump();
  EXPECT_GT(j["coverage"].value("primitive cos", 0), 0) << j["coverage"].dump();
}

TEST(CliDeclaredFragment, TheSummaryFilesNameTheToolItsModeAndItsDeclaration) {
  TempDir out("chad_declared_fragment_summary");
  const ToolRun r = run_tool("campaign --implementation adapter --adapter " +
                             shell_quote(declaring_proxy("named", "{'mode': 'golden-named', 'primitives': ['sin', '*']}")) +
                             " --count 10 --quiet --out " + shell_quote(out / "c"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream md_file(out / "c/summary.md");
  const std::string md((std::istreambuf_iterator<char>(md_file)), std::istreambuf_iterator<char>());
  EXPECT_NE(md.find("## The tool judged\n\ngolden-named: "), std::string::npos) << md;
  // (the asks are the golden adapter's own: first and second order)
  EXPECT_NE(md.find("On its declared fragment: primitives *, sin; asks hessian, hvp, jacobian, jvp, vjp."), std::string::npos) << md;
  EXPECT_NE(md.find("Judged "), std::string::npos) << md;
  std::ifstream json_file(out / "c/summary.json");
  const nlohmann::json j = nlohmann::json::parse(json_file);
  EXPECT_EQ(j["tool"]["mode"], "golden-named");
  EXPECT_EQ(j["tool"]["declared"]["primitives"], nlohmann::json::array({"*", "sin"}));
  EXPECT_GT(j["judged"]["judged"].get<int>(), 0);
}

TEST(CliDeclaredFragment, TheDefaultCampaignDrawsWhatTheNarrowedOneLeavesOut) {
  // The control of the test above: the same campaign without an adapter uses sin and fold, so
  // the narrowing, not chance, kept them out there.
  const ToolRun r = run_tool("campaign --count 60 --json --quiet", false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_GT(j["coverage"].value("primitive sin", 0), 5) << j["coverage"].dump();
  EXPECT_GT(j["coverage"].value("fold", 0), 5) << j["coverage"].dump();
}

TEST(CliDeclaredFragment, AHelloNamingAnUnknownPrimitiveIsRefusedWithItsName) {
  const ToolRun r = run_tool("campaign --implementation adapter --adapter " +
                             shell_quote(declaring_proxy("unknown", "{'primitives': ['sin', 'frobnicate']}")) +
                             " --count 3");
  EXPECT_EQ(r.exit_code, 5) << r.output;  // the tool's fault (README, "Exit codes")
  EXPECT_NE(r.output.find("unknown primitive `frobnicate`"), std::string::npos) << r.output;
}

TEST(CliDeclaredFragment, CheckAdapterFailsAnAdapterDecliningWhatItDeclared) {
  // It declares sin (and every former and ask), and declines every program that uses sin.
  TempDir examples("chad_declared_fragment_examples");
  std::ofstream(examples / "sine.chad") << "def main (x : real) : real = sin(x);\n-- at: 0.5\n";
  const std::string script =
      "import json, sys\n"
      "for line in sys.stdin:\n"
      "    r = json.loads(line)\n"
      "    if r['kind'] == 'bye': break\n"
      "    if r['kind'] == 'hello':\n"
      "        a = {'kind': 'hello', 'protocol': 1, 'tool': 'sine-decliner', 'version': '0', 'precision': 'float64',\n"
      "             'translations': [], 'primitives': ['sin'], 'formers': " + std::string(kAllFormers) + "}\n"
      "    else:\n"
      "        a = {'kind': 'error', 'id': r.get('id'), 'error': 'unsupported', 'message': 'no sin today'}\n"
      "    print(json.dumps(a), flush=True)\n";
  const std::string adapter = "/usr/bin/python3 " + write_temp_file("chad_declared_fragment_test", "sine.py", script);
  const ToolRun r = run_tool("check-adapter --examples " + shell_quote(examples.path) + " --adapter " +
                             shell_quote(adapter));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("example sine.chad"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("declined a program inside the declared fragment (primitives sin;"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("no sin today"), std::string::npos) << r.output;
}

TEST(CliDeclaredFragment, CheckAdapterAllowsDecliningOutsideTheDeclaration) {
  // The same example against an adapter that declares cos only: declining sin is its right.
  TempDir examples("chad_declared_fragment_examples_outside");
  std::ofstream(examples / "sine.chad") << "def main (x : real) : real = sin(x);\n-- at: 0.5\n";
  const ToolRun r = run_tool("check-adapter --json --examples " + shell_quote(examples.path) +
                                 " --adapter " + shell_quote(declaring_proxy("cosine", "{'primitives': ['cos', '*']}")),
                             false);
  const nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["declared"]["primitives"], nlohmann::json::array({"*", "cos"}));
  for (const auto& c : j["checks"])
    if (c["check"] == "example sine.chad") {
      EXPECT_TRUE(c["passed"].get<bool>()) << c.dump();
      EXPECT_TRUE(c["unsupported"].get<bool>()) << c.dump();
    }
}

TEST(CliDeclaredFragment, MergedShardsNameTheToolItsModeAndItsDeclaration) {
  // `merge` has no adapter to ask: it names the tool from the hello each shard's campaign.json recorded.
  TempDir out("chad_declared_fragment_merge");
  const std::string adapter = declaring_proxy("merged", "{'mode': 'golden-merged', 'primitives': ['sin', '*']}");
  for (const char* shard : {"0", "1"})
    ASSERT_EQ(run_tool("campaign --implementation adapter --adapter " + shell_quote(adapter) + " --count 8 --quiet " +
                       "--shard " + shard + "/2 --out " + shell_quote(out / ("s" + std::string(shard))))
                  .exit_code,
              0);
  const ToolRun r = run_tool("merge " + shell_quote(out / "s0") + " " + shell_quote(out / "s1") + " --out " +
                             shell_quote(out / "m") + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["tool"]["mode"], "golden-merged") << j.dump(2);
  EXPECT_EQ(j["tool"]["declared"]["primitives"], nlohmann::json::array({"*", "sin"}));
  EXPECT_GT(j["judged"]["judged"].get<int>(), 0);
  std::ifstream md_file(out / "m/summary.md");
  const std::string md((std::istreambuf_iterator<char>(md_file)), std::istreambuf_iterator<char>());
  EXPECT_NE(md.find("## The tool judged\n\ngolden-merged: "), std::string::npos) << md;
  EXPECT_NE(md.find("On its declared fragment: primitives *, sin; asks hessian, hvp, jacobian, jvp, vjp."), std::string::npos) << md;
}

TEST(CliDeclaredFragment, AResumeWithAnotherDeclarationIsAnotherCampaign) {
  // The declaration decides what is drawn: resuming under another one would mix two campaigns.
  TempDir out("chad_declared_fragment_resume");
  const std::string dir = shell_quote(out / "c");
  ASSERT_EQ(run_tool("campaign --implementation adapter --adapter " +
                     shell_quote(declaring_proxy("first", "{'primitives': ['sin', '*']}")) + " --count 6 --quiet --out " +
                     dir)
                .exit_code,
            0);
  const ToolRun other = run_tool("campaign --implementation adapter --adapter " +
                                     shell_quote(declaring_proxy("first", "{'primitives': ['cos', '*']}")) +
                                     " --count 6 --quiet --out " + dir);
  EXPECT_EQ(other.exit_code, 3) << other.output;
  EXPECT_NE(other.output.find("another campaign"), std::string::npos) << other.output;
  EXPECT_NE(other.output.find("primitives"), std::string::npos) << other.output;  // names what differs
}

}  // namespace
}  // namespace chad::testing
