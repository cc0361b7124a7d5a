#include "triage/shrink_terms.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <tuple>

#include "oracle/campaign.hpp"
#include "judge/case.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

// A term with one node replaced: copies the path from the root down to that node.
TermP replace_at(const TermP& root, const std::vector<int>& path, std::size_t depth, const TermP& with) {
  if (depth == path.size()) return with;
  auto copy = std::make_shared<Term>(*root);
  const int i = path[depth];
  if (i < int(copy->args.size()))
    copy->args[std::size_t(i)] = replace_at(copy->args[std::size_t(i)], path, depth + 1, with);
  else {
    Branch& b = copy->branches[std::size_t(i) - copy->args.size()];
    b.body = replace_at(b.body, path, depth + 1, with);
  }
  return copy;
}

struct Node {
  TermP term;
  std::vector<int> path;
};

void nodes_of(const TermP& t, std::vector<int>& path, std::vector<Node>& out) {
  out.push_back({t, path});
  for (std::size_t i = 0; i < t->args.size() + t->branches.size(); ++i) {
    path.push_back(int(i));
    nodes_of(i < t->args.size() ? t->args[i] : t->branches[i - t->args.size()].body, path, out);
    path.pop_back();
  }
}

// Whether a binder of node `t` at argument `i` binds `name` there (the binders of `let`, `fold`, `unfold` and `fun`).
bool binds_at(const TermP& t, std::size_t i, const std::string& name) {
  const bool binds = ((t->kind == TermKind::Let || t->kind == TermKind::Fold || t->kind == TermKind::Unfold) && i == 1) ||
                     t->kind == TermKind::Lambda;
  return binds && t->name == name;
}

// t[name := value], stopping under binders of the same name (no capture avoidance: a
// candidate that changes meaning is still a valid candidate if it checks and fails).
TermP substitute_var(const TermP& t, const std::string& name, const TermP& value) {
  if (t->kind == TermKind::Var) return t->name == name ? value : t;
  auto copy = std::make_shared<Term>(*t);
  for (std::size_t i = 0; i < copy->args.size(); ++i)
    if (!binds_at(t, i, name)) copy->args[i] = substitute_var(copy->args[i], name, value);
  for (Branch& b : copy->branches)
    if (b.var != name) b.body = substitute_var(b.body, name, value);
  return copy;
}

// A closed default value of a type, or null (nu types).
TermP default_value(const TypeP& type) {
  switch (type->kind) {
    case TypeKind::Real: {
      if (type->shape.empty()) return make_literal(0);
      std::vector<TermP> rows;
      TermP row = default_value(real_type(std::vector<int>(type->shape.begin() + 1, type->shape.end())));
      for (int i = 0; i < type->shape[0]; ++i) rows.push_back(row);
      return make_array_literal(rows);
    }
    case TypeKind::Unit: return make_unit();
    case TypeKind::Prod: {
      TermP a = default_value(type->left), b = default_value(type->right);
      return a && b ? make_pair(a, b) : nullptr;
    }
    case TypeKind::Sum: {
      TermP payload = default_value(type->ctors[0].type);
      return payload ? make_ascribe(make_inject(type->ctors[0].name, payload), type) : nullptr;
    }
    case TypeKind::Mu: {
      TypeP unrolled = unroll_type(type);
      if (unrolled->kind != TypeKind::Sum) return nullptr;
      for (const Constructor& c : unrolled->ctors) {
        if (!c.type->closed() || c.type->kind == TypeKind::Var) continue;
        TermP payload = default_value(c.type);
        if (payload) return make_ascribe(make_roll(make_ascribe(make_inject(c.name, payload), unrolled)), type);
      }
      return nullptr;
    }
    case TypeKind::Arrow: {
      TermP body = default_value(type->right);
      return body ? make_lambda("_", type->left, body) : nullptr;
    }
    default: return nullptr;
  }
}

TermP strip_ascription(TermP t) {
  while (t->kind == TermKind::Ascribe) t = t->args[0];
  return t;
}

// Every edit of one node, biggest win first.
std::vector<TermP> edits_of(const TermP& n, const std::vector<Node>& all_vars) {
  std::vector<TermP> out;
  std::vector<int> path;
  std::vector<Node> inside;
  nodes_of(n, path, inside);
  for (std::size_t k = 1; k < inside.size(); ++k)
    if (inside[k].term->type && n->type && type_equal(inside[k].term->type, n->type)) out.push_back(inside[k].term);
  if (n->kind == TermKind::App && strip_ascription(n->args[0])->kind == TermKind::Lambda) {
    TermP f = strip_ascription(n->args[0]);
    out.push_back(make_let(f->name, n->args[1], f->args[0]));
  }
  if (n->kind == TermKind::Let) out.push_back(substitute_var(n->args[1], n->name, n->args[0]));
  if (n->kind == TermKind::Case && strip_ascription(n->args[0])->kind == TermKind::Inject) {
    TermP inject = strip_ascription(n->args[0]);
    for (const Branch& b : n->branches)
      if (b.ctor == inject->name) out.push_back(make_let(b.var, inject->args[0], b.body));
  }
  if (n->type && term_size(n) > 1)
    if (TermP d = default_value(n->type)) out.push_back(d);
  for (const Node& v : all_vars)
    if (n->type && v.term->type && type_equal(v.term->type, n->type) &&
        !(n->kind == TermKind::Var && n->name == v.term->name))
      out.push_back(make_var(v.term->name));
  return out;
}

