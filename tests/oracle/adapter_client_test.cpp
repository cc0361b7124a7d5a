// The adapter client (adapter_client/adapter_client.hpp) against tiny adapters written here (shell and
// Python scripts that misbehave on purpose) and the golden adapter `chad-oracle serve-adapter`;
// and the verdicts of check_by_adapter (adapter_client/adapter_check.hpp) on them.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <memory>

#include "../support/example_programs.hpp"
#include "../support/adapter_judge.hpp"
#include "../support/tool_runner.hpp"
#include "adapter_client/adapter_check.hpp"
#include "adapter_client/adapter_client.hpp"
#include "adapter_client/adapter_conformance.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

using testing::write_temp_file;

const std::string kHello =
    R"({"kind": "hello", "protocol": 1, "tool": "fake", "version": "0", "precision": "float64", "translations": []})";

std::string golden_adapter(const std::string& flags = "") {
  return std::string(CHAD_BINARY_DIR) + "/apps/chad-oracle/chad-oracle serve-adapter" + flags;
}

// A shell adapter: answers the handshake with `hello`, then runs `then` on the next request.
std::string shell_adapter(const std::string& name, const std::string& hello, const std::string& then) {
  return "/bin/sh " + write_temp_file("chad_adapter_client_test", name + ".sh",
                                      "read line\necho '" + hello + "'\nread line\n" + then + "\n");
}

// A Python adapter answering every request with `answer` (a Python expression over `r`, the request).
std::string python_adapter(const std::string& name, const std::string& answer) {
  const std::string script =
      "import json, sys\n"
      "for line in sys.stdin:\n"
      "    r = json.loads(line)\n"
      "    if r['kind'] == 'bye': break\n"
      "    a = json.loads('" + kHello + "') if r['kind'] == 'hello' else " + answer + "\n"
      "    print(json.dumps(a), flush=True)\n";
  return "/usr/bin/python3 " + write_temp_file("chad_adapter_client_test", name + ".py", script);
}

AdapterRequest cube_request(const CheckedProgram& program, double x) {
  Index reals;
  reals.kind = Index::Kind::Reals;
  reals.reals = 1;
  return AdapterRequest{"", &program, NormalForm<double>{reals, {x}}, reals, AdapterAsk::Jacobian, {}};
}

CheckedProgram load(const std::string& text) { return check_program(parse_program(text, "<test>")); }

TEST(AdapterClient, AHungAdapterTimesOutAndIsRestartedOnTheNextExchange) {
  AdapterClient client({shell_adapter("hang", kHello, "sleep 100"), 1.0});
  const CheckedProgram program = load("def main (x : real) : real = x;");
  const AdapterHello hello = client.hello();  // (hello() would start a new adapter itself, uncounted)
  long id = 0;
  const auto start = std::chrono::steady_clock::now();
  AdapterReply reply = client.exchange(differentiate_request(cube_request(program, 1), 0, hello), id);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(reply.status, AdapterReply::Status::TimedOut) << reply.problem;
  EXPECT_NE(reply.problem.find("timed out"), std::string::npos) << reply.problem;
  EXPECT_LT(seconds, 5.0);  // the timeout is 1 s; the kill is immediate
  EXPECT_EQ(client.restarts(), 0);
  reply = client.exchange(differentiate_request(cube_request(program, 1), 0, hello), id);
  EXPECT_EQ(reply.status, AdapterReply::Status::TimedOut);
  EXPECT_EQ(client.restarts(), 1);
}

// The reply of the adapter `command` to one request (the identity at x = 1).
AdapterReply first_reply(const std::string& command) {
  AdapterClient client({command, 5.0});
  const CheckedProgram program = load("def main (x : real) : real = x;");
  long id = 0;
  return client.exchange(differentiate_request(cube_request(program, 1), 0, client.hello()), id);
}

TEST(AdapterClient, AnAdapterThatExitsIsReportedWithItsStatus) {
  const AdapterReply reply = first_reply(shell_adapter("exit3", kHello, "echo 'going away' >&2\nexit 3"));
  EXPECT_EQ(reply.status, AdapterReply::Status::Exited);
  EXPECT_NE(reply.problem.find("status 3"), std::string::npos) << reply.problem;
  EXPECT_NE(reply.problem.find("going away"), std::string::npos) << reply.problem;  // its last stderr line
}

TEST(AdapterClient, ALineThatIsNotJsonIsNotJson) {
  const AdapterReply reply = first_reply(shell_adapter("garbage", kHello, "echo 'this is not json'\nsleep 100"));
  EXPECT_EQ(reply.status, AdapterReply::Status::NotJson);
  EXPECT_NE(reply.problem.find("this is not json"), std::string::npos) << reply.problem;
}

