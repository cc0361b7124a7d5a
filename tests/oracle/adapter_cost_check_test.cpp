// The cost check of an outside tool (oracle/adapter_cost_check.hpp) and the wall-time verdict
// (judge_cost_table on timed rows): an in-process adapter answers timed requests with seconds
// given by formulas of the input's list length, so every verdict is known by hand (a failing
// table is measured twice); the protocol's "seconds" field is read strictly (adapter_protocol.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <memory>

#include "adapter_client/adapter_client.hpp"
#include "oracle/adapter_cost_check.hpp"
#include "adapter_client/adapter_protocol.hpp"
#include "cost/cost_check.hpp"
#include "references/input_value.hpp"
#include "../support/example_programs.hpp"

namespace chad {
namespace {

using testing::load_example;

// primal(n) = 1e-5 + 1e-6 (n - 8) and derivative(n) = 5e-5 + 1e-7 (n - 8)^2: the marginal
// times are exactly linear and exactly quadratic (exponents 1 and 2), and the ratio grows from
// 5 at n = 8 to 1.49e-3 / 1.3e-4 = 11.5 at n = 128, more than (128 / 8)^0.25 = 2 times.
TEST(AdapterCostCheck, AQuadraticDerivativeTimeFailsCost) {
  CostTable table;
  table.wall_time = true;
  for (std::size_t n : {8, 32, 128}) {
    const double m = double(n) - 8;
    table.rows.push_back(timed_cost_row(n, 1e-5 + 1e-6 * m, 5e-5 + 1e-7 * m * m));
  }
  judge_cost_table(table, CostCheckOptions{});
  ASSERT_TRUE(table.primal_exponent && table.derivative_exponent);
  EXPECT_NEAR(*table.primal_exponent, 1.0, 1e-9);
  EXPECT_NEAR(*table.derivative_exponent, 2.0, 1e-9);
  EXPECT_TRUE(table.too_expensive);
  EXPECT_NE(table.reason.find("the derivative's time grows as n^2"), std::string::npos) << table.reason;
}

// Microseconds that barely grow (a tool's fixed cost per call dominates): the derivative's
// marginal times 1e-6 and 8e-6 over 12 and 60 more elements fit an exponent of
// log 8 / log 5 = 1.29, the primal's 0.5e-6 and 2.6e-6 one of log 5.2 / log 5 = 1.02. Counted,
// that is a fail-cost (1.29 > 1.02 + 0.25); timed, the ratio falls from 23/4 = 5.75 to
// 31/6.6 = 4.7, so the exponents are noise, and the check passes.
TEST(AdapterCostCheck, WallTimeExponentsNeedTheRatioToGrowToo) {
  CostTable table;
  const std::vector<std::size_t> sizes = {4, 16, 64};
  const std::vector<double> primal = {4e-6, 4.5e-6, 6.6e-6}, derivative = {23e-6, 24e-6, 31e-6};
  for (std::size_t i = 0; i < 3; ++i) table.rows.push_back(timed_cost_row(sizes[i], primal[i], derivative[i]));
  CostTable counted = table;
  for (CostRow& row : counted.rows) {  // the same numbers as counts (in units of 1e-7 s)
    row.primal.steps = std::uint64_t(std::lround(row.primal_seconds * 1e7));
    row.derivative.steps = std::uint64_t(std::lround(row.derivative_seconds * 1e7));
  }
  judge_cost_table(counted, CostCheckOptions{});
  EXPECT_TRUE(counted.too_expensive) << counted.reason;
  table.wall_time = true;
  judge_cost_table(table, CostCheckOptions{});
  ASSERT_TRUE(table.derivative_exponent);
  EXPECT_NEAR(*table.derivative_exponent, std::log(8.0) / std::log(5.0), 1e-9);
  EXPECT_FALSE(table.too_expensive) << table.reason;
}

// The ratio bound holds for times as for counts: 40 times the primal at size 16 > 34.
TEST(AdapterCostCheck, ARatioAboveTheBoundFailsCost) {
  CostTable table;
  table.wall_time = true;
  table.rows = {timed_cost_row(4, 1e-3, 2e-2), timed_cost_row(16, 2e-3, 8e-2), timed_cost_row(64, 8e-3, 1e-1)};
  judge_cost_table(table, CostCheckOptions{});
  EXPECT_TRUE(table.too_expensive);
  EXPECT_NE(table.reason.find("at size 16 the derivative takes 40 times the primal"), std::string::npos) << table.reason;
}

// The same times a thousand times shorter: primals under 100 microseconds, where a tool's fixed
// cost per call is what a ratio measures; and the ratio falls from 20 to 12.5, so no exponent
// verdict either. (Counted, the ratio of 40 fails.)
TEST(AdapterCostCheck, NoRatioVerdictWhereThePrimalTakesMicroseconds) {
  CostTable table;
  table.wall_time = true;
  table.rows = {timed_cost_row(4, 1e-6, 2e-5), timed_cost_row(16, 2e-6, 8e-5), timed_cost_row(64, 8e-6, 1e-4)};
  judge_cost_table(table, CostCheckOptions{});
  EXPECT_FALSE(table.too_expensive) << table.reason;
}

// ---- check_cost_by_adapter with an in-process adapter ----

using Seconds = std::function<AdapterSeconds(std::size_t n)>;  // n: the request's input coordinates

// An adapter that answers every request with zeros (the derivative's values are not judged
// here) and, when timing is asked, with seconds(n); `send_seconds` false: a malformed answer.
CampaignOptions options_with(const Seconds& seconds, bool timing_offered = true, bool send_seconds = true) {
  AdapterHello hello;
  hello.tool = "formula";
  hello.timing = timing_offered;
  InProcessAdapter answer = [seconds, send_seconds](const nlohmann::json& request) {
    const std::size_t n = request["input"]["coords"].size();
    const AdapterAsk ask = read_ask(request);
    std::vector<std::vector<double>> rows;
    for (std::size_t k = 0; k < request["seeds"].size(); ++k)
      rows.push_back(std::vector<double>(ask == AdapterAsk::Vjp ? n : 1, 0.0));
    const AdapterSeconds s = seconds(n);
    return result_answer(request["id"].get<long>(), ask, rows, nullptr,
                         read_timing(request) && send_seconds ? &s : nullptr);
  };
  CampaignOptions options;
  options.implementation = Implementation::Adapter;
  options.adapter = std::make_shared<AdapterClient>(AdapterOptions{"formula"}, hello, answer);
  options.cost = std::make_shared<CostCheckOptions>(CostCheckOptions{{8, 32, 128}, 34, 0.25});
  return options;
}

CheckOutcome check_list_sum(const CampaignOptions& options, ChadMode mode = ChadMode::Reverse) {
  const CheckedProgram program = load_example("list_sum.chad");
  const NormalForm<double> input = read_input_point(program, "roll Cons (1.5, roll Cons (-2, roll Last 4))");
  return check_cost_by_adapter(options, "", program, input, mode);
}

// The list_sum example grown to 8, 32, 128 elements (that many input coordinates); a tool whose
// VJP takes 1e-6 n^2 seconds and its primal 1e-6 n: the ratio is n, 128 > 34 at the last size.
TEST(AdapterCostCheck, AToolWhoseVjpIsQuadraticFailsCost) {
  const CheckOutcome c = check_list_sum(options_with([](std::size_t n) {
    return AdapterSeconds{1e-6 * double(n), 1e-6 * double(n) * double(n)};
  }));
  EXPECT_EQ(c.verdict, Verdict::FailCost) << c.detail;
  EXPECT_EQ(c.implementation, Implementation::Adapter);
  ASSERT_TRUE(c.cost);
  EXPECT_TRUE(c.cost->wall_time);
  ASSERT_EQ(c.cost->rows.size(), 3u);
  EXPECT_EQ(c.cost->rows[2].size, 128u);
  EXPECT_DOUBLE_EQ(c.cost->rows[2].derivative_seconds, 1e-6 * 128 * 128);
  EXPECT_NE(c.detail.find("at size 128 the derivative takes 128 times the primal"), std::string::npos) << c.detail;
  EXPECT_TRUE(c.informative);
}

// Linear in both, the VJP 3 times the primal plus a constant: within bounds.
TEST(AdapterCostCheck, AToolWhoseVjpIsLinearPasses) {
  const CheckOutcome c = check_list_sum(options_with([](std::size_t n) {
    return AdapterSeconds{1e-6 * double(n), 2e-5 + 3e-6 * double(n)};
  }), ChadMode::Forward);
  EXPECT_EQ(c.verdict, Verdict::Pass) << c.detail;
  ASSERT_TRUE(c.cost && c.cost->derivative_exponent);
  EXPECT_NEAR(*c.cost->derivative_exponent, 1.0, 1e-9);
}

// Noise only adds time: one slow answer (the first at size 128, its derivative 100 times too
// slow) makes the first measurement fail; the second measurement's faster times pass.
TEST(AdapterCostCheck, AFailureIsMeasuredAgainAndTheFasterTimesAreJudged) {
  auto calls = std::make_shared<int>(0);
  const CheckOutcome c = check_list_sum(options_with([calls](std::size_t n) {
    const double slow = ++*calls == 3 ? 100 : 1;  // the third timed request: size 128, first pass
    return AdapterSeconds{1e-6 * double(n), slow * 3e-6 * double(n)};
  }));
  EXPECT_EQ(*calls, 6);  // two measurements of three sizes
  EXPECT_EQ(c.verdict, Verdict::Pass) << c.detail;
  ASSERT_TRUE(c.cost);
  EXPECT_DOUBLE_EQ(c.cost->rows[2].derivative_seconds, 3e-6 * 128);
}

// A primal that doubles its work per list node (about 2^n steps) is not run to the end at size
// 32 by the oracle (it evaluates the primal to state the output's shape): growing stops at the
// step bound, with size 8 measured and no verdict against the tool.
TEST(AdapterCostCheck, AnExplodingPrimalStopsTheGrowth) {
  const CheckedProgram program = testing::load_source(
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "def main (x : real, xs : List) : real =\n"
      "  ((fold xs with n -> case n of { Nil u -> fun (y : real) -> y\n"
      "    | Cons p -> fun (y : real) -> (snd p) y + (snd p) (y * fst p) }) : real -> real) x;");
  const NormalForm<double> input = read_input_point(program, "(1, roll Cons (0.5, roll Nil ()))");
  const CheckOutcome c = check_cost_by_adapter(
      options_with([](std::size_t n) { return AdapterSeconds{1e-6 * double(n), 3e-6 * double(n)}; }), "", program,
      input, ChadMode::Reverse);
  EXPECT_EQ(c.verdict, Verdict::Pass) << c.detail;
  ASSERT_TRUE(c.cost);
  EXPECT_EQ(c.cost->rows.size(), 1u);
  EXPECT_NE(c.cost->reason.find("grown no further"), std::string::npos) << c.cost->reason;
}

// A tool whose derivative overflows double from size 32 on (the golden adapter's answer to a
// program that squares along the list): sizes 32 and 128 cannot be measured, so the table stops
// at size 8 with the tool's reason, and there is no verdict against the tool (not a fault, as an
// error of kind `crash` would be). At size 8 itself the same answer skips the check.
TEST(AdapterCostCheck, ADomainErrorAtAGrownSizeStopsTheGrowth) {
  auto adapter_failing_from = [](std::size_t first_failing_coords) {
    CampaignOptions options = options_with([](std::size_t n) { return AdapterSeconds{1e-6 * double(n), 3e-6 * double(n)}; });
    AdapterHello hello;
    hello.tool = "formula";
    hello.timing = true;
    InProcessAdapter answer = [first_failing_coords](const nlohmann::json& request) {
      const std::size_t n = request["input"]["coords"].size();
      if (n >= first_failing_coords)
        return error_answer(request["id"].get<long>(), "domain", "Jacobian entry [0][3] is nan in double");
      const AdapterSeconds s{1e-6 * double(n), 3e-6 * double(n)};
      return result_answer(request["id"].get<long>(), AdapterAsk::Vjp, {std::vector<double>(n, 0.0)}, nullptr, &s);
    };
    options.adapter = std::make_shared<AdapterClient>(AdapterOptions{"formula"}, hello, answer);
    return options;
  };
  const CheckOutcome grown = check_list_sum(adapter_failing_from(32));
  EXPECT_EQ(grown.verdict, Verdict::Pass) << grown.detail;
  ASSERT_TRUE(grown.cost);
  EXPECT_EQ(grown.cost->rows.size(), 1u);
  EXPECT_NE(grown.cost->reason.find("meets a domain error (Jacobian entry [0][3] is nan in double): grown no further"),
            std::string::npos)
      << grown.cost->reason;
  const CheckOutcome first = check_list_sum(adapter_failing_from(8));
  EXPECT_EQ(first.verdict, Verdict::Skip) << first.detail;
}

TEST(AdapterCostCheck, AnAdapterThatDoesNotTimeIsUnsupported) {
  const CheckOutcome c = check_list_sum(options_with([](std::size_t) { return AdapterSeconds{1, 1}; }, false));
  EXPECT_EQ(c.verdict, Verdict::Unsupported);
  EXPECT_NE(c.detail.find("does not time its answers"), std::string::npos) << c.detail;
}

TEST(AdapterCostCheck, ATimedAnswerWithoutSecondsIsAFault) {
  const CheckOutcome c = check_list_sum(options_with([](std::size_t) { return AdapterSeconds{1, 1}; }, true, false));
  EXPECT_EQ(c.verdict, Verdict::Fault);
  EXPECT_NE(c.detail.find("has no `seconds`"), std::string::npos) << c.detail;
}

// "seconds" must hold two finite, non-negative numbers.
TEST(AdapterCostCheck, MalformedSecondsBreakTheProtocol) {
  const CheckedProgram program = load_example("list_sum.chad");
  Index scalar;
  scalar.kind = Index::Kind::Reals;
  scalar.reals = 1;
  AdapterRequest request{"", &program, read_input_point(program, "roll Last 4"), scalar, AdapterAsk::Vjp, {{1.0}}, true};
  auto answer = [](const nlohmann::json& seconds) {
    nlohmann::json a = result_answer(7, AdapterAsk::Vjp, {{0.0}}, nullptr);
    a["seconds"] = seconds;
    return a;
  };
  EXPECT_DOUBLE_EQ(read_answer(answer({{"primal", 0.5}, {"derivative", 1.5}}), 7, request).seconds->derivative, 1.5);
  for (const nlohmann::json& bad : {nlohmann::json{{"primal", -1}, {"derivative", 1}}, nlohmann::json{{"primal", 1}},
                                    nlohmann::json("fast"), nlohmann::json{{"primal", "inf"}, {"derivative", 1}}})
    EXPECT_THROW(read_answer(answer(bad), 7, request), ProtocolError) << bad.dump();
}

}  // namespace
}  // namespace chad
