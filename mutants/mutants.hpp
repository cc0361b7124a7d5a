// Faulty variants of CHAD, for measuring that the oracle finds, shrinks and blames real AD bugs:
// `chad-oracle campaign --mutant NAME`, and `chad-oracle mutants` (mutants/kill_matrix.hpp) for
// all of them. Most replace one entry of the rule table (their rules are in
// mutants/mutant_rules_*.cpp); they cover both modes, every source former, every sums strategy
// and primitive derivatives. The others switch on a fault outside the rule table
// (oracle/chad_faults.hpp): in a helper every rule shares (cotangent addition, the linear
// inliner, let-floating), in the evaluator of CHAD's output, or in CHAD's derivative table,
// some visible only on matrices, shared closures or deep streams.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "chad/transformer.hpp"
#include "triage/blame.hpp"
#include "oracle/chad_faults.hpp"

namespace chad {

// A rule blame may name: (mode or either, former, primitive or any).
struct RuleRef {
  std::optional<ChadMode> mode;
  TermKind kind;
  std::optional<PrimOp> op;
  bool matches(const Blame& b) const {
    return b.found && (!mode || b.mode == *mode) && b.kind == kind && (!op || (b.kind == TermKind::Prim && b.op == *op));
  }
};

struct Mutant {
  std::string name;         // e.g. "rev-let-drops-bound"
  std::string description;  // what the fault is, in the spec's notation
  ChadMode mode;            // the rule replaced: (mode, former)
  TermKind kind;
  std::optional<PrimOp> op;  // for a primitive's derivative: which primitive is wrong
  RuleTable rules;           // the standard table with the faulty rule in place
  // A fault outside the rule table (then `rules` is the standard table, and `mode`, `kind`,
  // `op` name the rule its blame is first expected at), with the part of CHAD it is in, e.g.
  // "evaluator: (co)tangent addition", and the rules blame may rightly name: those that use
  // the faulty helper, or the primitive whose derivative is wrong.
  ChadFaults faults{};
  std::string helper{};
  std::vector<RuleRef> blame_targets{};
  bool is_rule_mutant() const { return !faults.any(); }
  // The functions strategy the fault lives in, when only one has it (the paper's copowers and
  // powers; the efficient strategy's packed environments): runs of this mutant use that
  // strategy whatever they were asked for. Unset: the run's strategy.
  std::optional<FunctionsStrategy> functions{};
  // A fault of a primitive of the second set: runs of this mutant generate with the feature
  // second-set, which draws them (off in the default campaign).
  bool second_set = false;
  // 2: a fault right at first order and wrong at second, killed by `campaign --order 2` (and
  // never by a first-order campaign): the kill matrix hunts each mutant at its own order.
  int order = 1;
  // A fault only the shapes of issue #30 reach (negative divisors, nested inductive types): runs
  // of this mutant generate with the feature shapes.
  bool shapes = false;
  // A fault only inputs past 65,536 nodes reach (a tape index kept in 16 bits): the kill matrix hunts
  // it with the size check on every program it can grow (oracle/size_check.hpp, size_share 1).
  bool size = false;
};

const std::vector<Mutant>& mutant_catalogue();
// Null when there is no mutant of that name.
const Mutant* find_mutant(const std::string& name);
// "reverse let", "forward primitive sin": the rule a mutant replaces; for a fault outside the
// table, its helper ("evaluator: copower-fold").
std::string mutant_rule_name(const Mutant& m);
// Whether blame named the mutant's fault: for a rule mutant its (mode, former, primitive);
// otherwise one of its blame_targets.
bool blame_names_mutant(const Mutant& m, const Blame& blame);
// Judges `options` under the mutant: its rule table and its faults (and its functions strategy,
// when it has one; the feature second-set for a fault of the second set).
void use_mutant(CampaignOptions& options, const Mutant& m);

}  // namespace chad