TEST(AdapterClient, AnotherProtocolVersionIsRefusedAtTheHandshake) {
  std::string hello = kHello;
  hello.replace(hello.find("\"protocol\": 1"), 13, "\"protocol\": 2");
  AdapterClient client({shell_adapter("protocol2", hello, "sleep 100"), 5.0});
  EXPECT_THROW(client.hello(), AdapterStartError);
}

// The golden adapter's answer to the Jacobian of f(x) = x * x * x at x; it is then told `bye`,
// which must end it with status 0.
AdapterAnswer golden_cube_answer(double x) {
  AdapterClient client({golden_adapter(), 30.0});
  const std::string text = "def main (x : real) : real = x * x * x;";
  const CheckedProgram program = load(text);
  AdapterRequest request = cube_request(program, x);
  request.program_text = text;
  long id = 0;
  const AdapterReply reply = client.exchange(differentiate_request(request, 0, client.hello()), id);
  EXPECT_EQ(reply.status, AdapterReply::Status::Answered) << reply.problem;
  const AdapterAnswer answer = read_answer(reply.answer, id, request);
  EXPECT_EQ(client.say_bye(5), "");
  return answer;
}

// At x = 2: f = 8, f' = 3 x^2 = 12 (both exact in double).
TEST(AdapterClient, TheGoldenAdapterAnswersTheHandDerivedJacobian) {
  const AdapterAnswer answer = golden_cube_answer(2);
  ASSERT_FALSE(answer.error) << answer.message;
  ASSERT_EQ(answer.rows.size(), 1u);
  EXPECT_EQ(answer.rows[0], std::vector<double>{12.0});
  ASSERT_TRUE(answer.output.has_value());
  EXPECT_EQ(answer.output->coords, std::vector<double>{8.0});
}

// x^3 at 1e200 is 1e600, past double's range (about 1.8e308): the golden adapter computes it in
// double, and says so with an error of kind `domain` (the program's arithmetic overflows),
// never `crash` (which the oracle records as a fault of the tool).
TEST(AdapterClient, TheGoldenAdapterAnswersAnOverflowOfDoubleAsADomainError) {
  const AdapterAnswer answer = golden_cube_answer(1e200);
  ASSERT_TRUE(answer.error);
  EXPECT_EQ(answer.error_kind, "domain") << answer.message;
  EXPECT_NE(answer.message.find("overflows double"), std::string::npos) << answer.message;
}

// check_by_adapter on `program_text` at `at`, against the adapter `command`.
CheckOutcome judge(const std::string& command, const std::string& program_text, const std::string& at,
                   double timeout = 30) {
  return testing::judge_by_adapter(command, program_text, at, timeout);
}

TEST(CheckByAdapter, TheGoldenAdapterPassesOnEveryExampleInFloat64AndNeverFailsInFloat32) {
  const std::vector<std::string> examples = conformance_examples(std::string(CHAD_SOURCE_DIR) + "/examples");
  ASSERT_GE(examples.size(), 10u);
  for (const std::string& path : examples) {
    const std::string text = testing::read_text_file(path);
    const std::string at = testing::example_point(std::filesystem::path(path).filename().string());
    const CheckOutcome exact = judge(golden_adapter(), text, at);
    EXPECT_EQ(exact.verdict, Verdict::Pass) << path << ": " << exact.detail;
    // Inputs and answers rounded to float: within the float32 model, so pass (or a skip at a
    // tie within float32 rounding), never a fail.
    const CheckOutcome rounded = judge(golden_adapter(" --precision float32"), text, at);
    EXPECT_TRUE(rounded.verdict == Verdict::Pass || rounded.verdict == Verdict::Skip)
        << path << ": " << verdict_name(rounded.verdict) << ": " << rounded.detail;
  }
}

TEST(CheckByAdapter, AWrongDerivativeFails) {
  // d(x*x)/dx at 3 is 6; the fake says 7 (0x1.cp+2), far outside any float64 rounding of 6.
  const CheckOutcome c = judge(python_adapter("wrong", "{'kind': 'result', 'id': r['id'], 'jacobian': [['0x1.cp+2']]}"),
                               "def main (x : real) : real = x * x;", "3");
  EXPECT_EQ(c.verdict, Verdict::Fail) << c.detail;
}

