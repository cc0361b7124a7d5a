// A campaign's options as text -- the command line's flags (`campaign`, `verify --mutant`), a
// counterexample report's fields (`replay`) -- and the one place that text becomes
// CampaignOptions, and options become the text of a replay command again. A bad value is a
// SourceError located where the text came from (the command line, or a report's file), naming
// the option and the values it takes (exit 3).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "codegen/kernel_compiler.hpp"
#include "adapter_client/adapter_client.hpp"
#include "oracle/campaign.hpp"
#include "cost/cost_check.hpp"
#include "campaigns/command_line_location.hpp"

namespace chad {

// Each field as the command line spells it (`--features`, `--modes`, ...).
struct CampaignOptionsText {
  std::uint64_t seed = 1;
  std::size_t count = 1000;
  int max_size = 20;
  std::string features;  // empty: the default (with sd-rev: its fragment; with --check cost: inputs with data)
  std::string modes = "fwd,rev";
  std::string sums = "biproduct,lifted,zero-fn";
  std::string functions = functions_strategy_name(kDefaultFunctionsStrategy);
  std::string implementation = "chad";  // chad, chad-compiled, sd-rev, adapter
  std::string mutant;                   // a catalogued mutant (with sd-rev: a string-diagram fault)
  std::string codegen_fault;            // chad-compiled: a fault of the code generator
  std::size_t batch = 32;               // chad-compiled: programs per translation unit
  CompilerOptions compiler;             // chad-compiled: --cxx, --cxxflags, --cache-dir
  std::string adapter;                  // adapter: the adapter's command line
  double adapter_timeout = 30;          // adapter: seconds per answer
  std::string cross_check;              // "fd:RATE"
  std::string check = "derivative";     // derivative, cost, or both
  std::string cost_sizes = cost_sizes_text(CostCheckOptions{}.sizes);
  double cost_ratio = CostCheckOptions{}.max_ratio;
  double cost_slack = CostCheckOptions{}.exponent_slack;
  int order = 1;                        // --order: 1, or 2 (the second-order checks)
  double size_share = kDefaultSizeShare;  // --size-share (oracle/size_check.hpp)
  std::size_t size_nodes = CampaignOptions{}.size_nodes;  // --size-nodes
};

// The options the text says; starts the adapter (with --implementation adapter), so that one
// that cannot start fails at once. Errors are located at `where`.
CampaignOptions campaign_options_from_text(const CampaignOptionsText& text, const Loc& where = command_line_loc());

// The text of `options` (what campaign_options_from_text reads back to the same checks):
// features as described, the implementation's, mutant's (`mutant`: the name its fault was
// injected under), code generator fault's and adapter's names, the cost check's flags. The
// cross-check is left out (it does not change which programs are generated).
CampaignOptionsText campaign_options_text(const CampaignOptions& options, const std::string& mutant);

// `chad-oracle campaign --seed S --max-size M ... --only INDEX`: the command that checks program
// `index` of this campaign alone, with the modes and sums strategies it checked where they are not
// the default (the options only give the cost check's flags).
std::string campaign_replay_command(const CampaignOptionsText& text, const CampaignOptions& options,
                                    std::size_t index);

// Puts the mutant `name` into `options`: with `string_diagrams`, a string-diagram fault
// (diagrams/faults.hpp); otherwise a mutant of CHAD's catalogue (or one of the test faults of
// the `fault` verdict). Nothing when `name` is empty. Throws SourceError (located at `where`,
// listing the known names) for an unknown name.
void use_mutant_option(CampaignOptions& options, const std::string& name, bool string_diagrams,
                       const Loc& where = command_line_loc());

// Starts the adapter and reads its handshake, so that a command that cannot start fails at once:
// a SourceError located at `where` ("--adapter: ...") when the shell cannot run the command (the
// user's input), an AdapterStartError ("--adapter: ...") when the tool started and failed its
// handshake (the tool's fault).
std::shared_ptr<AdapterClient> start_adapter(const std::string& command, double timeout_seconds,
                                             const Loc& where = command_line_loc());

}  // namespace chad
