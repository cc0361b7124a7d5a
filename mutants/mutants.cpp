#include "mutants/mutants.hpp"

#include "oracle/campaign.hpp"
#include "mutants/fault_mutants.hpp"
#include "mutants/mutant_rules.hpp"
#include "syntax/printer.hpp"
#include "syntax/term_former_names.hpp"

namespace chad {
namespace {

std::vector<Mutant> make_catalogue() {
  using namespace mutant_rules;
  using K = TermKind;
  const ChadMode R = ChadMode::Reverse, F = ChadMode::Forward;
  std::vector<Mutant> all;
  auto add = [&](std::string name, ChadMode mode, TermKind kind, std::optional<PrimOp> op, ChadRule rule,
                 std::string description) {
    Mutant m{std::move(name), std::move(description), mode, kind, op, RuleTable::standard(), {}, {}, {}};
    m.rules.rule(mode, kind) = std::move(rule);
    all.push_back(std::move(m));
  };
  // ---- reverse ----
  add("rev-let-drops-bound", R, K::Let, {}, rev_let_drops_bound,
      "let: the backpropagator returns g instead of g + x' @ dx (the bound variable's contribution is lost)");
  add("rev-pair-drops-second", R, K::Pair, {}, rev_pair_drops_second,
      "pair: \\v. x' @ fst v instead of x' @ fst v + y' @ snd v");
  add("rev-snd-drops", R, K::Snd, {}, rev_snd_drops, "snd: \\v. 0 instead of x' @ (0, v)");
  add("rev-fun-ignores-copower-primals", R, K::Lambda, {}, rev_fun_ignores_copower_primals,
      "fun: the copower-fold evaluates every term's derivative at a fixed default argument instead of "
      "the term's own primal (the copower's primal parts are ignored; the paper's functions strategy)");
  all.back().functions = FunctionsStrategy::Paper;
  add("rev-app-drops-function", R, K::App, {}, rev_app_drops_function,
      "application: x' @ (y' @ v) without f' @ (!x (x) v) (what flows into the function's captured context is lost)");
  add("rev-app-drops-argument", R, K::App, {}, rev_app_drops_argument,
      "application: f' @ (!x (x) v) without x' @ (y' @ v) (the argument's contribution is lost)");
  add("rev-fun-drops-env", R, K::Lambda, {}, rev_fun_drops_env,
      "fun (efficient functions strategy): the closure's backpropagator returns <snd q, 0> instead of "
      "<snd q, pack_G (fst q)> (the pack dropped: nothing flows back into the captured context)");
  all.back().functions = FunctionsStrategy::Efficient;
  add("rev-fun-unpacks-wrong-context", R, K::Lambda, {}, rev_fun_unpacks_wrong_context,
      "fun (efficient functions strategy): \\w. unpack_{G, x} w instead of unpack_G w (the body's context, "
      "not the closure's)");
  all.back().functions = FunctionsStrategy::Efficient;
  add("rev-app-swaps-argument-and-env", R, K::App, {}, rev_app_swaps_argument_and_env,
      "application (efficient functions strategy): f' @ (fst q) + x' @ (snd q) instead of "
      "f' @ (snd q) + x' @ (fst q) (the argument's cotangent and the function's env swapped)");
  all.back().functions = FunctionsStrategy::Efficient;
  add("rev-inject-drops", R, K::Inject, {}, rev_inject_drops, "injection: \\v. 0 instead of x' @ (the C-component of v)");
  add("rev-inject-lifted-wrong-component", R, K::Inject, {}, rev_inject_lifted_wrong_component,
      "injection, lifted sums only: x' @ (the component of the next constructor of v) (the lifted-sum "
      "inconsistency)");
  add("rev-case-drops-scrutinee", R, K::Case, {}, rev_case_drops_scrutinee,
      "case: each branch returns g instead of g + z' @ (Ci dy) (the scrutinee's contribution is lost)");
  add("rev-case-doubles-second-constructor", R, K::Case, {}, rev_case_doubles_second_constructor,
      "case: g + 2 z' @ (C2 dy) in the branch of the second constructor only (off by a factor on one constructor)");
  add("rev-roll-drops", R, K::Roll, {}, rev_roll_drops, "roll: \\v. 0 instead of x' @ (unroll_lin v)");
  add("rev-unroll-drops", R, K::Unroll, {}, rev_unroll_drops, "unroll: \\v. 0 instead of x' @ (roll_lin v)");
  add("rev-fold-drops-context", R, K::Fold, {}, rev_fold_drops_context,
      "fold: every node's body backpropagator drops its context part (0, dx) instead of (g, dx): the "
      "context's contribution is lost at every node");
  add("rev-unfold-shifted", R, K::Unfold, {}, rev_unfold_shifted,
      "unfold of a stream: the stream's cotangent is shifted by one position (snd (unroll_lin v) for v)");
  add("rev-prim-doubles", R, K::Prim, {}, rev_prim_doubles, "every primitive: the backpropagator is applied twice (v + v for v)");
  add("rev-sin-wrong-formula", R, K::Prim, PrimOp::Sin, rev_sin_wrong_formula,
      "sin: op^T(x; v) = v * (-sin x) (the formula of cos) instead of v * cos x");
  add("rev-mul-drops-term", R, K::Prim, PrimOp::Mul, rev_mul_drops_term,
      "a * b: op^T = (v * b, 0) instead of (v * b, v * a) (a term of the product rule dropped)");
  add("rev-matvec-missing-transpose", R, K::Prim, PrimOp::Matvec, rev_matvec_missing_transpose,
      "matvec(m, x), m square: the cotangent of x is m v instead of m^T v (a missing transpose)");
  // ---- forward ----
  add("fwd-let-drops-bound", F, K::Let, {}, fwd_let_drops_bound,
      "let: y' @ (v, 0) instead of y' @ (v, x' @ v) (the bound variable's tangent is lost)");
  add("fwd-pair-drops-second", F, K::Pair, {}, fwd_pair_drops_second, "pair: (x' @ v, 0) instead of (x' @ v, y' @ v)");
  add("fwd-fst-drops", F, K::Fst, {}, fwd_fst_drops, "fst: \\v. 0 instead of fst (x' @ v)");
  add("fwd-fun-drops-own-tangent", F, K::Lambda, {}, fwd_fun_drops_own_tangent,
      "fun: the function's tangent (the power D1 A -> D2 B: how it moves with its captured context) is 0; it "
      "only shows where the function is applied");
  add("fwd-app-drops-function-tangent", F, K::App, {}, fwd_app_drops_function_tangent,
      "application: y' @ (x' @ v) without (f' @ v) x (a zero in place of the applied function's own tangent)");
  add("fwd-app-drops-argument", F, K::App, {}, fwd_app_drops_argument,
      "application: (f' @ v) x without y' @ (x' @ v) (the argument's tangent is lost)");
  add("fwd-fun-ignores-env", F, K::Lambda, {}, fwd_fun_ignores_env,
      "fun (efficient functions strategy): the closure's tangent map is z' @ (0, snd p) instead of "
      "z' @ (unpack_G (fst p), snd p) (the function's own tangent is ignored where it is applied)");
  all.back().functions = FunctionsStrategy::Efficient;
  add("fwd-inject-drops", F, K::Inject, {}, fwd_inject_drops, "injection: \\v. 0 instead of C (x' @ v)");
  add("fwd-inject-biproduct-wrong-slot", F, K::Inject, {}, fwd_inject_biproduct_wrong_slot,
      "injection, biproduct sums only: the tangent is put in the next constructor's slot where the slots' "
      "types agree, and lost where they do not");
  add("fwd-case-drops-scrutinee", F, K::Case, {}, fwd_case_drops_scrutinee,
      "case: each branch gets w' @ (v, 0) instead of w' @ (v, the Ci-component of z' @ v)");
  add("fwd-case-zero-fn-drops-scrutinee", F, K::Case, {}, fwd_case_zero_fn_drops_scrutinee,
      "case, sums with zero functions only: the scrutinee's tangent is lost");
  add("fwd-case-doubles-second-constructor", F, K::Case, {}, fwd_case_doubles_second_constructor,
      "case: the payload's tangent doubled in the branch of the second constructor only");
  add("fwd-roll-drops", F, K::Roll, {}, fwd_roll_drops, "roll: \\v. 0 instead of roll_lin (x' @ v)");
  add("fwd-unroll-drops", F, K::Unroll, {}, fwd_unroll_drops, "unroll: \\v. 0 instead of unroll_lin (x' @ v)");
  add("fwd-fold-drops-context", F, K::Fold, {}, fwd_fold_drops_context,
      "fold: every node's body gets the tangent (0, dx) instead of (v, dx): the context's tangent is lost at "
      "every node");
  add("fwd-unfold-shifted", F, K::Unfold, {}, fwd_unfold_shifted,
      "unfold of a stream: the stream's tangent is shifted by one position");
  add("fwd-sin-wrong-formula", F, K::Prim, PrimOp::Sin, fwd_sin_wrong_formula,
      "sin: op'(x; dx) = -sin x * dx (the formula of cos) instead of cos x * dx");
  add("fwd-mul-drops-term", F, K::Prim, PrimOp::Mul, fwd_mul_drops_term,
      "a * b: op' = da * b instead of da * b + a * db (a term of the product rule dropped)");
  add_fault_mutants(all);
  return all;
}

}  // namespace

const std::vector<Mutant>& mutant_catalogue() {
  static const std::vector<Mutant> all = make_catalogue();
  return all;
}

std::string mutant_rule_name(const Mutant& m) {
  if (!m.is_rule_mutant()) return m.helper;
  std::string rule = std::string(m.mode == ChadMode::Forward ? "forward " : "reverse ") + former_name(m.kind);
  if (m.op) rule += std::string(" ") + prim_name(*m.op);
  return rule;
}

const Mutant* find_mutant(const std::string& name) {
  for (const Mutant& m : mutant_catalogue())
    if (m.name == name) return &m;
  return nullptr;
}

bool blame_names_mutant(const Mutant& m, const Blame& blame) {
  if (m.is_rule_mutant()) return RuleRef{m.mode, m.kind, m.op}.matches(blame);
  for (const RuleRef& r : m.blame_targets)
    if (r.matches(blame)) return true;
  return false;
}

void use_mutant(CampaignOptions& options, const Mutant& m) {
  options.rules = &m.rules;
  if (m.functions) options.functions = *m.functions;
  if (m.second_set) options.features.force_second_set(true);
  if (m.shapes) options.features.force_shapes(true);
  options.faults = m.is_rule_mutant() ? nullptr : &m.faults;
}

}  // namespace chad
