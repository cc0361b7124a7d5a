#include "oracle/mutants.hpp"

#include "chad/target_builders.hpp"

namespace chad {
namespace {

using namespace target;

// Reverse `let` without the bound variable's contribution:
// <y, \v. let <g, dx> = y' @ v in g>  instead of  g + x' @ dx.
TermP rev_let_drops_bound(const TermP& s, Transformer& tr) {
  std::string p = tr.fresh("p"), q = tr.fresh("q"), v = tr.fresh("v"), dy = tr.fresh("dy");
  TermP bound = tr.transform(s->args[0]);
  TermP body = tr.transform_under(s->name, s->args[0]->type, s->args[1]);
  return let(p, bound,
             let(s->name, fst(var(p)),
                 let(q, body, pair(fst(var(q)), lin_fun(v, tr.tangent(s->type),
                                                       fst(lin_app(snd(var(q)), var(v))))))));
}

// Forward `let` without the bound variable's tangent: <y, \v. y' @ (v, 0)> instead of
// y' @ (v, x' @ v).
TermP fwd_let_drops_bound(const TermP& s, Transformer& tr) {
  std::string p = tr.fresh("p"), q = tr.fresh("q"), v = tr.fresh("v");
  TermP bound = tr.transform(s->args[0]);
  TypeP g = tr.context_tangent();
  TermP body = tr.transform_under(s->name, s->args[0]->type, s->args[1]);
  return let(p, bound,
             let(s->name, fst(var(p)),
                 let(q, body, pair(fst(var(q)),
                                   lin_fun(v, g, lin_app(snd(var(q)),
                                                         pair(var(v), zero(tr.tangent(s->args[0]->type)))))))));
}

// Reverse `op` with the backpropagator applied twice (v + v instead of v).
TermP rev_prim_doubles(const TermP& s, Transformer& tr) {
  TermP d = RuleTable::standard().reverse[int(TermKind::Prim)](s, tr);
  std::string p = tr.fresh("p"), v = tr.fresh("v");
  return let(p, d, pair(fst(var(p)), lin_fun(v, tr.tangent(s->type),
                                            add(lin_app(snd(var(p)), var(v)),
                                                lin_app(snd(var(p)), var(v))))));
}

std::vector<Mutant> make_catalogue() {
  std::vector<Mutant> all;
  auto add = [&](std::string name, std::string description, ChadMode mode, TermKind kind, ChadRule rule) {
    Mutant m{std::move(name), std::move(description), RuleTable::standard()};
    m.rules.rule(mode, kind) = std::move(rule);
    all.push_back(std::move(m));
  };
  add("rev-let-drops-bound",
      "reverse let: the backpropagator returns g instead of g + x' @ dx (the bound variable's "
      "contribution is lost)",
      ChadMode::Reverse, TermKind::Let, rev_let_drops_bound);
  add("fwd-let-drops-bound",
      "forward let: y' @ (v, 0) instead of y' @ (v, x' @ v) (the bound variable's tangent is lost)",
      ChadMode::Forward, TermKind::Let, fwd_let_drops_bound);
  add("rev-prim-doubles", "reverse primitive: the backpropagator is applied twice (v + v for v)",
      ChadMode::Reverse, TermKind::Prim, rev_prim_doubles);
  return all;
}

}  // namespace

const std::vector<Mutant>& mutant_catalogue() {
  static const std::vector<Mutant> all = make_catalogue();
  return all;
}

const Mutant* find_mutant(const std::string& name) {
  for (const Mutant& m : mutant_catalogue())
    if (m.name == name) return &m;
  return nullptr;
}

}  // namespace chad
