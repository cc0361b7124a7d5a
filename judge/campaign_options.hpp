// The options and outcomes of judging (a campaign's, verify's, a shrinker's): which
// implementation is under test and how (CampaignOptions), and what one check and one program
// came to (CheckOutcome, ProgramOutcome) in the one vocabulary of judge/verdict.hpp, and a
// campaign's summary. The judge's bottom layer: the adapter client, cost, the implementations
// under test, triage and verify all speak it; check_case itself is oracle/campaign.hpp.
#pragma once
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "chad/transformer.hpp"
#include "generators/program_generator.hpp"
#include "judge/discrepancy.hpp"
#include "judge/fd_cross_check.hpp"
#include "judge/verdict.hpp"
#include "syntax/term_former_names.hpp"

namespace chad {
namespace diagrams {
struct RuleTable;
}
struct ChadFaults;               // oracle/chad_faults.hpp
struct CompiledCampaignOptions;  // oracle/compiled_check.hpp
class AdapterClient;             // adapter_client/adapter_client.hpp
struct CostCheckOptions;         // cost/cost_check.hpp
struct CostTable;
class Case;                      // judge/case.hpp

// The AD implementation a campaign judges, by its `--implementation` name: CHAD ("chad", every
// mode and sums strategy), CHAD compiled to native code ("chad-compiled", codegen/,
// oracle/compiled_check.hpp), the string-diagram reverse AD of diagrams/ ("sd-rev"), an outside AD
// tool behind the adapter protocol ("adapter", docs/adapter-protocol.md), or any other that
// oracle/implementation_registry.cpp registers (one line: its name and its factory). What each
// supports and reports is asked of its ImplementationUnderTest (judge/implementation_under_test.hpp);
// the constants name the built-in ones for the options only they take (an adapter's process, the
// compiled path's compiler and batches).
struct Implementation {
  std::string name = "chad";
  bool operator==(const Implementation&) const = default;
  static const Implementation Chad, StringDiagram, ChadCompiled, Adapter;
};
inline const Implementation Implementation::Chad{"chad"};
inline const Implementation Implementation::StringDiagram{"sd-rev"};
inline const Implementation Implementation::ChadCompiled{"chad-compiled"};
inline const Implementation Implementation::Adapter{"adapter"};
// Its name, as --implementation takes it and logs and reports show it.
inline const std::string& implementation_name(const Implementation& i) { return i.name; }

// The size check's default share: one program in 200 of those it can judge big (about 1 in 1,600
// of a campaign's: a 100,000-node check costs what about 1,000 ordinary programs do).
inline constexpr double kDefaultSizeShare = 0.005;

struct CampaignOptions {
  std::uint64_t seed = 1;
  std::size_t count = 1000;
  int max_size = 20;
  GeneratorFeatures features;
  std::vector<ChadMode> modes = {ChadMode::Forward, ChadMode::Reverse};
  std::vector<SumsStrategy> sums = {SumsStrategy::Biproduct, SumsStrategy::Lifted, SumsStrategy::ZeroFunctions};
  const RuleTable* rules = nullptr;  // fault injection: replaces CHAD's standard rules
  Implementation implementation = Implementation::Chad;
  const diagrams::RuleTable* sd_rules = nullptr;  // fault injection into the adjoint's rules
  const ChadFaults* faults = nullptr;  // fault injection into CHAD's helpers, evaluator, derivative table
  // --cross-check fd:RATE: the share (in [0, 1]) of programs with a Jacobian also checked by
  // fd against the certified reference (judge/fd_cross_check.hpp); 0: none.
  double cross_check_fd_rate = 0;
  // Record each program's features, shapes and live coverage (logs and summaries). Searches
  // that only need verdicts (shrinking's candidates, the kill matrix's hunt) turn it off.
  bool measure_coverage = true;
  // Implementation::ChadCompiled: the compiler, the batch size, a fault of the code generator.
  std::shared_ptr<const CompiledCampaignOptions> compiled;
  // Implementation::Adapter: the adapter process (started on first use in each process).
  std::shared_ptr<AdapterClient> adapter;
  // `--check`: the derivative checks above (on by default) and the cost check of
  // cost/cost_check.hpp (on when `cost` is set; Implementation::Chad only).
  bool check_derivatives = true;
  std::shared_ptr<const CostCheckOptions> cost;
  // How CHAD represents function (co)tangents in every check (syntax/functions_strategy.hpp).
  FunctionsStrategy functions = kDefaultFunctionsStrategy;
  // `--order`: 1, the derivative checks above; 2, the implementation's second-order checks
  // (ImplementationUnderTest::second_order_checks: CHAD differentiated twice, an adapter's
  // hvp/hessian) against the certified Hessian (oracle/order2_check.hpp).
  int order = 1;
  // `--size-share`, `--size-nodes`: the share (in [0, 1]) of the programs with a list or tree input
  // and a data output, or a stream output, that CHAD's checks judge once more at that input grown to
  // `size_nodes` nodes or observing those streams as deep (oracle/size_check.hpp;
  // Implementation::Chad, first order); 0: none.
  double size_share = kDefaultSizeShare;
  std::size_t size_nodes = 100'000;
};

// CHAD's options for one check of a campaign: its mode and sums strategy, the campaign's rules
// and functions strategy.
ChadOptions campaign_chad_options(const CampaignOptions& options, ChadMode mode, SumsStrategy sums);

// One (mode, sums strategy) check of one program.
struct CheckOutcome {
  ChadMode mode;  // (string diagrams: reverse; their sums are not represented, biproduct is shown)
  SumsStrategy sums;
  Verdict verdict = Verdict::Pass;
  bool screen_cleared = false;  // the double screen disagreed, the certified check passed
  double error = 0;             // largest relative difference from the reference (screen)
  std::string detail;
  Implementation implementation = Implementation::Chad;
  bool informative = false;  // could expose a derivative fault (judge/informative.hpp)
  // A cost check (cost/cost_check.hpp): its table (null for the derivative checks). Such a
  // check is informative when the input could be grown (it could show a growth fault).
  std::shared_ptr<const CostTable> cost = nullptr;
  // A fail found at a Jacobian entry: where, the answer, the certified enclosure, the band.
  std::optional<Discrepancy> discrepancy = std::nullopt;
  // The check's name where its mode alone does not say it (a second-order check:
  // "chad-fwd-over-rev", "chad-fwd-over-fwd", an adapter's mode); empty: chad_mode_name(mode).
  std::string mode_name = {};
};

// A check's name in logs and reports: its mode_name, else its mode's.
std::string check_mode_name(const CheckOutcome& c);

// Records a judgement in a check: its verdict, its reason as the detail, its discrepancy.
void record_judgement(CheckOutcome& c, Judgement j);

struct ProgramOutcome {
  std::size_t index = 0;
  std::uint64_t seed = 0;  // the program's own seed (from the campaign's seed and index)
  GeneratedCase generated;
  Verdict verdict = Verdict::Pass;  // the worst of the checks
  std::string detail;                               // for a skip or an error before the checks
  std::vector<CheckOutcome> checks;
  std::vector<std::string> features;  // the formers, primitives and type formers it uses
  CrossCheck cross_check = CrossCheck::NotChecked;  // --cross-check fd:RATE's result
  std::string cross_check_detail;
  std::vector<std::string> shapes;    // the fault-prone shapes it has (oracle/program_shapes.hpp)
  std::vector<std::string> live;      // the formers and primitives live in it (oracle/live_coverage.hpp)
  int order = 1;                      // the derivatives judged (CampaignOptions::order)
};

struct CampaignSummary {
  std::size_t programs = 0;
  std::map<std::string, std::size_t> verdicts;   // per verdict_name, all present
  std::map<std::string, std::size_t> coverage;   // programs using each former / primitive / type former
  std::map<std::string, std::size_t> live_coverage;  // programs in which each former / primitive is live
  std::size_t screen_cleared = 0;
  std::map<std::string, double> seconds;         // per stage: generate, check, reference, chad, certify
  CrossCheckCounts cross_check;                  // --cross-check fd:RATE
  std::size_t checks = 0, informative_checks = 0;  // checks made, informative ones (judge/informative.hpp)
  std::map<std::string, std::size_t> shapes;      // programs having each shape (oracle/program_shapes.hpp)
};

// "crash 0  fail 1  ...  unsupported 0": the verdict counts as the campaign and merge summaries
// print them, two spaces apart.
std::string verdict_counts_text(const CampaignSummary& summary);


}  // namespace chad