// Whether every free occurrence of `name` in `t` sits directly under a projection `side` (Fst or
// Snd): then the other half of the pair it names is unused.
bool only_projected(const TermP& t, const std::string& name, TermKind side) {
  if (t->kind == TermKind::Var) return t->name != name;
  if (t->kind == side && t->args[0]->kind == TermKind::Var && t->args[0]->name == name) return true;
  for (std::size_t i = 0; i < t->args.size(); ++i)
    if (!binds_at(t, i, name) && !only_projected(t->args[i], name, side)) return false;
  for (const Branch& b : t->branches)
    if (b.var != name && !only_projected(b.body, name, side)) return false;
  return true;
}

// `t` with each free `side name` (fst x, or snd x) replaced by `name` itself.
TermP drop_projection(const TermP& t, const std::string& name, TermKind side) {
  if (t->kind == side && t->args[0]->kind == TermKind::Var && t->args[0]->name == name) return t->args[0];
  auto copy = std::make_shared<Term>(*t);
  for (std::size_t i = 0; i < copy->args.size(); ++i)
    if (!binds_at(t, i, name)) copy->args[i] = drop_projection(copy->args[i], name, side);
  for (Branch& b : copy->branches)
    if (b.var != name) b.body = drop_projection(b.body, name, side);
  return copy;
}

// Edits of a real literal of the input: 0, its integer part, half of it.
std::vector<TermP> literal_edits(const TermP& n) {
  std::vector<TermP> out;
  if (n->kind != TermKind::Literal || n->literal == 0) return out;
  out.push_back(make_literal(0));
  if (std::trunc(n->literal) != n->literal) out.push_back(make_literal(std::trunc(n->literal)));
  out.push_back(make_literal(n->literal / 2));
  return out;
}

// The input-only phase's further edits of a real literal (verify --inputs: triage/input_shrink.hpp):
// its sign (1 or -1), the nearest integer, and fewer decimal digits (one, then two).
std::vector<TermP> simpler_literal_edits(const TermP& n) {
  std::vector<TermP> out;
  if (n->kind != TermKind::Literal || n->literal == 0) return out;
  const double x = n->literal;
  std::vector<double> values{x > 0 ? 1.0 : -1.0, std::round(x), std::round(x * 10) / 10, std::round(x * 100) / 100};
  for (double v : values)  // (x * 10 overflows to inf above about 1.8e307: no literal is made of it)
    if (std::isfinite(v) && v != x && v != std::trunc(x)) out.push_back(make_literal(v));
  return out;
}

// Smaller is simpler: fewer body nodes, then fewer input nodes, then fewer fractions among the
// input's reals, then reals nearer 0, then shorter input text.
struct Measure {
  std::size_t body, input, fractions;
  double magnitude;
  std::size_t text;
  bool operator<(const Measure& o) const {
    return std::tie(body, input, fractions, magnitude, text) <
           std::tie(o.body, o.input, o.fractions, o.magnitude, o.text);
  }
};

void measure_literals(const TermP& t, std::size_t& fractions, double& magnitude) {
  if (t->kind == TermKind::Literal) {
    fractions += std::trunc(t->literal) != t->literal;
    magnitude += std::fabs(t->literal);
  }
  for (const TermP& a : t->args) measure_literals(a, fractions, magnitude);
}

// Whether a candidate still fails: its text and its program as parsed and checked here.
using CandidateFails = std::function<bool(const GeneratedCase&, const std::shared_ptr<const CheckedProgram>&)>;

CandidateFails on_text(const std::function<bool(const GeneratedCase&)>& still_fails) {
  return [&still_fails](const GeneratedCase& c, const std::shared_ptr<const CheckedProgram>&) { return still_fails(c); };
}

CandidateFails on_case(const std::function<bool(Case&)>& still_fails) {
  return [&still_fails](const GeneratedCase& c, const std::shared_ptr<const CheckedProgram>& program) {
    std::optional<Case> k;
    try {
      k.emplace(c, program);
    } catch (const SourceError&) {  // its input does not read at its type
      return false;
    }
    return still_fails(*k);
  };
}

class TermShrinker {
 public:
  TermShrinker(CandidateFails still_fails, int budget, bool input_only = false)
      : still_fails_(std::move(still_fails)), budget_(budget), input_only_(input_only) {}

  TermShrinkResult run(const GeneratedCase& start) {
    best_ = start;
    if (!load(best_, best_measure_)) return {best_, 0};
    for (bool improved = true; improved && candidates_ < budget_;)
      improved = (!input_only_ && (shrink_body() || drop_unused_half_of_input())) || shrink_input();
    return {best_, candidates_};
  }

