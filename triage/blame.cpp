// Blame: every subterm of the failing program's body is checked on its own, in the context of
// its free variables (logrel/term_relation.hpp: only its own formers' rules are involved), at
// the values they hold when the failing program first evaluates it (captured with semantics'
// evaluation watch) moving along a fixed direction, or at sampled related functions for
// variables of function type, by the logical relation at its type in the failing (mode, sums).
// The blamed subterm is the smallest one whose check fails.
#include "triage/blame.hpp"
#include "judge/case.hpp"

#include <map>
#include <set>

#include "logrel/term_relation.hpp"
#include "model/value_printer.hpp"
#include "triage/blame_order2.hpp"
#include "oracle/chad_faults.hpp"
#include "model/normal_form.hpp"
#include "references/input_value.hpp"
#include "judge/relation_verdict.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/term_former_names.hpp"

namespace chad {
namespace {

// A free variable of a subterm as the subterm uses it: the variable itself, or a chain of
// projections of it (`fst (snd y)`), which becomes a variable of its own (`y'sf`) so that the
// part the subterm uses can be of data type when the whole is not.
struct FreeUse {
  int index;         // the variable's de Bruijn index in the subterm's environment
  std::string path;  // projections from the variable outwards: 'f' fst, 's' snd
  std::string name;  // the variable's name, and the context name of the use
  std::string context_name;
  TypeP type;        // the use's type
};
using FreeUses = std::map<std::pair<int, std::string>, FreeUse>;

// The free variable and projections under a chain of fst / snd, or -1.
int projected_variable(const Term& t, int depth, std::string& path) {
  if (t.kind == TermKind::Var) return t.index >= depth ? t.index - depth : -1;
  if (t.kind != TermKind::Fst && t.kind != TermKind::Snd) return -1;
  const int index = projected_variable(*t.args[0], depth, path);
  path += t.kind == TermKind::Fst ? 'f' : 's';
  return index;
}

bool binds_in(const Term& t, std::size_t arg) {
  return ((t.kind == TermKind::Let || t.kind == TermKind::Fold || t.kind == TermKind::Unfold) && arg == 1) ||
         t.kind == TermKind::Lambda;
}

// `root`: t is the subterm itself, whose own projections are what is checked (not renamed).
void collect_uses(const Term& t, int depth, FreeUses& out, bool root = false) {
  if (root && (t.kind == TermKind::Fst || t.kind == TermKind::Snd)) return collect_uses(*t.args[0], depth, out, true);
  std::string path;
  if (const int index = projected_variable(t, depth, path); index >= 0) {
    const Term* v = &t;
    while (v->kind != TermKind::Var) v = v->args[0].get();
    out[{index, path}] = {index, path, v->name, path.empty() ? v->name : v->name + "'" + path, t.type};
    return;
  }
  for (std::size_t i = 0; i < t.args.size(); ++i) collect_uses(*t.args[i], depth + (binds_in(t, i) ? 1 : 0), out);
  for (const Branch& b : t.branches) collect_uses(*b.body, depth + 1, out);
}

// Where a variable is also used whole, its projections are not separate uses.
void keep_outermost(FreeUses& uses) {
  for (auto it = uses.begin(); it != uses.end();)
    it = !it->first.second.empty() && uses.count({it->first.first, ""}) ? uses.erase(it) : std::next(it);
}

// The subterm with each projection use replaced by its context name.
TermP rename_uses(const TermP& t, int depth, const FreeUses& uses, bool root = false) {
  if (root && (t->kind == TermKind::Fst || t->kind == TermKind::Snd)) {
    auto copy = std::make_shared<Term>(*t);
    copy->args[0] = rename_uses(t->args[0], depth, uses, true);
    return copy;
  }
  std::string path;
  if (const int index = projected_variable(*t, depth, path); index >= 0) {
    auto it = uses.find({index, path});
    return it == uses.end() || path.empty() ? t : make_var(it->second.context_name);
  }
  auto copy = std::make_shared<Term>(*t);
  for (std::size_t i = 0; i < copy->args.size(); ++i)
    copy->args[i] = rename_uses(copy->args[i], depth + (binds_in(*t, i) ? 1 : 0), uses);
  for (Branch& b : copy->branches) b.body = rename_uses(b.body, depth + 1, uses);
  return copy;
}

// The subterms in pre-order (node, arguments, branches): the numbering of reports' pictures.
void preorder(const TermP& t, std::vector<TermP>& out) {
  out.push_back(t);
  for (const TermP& a : t->args) preorder(a, out);
  for (const Branch& b : t->branches) preorder(b.body, out);
}

// The variables in scope at a subterm, innermost last (de Bruijn index 0), each with its type
// where its binder says it plainly (let, fun, unfold, case), null otherwise (a fold's).
using Scope = std::vector<std::pair<std::string, TypeP>>;

void scopes_in_preorder(const TermP& t, Scope& scope, std::map<const Term*, Scope>& out) {
  out[t.get()] = scope;
  for (std::size_t i = 0; i < t->args.size(); ++i) {
    if (!binds_in(*t, i)) {
      scopes_in_preorder(t->args[i], scope, out);
      continue;
    }
    TypeP bound;
    if (t->kind == TermKind::Lambda) bound = t->annot;
    else if (t->kind == TermKind::Let || t->kind == TermKind::Unfold) bound = t->args[0]->type;
    scope.emplace_back(t->name, bound);
    scopes_in_preorder(t->args[i], scope, out);
    scope.pop_back();
  }
  const TypeP& sum = t->args.empty() ? nullptr : t->args[0]->type;
  for (const Branch& b : t->branches) {
    TypeP payload;
    if (sum && sum->kind == TypeKind::Sum && b.tag >= 0 && std::size_t(b.tag) < sum->ctors.size())
      payload = sum->ctors[std::size_t(b.tag)].type;
    scope.emplace_back(b.var, payload);
    scopes_in_preorder(b.body, scope, out);
    scope.pop_back();
  }
}

// The variables of `scope` the subterm does not use, of data type and not shadowed, added to its
// uses: its check then runs in the context the program gives it (its shape included), not only
// in that of its free variables.
bool add_unused_scope_variables(const Scope& scope, FreeUses& uses) {
  std::set<std::string> names;
  for (const auto& [key, use] : uses) names.insert(use.context_name);
  bool added = false;
  for (std::size_t k = scope.size(); k-- > 0;) {  // innermost first: an outer name it shadows is skipped
    const int index = int(scope.size() - 1 - k);
    const auto& [name, type] = scope[k];
    const bool used = uses.lower_bound({index, ""}) != uses.end() && uses.lower_bound({index, ""})->first.first == index;
    if (used || !names.insert(name).second || !type || !type->closed() || !is_data_type(type)) continue;
    uses[{index, ""}] = {index, "", name, name, type};
    added = true;
  }
  return added;
}

// Drives every evaluation the failing check makes (the program on the curve and on the
// sampled arguments of its function values), so that the watch sees the subterms inside them.
void evaluate_like_the_check(const CheckedProgram& program, const ChadProgram& chad, const NormalForm<double>& input) {
  try {
    relation_failure<double>(program, chad, input);
  } catch (const std::exception&) {
    // CHAD's side may fail (that is what is being blamed); the watch has what it saw.
  }
}

struct SubtermCheck {
  bool checked = false;  // false: not evaluated, or a free variable that cannot be sampled
  bool fails = false;
  std::string detail;
};

// The relation for `term` in `context`, each variable a curve through its captured value
// (data types) or a sampled related function; null `unchecked` when one cannot be sampled.
template <class S>
std::optional<RelationFailure> subterm_relation(const Context& context, const TermP& term,
                                                const std::vector<ValueP<Dual<double>>>& captured,
                                                const ChadOptions& chad, bool& unchecked) {
  SampleRng rng(20261122);
  std::vector<RelatedSample<S>> values;
  for (std::size_t i = 0; i < context.size(); ++i) {
    const TypeP& type = context[i].second;
    if (is_data_type(type)) {
      NormalForm<Dual<double>> dual = normal_form<Dual<double>>(type, captured[i]);
      NormalForm<double> point{dual.index, {}};
      for (const auto& c : dual.coords) point.coords.push_back(c.value);
      values.push_back(curve_through<S>(type, point, relation_direction(point.coords.size()), chad.sums));
      continue;
    }
    std::optional<RelatedSample<S>> sample = sample_related<S>(type, chad.mode, chad.sums, rng, chad.functions);
    if (!sample) {
      unchecked = true;
      return std::nullopt;
    }
    values.push_back(std::move(*sample));
  }
  RelationOptions options;
  options.sums = chad.sums;
  options.functions = chad.functions;
  return check_term_relation<S>(context, term, values, chad, options);
}

// The subterm's own check at second order (oracle/blame_order2.hpp), each variable at its
// captured value (the value of the curve's dual at the point).
SubtermCheck check_subterm_order2(const Context& context, const TermP& term,
                                  const std::vector<ValueP<Dual<double>>>& captured, const CampaignOptions& options,
                                  ChadMode mode, SumsStrategy sums) {
  std::vector<std::string> values;
  for (std::size_t i = 0; i < context.size(); ++i) {
    const TypeP& type = context[i].second;
    if (!is_data_type(type)) return {};
    const NormalForm<Dual<double>> dual = normal_form<Dual<double>>(type, captured[i]);
    std::vector<double> coords;
    for (const auto& c : dual.coords) coords.push_back(c.value);
    values.push_back(print_value<double>(type, rebuild<double>(type, dual.index, coords)));
  }
  const Order2SubtermCheck c = check_subterm_at_order2(context, term, values, options, mode, sums);
  return SubtermCheck{c.checked, c.fails, c.detail};
}

// The subterm's own check, in context of its free variables: the double screen, then MPFI
// for a disagreement (as campaigns do); `at_order2`: its check at second order instead.
// With `scope`, in the context of every variable in scope (only when that adds one: otherwise
// nothing is checked).
SubtermCheck check_subterm(const TermP& subterm, const Env<Dual<double>>& env, const CampaignOptions& options,
                           ChadMode mode, SumsStrategy sums, bool at_order2, const Scope* scope = nullptr) {
  SubtermCheck result;
  FreeUses uses;
  collect_uses(*subterm, 0, uses, true);
  keep_outermost(uses);
  if (scope && !add_unused_scope_variables(*scope, uses)) return result;
  std::vector<const FreeUse*> ordered;  // outermost variable first, its uses in path order
  for (auto it = uses.rbegin(); it != uses.rend(); ++it) ordered.push_back(&it->second);
  std::stable_sort(ordered.begin(), ordered.end(), [](const FreeUse* a, const FreeUse* b) { return a->index > b->index; });
  Context context;
  std::vector<ValueP<Dual<double>>> captured;
  for (const FreeUse* u : ordered) {
    const EnvNode<Dual<double>>* node = env.get();
    for (int i = 0; i < u->index; ++i) node = node->next.get();
    ValueP<Dual<double>> value = node->value;
    for (char step : u->path) value = step == 'f' ? value->first : value->second;
    context.emplace_back(u->context_name, u->type);
    captured.push_back(value);
  }
  const ChadOptions chad = campaign_chad_options(options, mode, sums);
  try {
    TermP term = check_term(context, parse_term(print_term(rename_uses(subterm, 0, uses, true)), "<subterm>"), subterm->type);
    if (at_order2) return check_subterm_order2(context, term, captured, options, mode, sums);
    bool unchecked = false;
    std::optional<RelationFailure> screen = subterm_relation<double>(context, term, captured, chad, unchecked);
    if (unchecked) return result;
    result.checked = true;
    if (!screen) return result;
    std::optional<RelationFailure> certified = subterm_relation<Mpfi>(context, term, captured, chad, unchecked);
    result.fails = bool(certified);
    if (certified)
      result.detail = "at " + (certified->position.empty() ? std::string("the result") : certified->position) + ": " +
                      certified->detail;
  } catch (const InternalError& e) {  // CHAD's output for it is ill-typed or inconsistent
    result.checked = result.fails = true;
    result.detail = e.what();
  } catch (const SourceError&) {
    // A domain error or an undecided comparison at the sampled values (no derivative there), or
    // a subterm that does not stand alone (which cannot happen for a checked term).
    result = SubtermCheck{};
  }
  return result;
}

// How many of the environments a subterm is evaluated in are checked.
constexpr std::size_t kEnvironmentsPerSubterm = 4;

}  // namespace

std::string chad_rule_name(ChadMode mode, const Term& t) {
  std::string rule = std::string(mode == ChadMode::Forward ? "forward " : "reverse ") + former_name(t.kind);
  if (t.kind == TermKind::Prim) rule += std::string(" ") + prim_name(t.op);
  return rule;
}

std::vector<TermP> subterms_in_preorder(const TermP& term) {
  std::vector<TermP> out;
  preorder(term, out);
  return out;
}

Blame blame_failure(const CampaignOptions& options, const GeneratedCase& failing, ChadMode mode, SumsStrategy sums) {
  std::optional<Case> built;
  try {
    built.emplace(failing, "<blamed>");
  } catch (const SourceError& e) {
    Blame blame;
    blame.mode = mode;
    blame.sums = sums;
    blame.reason = std::string("the program does not check: ") + e.what();
    return blame;
  }
  return blame_failure(options, *built, mode, sums);
}

Blame blame_failure(const CampaignOptions& options, const Case& failing, ChadMode mode, SumsStrategy sums) {
  // A mutant's non-rule faults, for every check below (the faultable code is CHAD's alone).
  ScopedChadFaults faults(options.faults);
  Blame blame;
  blame.mode = mode;
  blame.sums = sums;
  const CheckedProgram& program = failing.program();
  const NormalForm<double>& input = failing.input();
  ChadProgram chad;
  try {
    chad = chad_program(program, campaign_chad_options(options, mode, sums));
  } catch (const std::exception& e) {  // only drives the watch: CHAD without any fault
    static const ChadFaults kNoFaults;
    ScopedChadFaults off(&kNoFaults);
    ChadOptions standard = campaign_chad_options(options, mode, sums);
    standard.rules = nullptr;
    chad = chad_program(program, standard);
  }
  // Every node of the main function: the body's, and the wrapper's (the entry's `fun` and the
  // parameters' `let`s), where a fault shows when the body alone is too small to show it.
  std::vector<TermP> subterms, body;
  preorder(program.main_function, subterms);
  preorder(user_body(program.main_function), body);
  // One run of the failing check, watching every subterm.
  EvaluationWatch<Dual<double>> watch;
  watch.limit = kEnvironmentsPerSubterm;
  for (const TermP& t : subterms) watch.envs[t.get()];
  evaluation_watch<Dual<double>> = &watch;
  evaluate_like_the_check(program, chad, input);
  evaluation_watch<Dual<double>> = nullptr;
  watch.envs[subterms[0].get()] = {nullptr};  // the closed main function, evaluated before the watch
  std::map<const Term*, Scope> scopes;
  Scope outermost;
  scopes_in_preorder(program.main_function, outermost, scopes);
  std::size_t best_size = 0;
  int checked = 0;
  // First every subterm's first derivative; for a failure found at order 2 where none fails
  // (a fault right at first order), every subterm's second derivatives. (A fault at first order
  // shows at second order too, and the program each subterm becomes at second order has the
  // entry's wrapper around it, whose rules a first-order fault may be in: so first order first.)
  const auto search = [&](bool at_order2) {
    for (std::size_t i = 0; i < subterms.size(); ++i) {
      if (subterms[i]->kind == TermKind::Ascribe) continue;  // the same check as the term inside
      // The subterm fails when its check fails in one of the environments it was evaluated in
      // (a fold body, say, at the node where the fault shows).
      const std::size_t size = term_size(subterms[i]);
      SubtermCheck c;
      for (const Env<Dual<double>>& env : watch.envs[subterms[i].get()]) {
        c = check_subterm(subterms[i], env, options, mode, sums, at_order2);
        if (c.fails) break;
      }
      if (!at_order2) checked += c.checked;
      // A subterm that passes in the context of its free variables alone may fail in the context
      // the program gives it: a fault that depends on the context's shape (a closure's environment
      // of several variables, say) shows at the smallest subterm it is in only there.
      bool in_scope = false;
      if (!c.fails && !(blame.found && size > best_size))
        for (const Env<Dual<double>>& env : watch.envs[subterms[i].get()]) {
          if (!env) continue;
          const SubtermCheck wide =
              check_subterm(subterms[i], env, options, mode, sums, at_order2, &scopes[subterms[i].get()]);
          if (wide.fails) {
            c = wide;
            in_scope = true;
            break;
          }
        }
      if (!c.fails) continue;
      if (blame.found && size > best_size) continue;  // equal size: the later, deeper one
      blame.found = true;
      best_size = size;
      blame.kind = subterms[i]->kind;
      blame.op = subterms[i]->op;
      blame.in_body = false;
      blame.function_node = i;
      for (std::size_t k = 0; k < body.size(); ++k)
        if (body[k] == subterms[i]) blame.node = k, blame.in_body = true;
      blame.subterm = print_term(subterms[i]);
      blame.rule = chad_rule_name(mode, *subterms[i]);
      blame.reason = c.detail;
      if (in_scope)
        blame.reason += " (only in the context the program gives it, with variables in scope it does not use: "
                        "the fault depends on the context's shape)";
    }
  };
  search(false);
  if (!blame.found && options.order == 2) search(true);
  if (!blame.found)
    blame.reason = std::string("no subterm fails its own check") + (options.order == 2 ? " at first or second order" : "") +
                   " (" + std::to_string(checked) + " of " +
                   std::to_string(subterms.size()) + " subterms could be checked on their own)";
  return blame;
}

}  // namespace chad