// A tool that multiplies in float64 and flushes subnormal numbers to zero (FTZ/DAZ, as XLA's CPU
// runtime and TensorFlow do), answering every ask for fst x * snd x; `hello_extra` is spliced into
// its hello, `factor` multiplies every derivative it gives (1: right).
std::string ftz_product_adapter(const std::string& name, const std::string& hello_extra, double factor = 1) {
  const std::string script =
      "TINY = 2.2250738585072014e-308\n"
      "def ftz(v): return 0.0 if abs(v) < TINY else v\n" + testing::fake_tool_preamble("ftz", hello_extra) +
      "    a, b = (ftz(float.fromhex(c)) for c in r['input']['coords'])\n"
      "    j = [ftz(b) * " + std::to_string(factor) + ", ftz(a) * " + std::to_string(factor) + "]\n"
      "    out = {'kind': 'result', 'id': r['id'], 'output': {'index': {'reals': 1}, 'coords': [hx(ftz(a * b))]}}\n"
      "    if r['ask'] == 'jacobian': out['jacobian'] = [[hx(j[0]), hx(j[1])]]\n"
      "    elif r['ask'] == 'jvp': out['jvp'] = [[hx(ftz(ftz(j[0] * float.fromhex(s[0])) + ftz(j[1] * float.fromhex(s[1]))))] for s in r['seeds']]\n"
      "    else: out['vjp'] = [[hx(ftz(j[0] * float.fromhex(s[0]))), hx(ftz(j[1] * float.fromhex(s[0])))] for s in r['seeds']]\n"
      "    print(json.dumps(out), flush=True)\n";
  return "/usr/bin/python3 " + write_temp_file("chad_adapter_client_test", name + ".py", script);
}

TEST(CheckByAdapter, AToolThatFlushesSubnormalsIsJudgedByItsDeclaredArithmetic) {
  // d(a*b)/da at (1, 9e-323) is 9e-323, a subnormal number: a flushing tool says 0.
  const std::string program = "def main (x : real * real) : real = fst x * snd x;";
  const std::string at = "(1, 9e-323)";
  // Undeclared, the flush is outside float64 rounding (8 ulp of the smallest subnormal): a fail.
  const CheckOutcome undeclared = judge(ftz_product_adapter("ftz_undeclared", ""), program, at);
  EXPECT_EQ(undeclared.verdict, Verdict::Fail) << undeclared.detail;
  // Declared ("subnormals": "flush"), it is the tool's documented arithmetic: a pass.
  const CheckOutcome declared = judge(ftz_product_adapter("ftz_declared", ", 'subnormals': 'flush'"), program, at);
  EXPECT_EQ(declared.verdict, Verdict::Pass) << declared.detail;
  // A wrong derivative of the same tool still fails, its message naming the arithmetic.
  const CheckOutcome wrong = judge(ftz_product_adapter("ftz_wrong", ", 'subnormals': 'flush'", 1.5), program, "(1, 3)");
  EXPECT_EQ(wrong.verdict, Verdict::Fail) << wrong.detail;
  EXPECT_NE(wrong.detail.find("flush subnormals to zero"), std::string::npos) << wrong.detail;
}

TEST(AdapterProtocol, TheHelloSaysHowTheToolTreatsSubnormals) {
  const auto hello = [](const std::string& extra) {
    return read_hello(nlohmann::json::parse(R"({"kind": "hello", "protocol": 1, "tool": "t")" + extra + "}"));
  };
  EXPECT_EQ(hello("").subnormals, Subnormals::Keep);
  EXPECT_EQ(hello(R"(, "subnormals": "flush")").subnormals, Subnormals::Flush);
  EXPECT_EQ(recorded_hello(hello(R"(, "subnormals": "flush")")).value("subnormals", ""), "flush");
  EXPECT_FALSE(recorded_hello(hello("")).contains("subnormals"));  // campaigns recorded before keep their hello
  EXPECT_THROW(hello(R"(, "subnormals": "sometimes")"), ProtocolError);
}

TEST(CheckByAdapter, AnUnsupportedAnswerIsUnsupported) {
  const CheckOutcome c = judge(python_adapter("unsupported", "{'kind': 'error', 'id': r['id'], 'error': 'unsupported', "
                                                             "'message': 'no multiplication here'}"),
                               "def main (x : real) : real = x * x;", "3");
  EXPECT_EQ(c.verdict, Verdict::Unsupported) << c.detail;
  EXPECT_NE(c.detail.find("no multiplication here"), std::string::npos) << c.detail;
}

TEST(CheckByAdapter, AHangingAdapterIsAFaultThatTimedOut) {
  const CheckOutcome c = judge(shell_adapter("hang_check", kHello, "sleep 100"), "def main (x : real) : real = x * x;", "3", 1.0);
  EXPECT_EQ(c.verdict, Verdict::Fault) << c.detail;
  EXPECT_NE(c.detail.find("timed out"), std::string::npos) << c.detail;
}

}  // namespace
}  // namespace chad