 private:
  // Checks a case and measures it; false when it does not check.
  bool load(const GeneratedCase& c, Measure& m) {
    try {
      program_ = parse_program(c.program, "<shrink>");
      checked_ = std::make_shared<const CheckedProgram>(check_program(program_));
      input_ = check_term({}, parse_term(c.input, "<--at>"), checked_->input_type);
    } catch (const SourceError&) {
      return false;
    }
    m = {term_size(entry_point(program_).body), term_size(input_), 0, 0, c.input.size()};
    measure_literals(input_, m.fractions, m.magnitude);
    return true;
  }

  bool try_case(const GeneratedCase& c) {
    if (candidates_ >= budget_) return false;
    ++candidates_;
    Measure m;
    Program p = program_;
    std::shared_ptr<const CheckedProgram> cp = checked_;
    TermP in = input_;
    if (!load(c, m) || !(m < best_measure_) || !still_fails_(c, checked_)) {
      program_ = std::move(p), checked_ = std::move(cp), input_ = std::move(in);
      return false;
    }
    best_ = c;
    best_measure_ = m;
    return true;
  }

  std::string with_body(const TermP& body) const {
    Program p = program_;
    for (Def& d : p.defs)
      if (d.name == checked_->entry) d.body = body;
    return print_program(p);
  }

  bool shrink_body() {
    const TermP body = user_body(checked_->main_function);
    std::vector<Node> nodes, vars;
    std::vector<int> path;
    nodes_of(body, path, nodes);
    for (const Node& n : nodes)
      if (n.term->kind == TermKind::Var) vars.push_back(n);
    for (const Node& n : nodes)
      for (const TermP& e : edits_of(n.term, vars))
        if (try_case({with_body(replace_at(body, n.path, 0, e)), best_.input})) return true;
    return false;
  }

  // An input `x : A * B` of which the body reads only `fst x` (or only `snd x`): the input becomes
  // that half alone, `x : A` with `fst x` read as `x`, so that the report keeps no unused input.
  bool drop_unused_half_of_input() {
    // (copies: try_case replaces program_, checked_ and input_, whether or not it keeps the candidate)
    const TermP input = strip_ascription(input_);
    const Program base = program_;
    const std::string entry = checked_->entry;
    const TermP body = user_body(checked_->main_function);
    const auto d = std::find_if(base.defs.begin(), base.defs.end(), [&](const Def& e) { return e.name == entry; });
    if (d == base.defs.end() || d->params.size() != 1 || d->params[0].type->kind != TypeKind::Prod ||
        input->kind != TermKind::Pair)
      return false;
    const std::string x = d->params[0].name;
    const TypeP pair = d->params[0].type;
    for (TermKind side : {TermKind::Fst, TermKind::Snd}) {
      if (!only_projected(body, x, side)) continue;
      Program p = base;
      for (Def& e : p.defs)
        if (e.name == entry) {
          e.params[0].type = side == TermKind::Fst ? pair->left : pair->right;
          e.body = drop_projection(body, x, side);
        }
      if (try_case({print_program(p), print_term(input->args[side == TermKind::Fst ? 0 : 1])})) return true;
    }
    return false;
  }

  bool shrink_input() {
    const TermP input = input_;
    std::vector<Node> nodes;
    std::vector<int> path;
    nodes_of(input, path, nodes);
    for (const Node& n : nodes) {
      std::vector<TermP> edits = literal_edits(n.term);
      if (input_only_) {  // before halving (which can go on for long): the simpler values
        std::vector<TermP> simpler = simpler_literal_edits(n.term);
        edits.insert(edits.end() - (edits.empty() ? 0 : 1), simpler.begin(), simpler.end());
      }
      std::vector<Node> inside;
      std::vector<int> p2;
      nodes_of(n.term, p2, inside);
      for (std::size_t k = 1; k < inside.size(); ++k)
        if (type_equal(inside[k].term->type, n.term->type)) edits.insert(edits.begin(), inside[k].term);
      for (const TermP& e : edits)
        if (try_case({best_.program, print_term(replace_at(input, n.path, 0, e))})) return true;
    }
    return false;
  }

  CandidateFails still_fails_;
  int budget_;
  bool input_only_;
  int candidates_ = 0;
  GeneratedCase best_;
  Measure best_measure_{};
  Program program_;
  std::shared_ptr<const CheckedProgram> checked_;
  TermP input_;
};

}  // namespace

TermShrinkResult shrink_terms(const GeneratedCase& failing,
                              const std::function<bool(const GeneratedCase&)>& still_fails, int budget) {
  return TermShrinker(on_text(still_fails), budget).run(failing);
}

TermShrinkResult shrink_terms(const GeneratedCase& failing, const std::function<bool(Case&)>& still_fails, int budget) {
  return TermShrinker(on_case(still_fails), budget).run(failing);
}

TermShrinkResult shrink_input_terms(const GeneratedCase& failing,
                                    const std::function<bool(const GeneratedCase&)>& still_fails, int budget) {
  return TermShrinker(on_text(still_fails), budget, true).run(failing);
}

TermShrinkResult shrink_input_terms(const GeneratedCase& failing, const std::function<bool(Case&)>& still_fails,
                                    int budget) {
  return TermShrinker(on_case(still_fails), budget, true).run(failing);
}

}  // namespace chad
