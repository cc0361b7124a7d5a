#include "mutants/broken_output_faults.hpp"

#include "chad/rule_helpers.hpp"
#include "mutants/mutant_rules.hpp"

namespace chad {
namespace {

using namespace target;

// fst t  ->  <fst x, \v. zero_of(D(A), x)>: a zero over the pair x where one over fst x belongs.
TermP fwd_fst_zero_of_pair(const TermP& s, Transformer& tr) {
  if (s->kind != TermKind::Fst) return mutant_rules::standard_rule(ChadMode::Forward, s, tr);
  return bind_operands(tr, s->args, [&](auto& x, auto&) {
    return pair(fst(var(x[0])),
                lin_fun(tr.fresh("v"), tr.context_tangent(), zero_of(tr.tangent(s->type), var(x[0]))));
  });
}

// fst t  ->  <fst x, \v. x' @ zero_of(R(A * B), fst x)>: the pair's cotangent is a zero shaped
// like its first component.
TermP rev_fst_zero_of_component(const TermP& s, Transformer& tr) {
  if (s->kind != TermKind::Fst) return mutant_rules::standard_rule(ChadMode::Reverse, s, tr);
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    return pair(fst(var(x[0])),
                lin_fun(tr.fresh("v"), tr.tangent(s->type),
                        lin_app(var(dx[0]), zero_of(tr.tangent(s->args[0]->type), fst(var(x[0]))))));
  });
}

// op(t1..tk)  ->  <op(x1..xk), \v. unbound>
TermP rev_prim_unbound_variable(const TermP& s, Transformer& tr) {
  const std::string p = tr.fresh("p");
  return let(p, mutant_rules::standard_rule(ChadMode::Reverse, s, tr),
             pair(fst(var(p)), lin_fun(tr.fresh("v"), tr.tangent(s->type), var("unbound#variable"))));
}

// A primitive node op(args) of CHAD's primal code.
TermP prim_node(PrimOp op, TermArgs args) {
  auto t = node(TermKind::Prim, std::move(args));
  t->op = op;
  return t;
}

// log t  ->  <log x, \v. op'(z, z; t, t) for op = -, with t = log'(z; x' @ v) and z = sin x - sin x>:
// log's derivative taken at a zero. In double z is exactly 0, t infinite and t - t NaN; in
// intervals z is a small interval around 0 (each sin x is rounded outward), so t, and t - t,
// are the whole line: an unbounded enclosure that meets every reference.
TermP fwd_log_unbounded(const TermP& s, Transformer& tr) {
  if (s->kind != TermKind::Prim || s->op != PrimOp::Log) return mutant_rules::standard_rule(ChadMode::Forward, s, tr);
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    const std::string z = tr.fresh("z"), v = tr.fresh("v");
    TermP near_zero = prim_node(PrimOp::Sub, {prim_node(PrimOp::Sin, {var(x[0])}), prim_node(PrimOp::Sin, {var(x[0])})});
    auto at_zero = [&](PrimOp op, std::vector<TermP> tangents, std::size_t primals) {
      auto t = node(TermKind::PrimFwd, {});
      for (std::size_t k = 0; k < primals; ++k) t->args.push_back(var(z));
      for (auto& d : tangents) t->args.push_back(d);
      t->op = op;
      t->sums = tr.sums();
      return t;
    };
    TermP tangent = at_zero(PrimOp::Log, {lin_app(var(dx[0]), var(v))}, 1);
    return let(z, near_zero,
               pair(primal_prim(s, x), lin_fun(v, tr.context_tangent(), at_zero(PrimOp::Sub, {tangent, tangent}, 2))));
  });
}

std::vector<Mutant> make_broken_output_faults() {
  std::vector<Mutant> all;
  Mutant shape{"test-zero-of-wrong-shape",
               "fst: the derivative is a zero shaped like the whole pair (forward), the pair's cotangent a zero "
               "shaped like its first component (reverse)",
               ChadMode::Forward, TermKind::Fst, {}, RuleTable::standard()};
  shape.rules.rule(ChadMode::Forward, TermKind::Fst) = fwd_fst_zero_of_pair;
  shape.rules.rule(ChadMode::Reverse, TermKind::Fst) = rev_fst_zero_of_component;
  all.push_back(std::move(shape));
  Mutant unbound{"test-unbound-variable", "every primitive: the backpropagator is a variable bound nowhere",
                 ChadMode::Reverse, TermKind::Prim, {}, RuleTable::standard()};
  unbound.rules.rule(ChadMode::Reverse, TermKind::Prim) = rev_prim_unbound_variable;
  all.push_back(std::move(unbound));
  Mutant unbounded{"test-unbounded-derivative",
                   "log (forward): the derivative taken at a zero, NaN in double and the whole line in intervals",
                   ChadMode::Forward, TermKind::Prim, {}, RuleTable::standard()};
  unbounded.rules.rule(ChadMode::Forward, TermKind::Prim) = fwd_log_unbounded;
  all.push_back(std::move(unbounded));
  return all;
}

}  // namespace

const std::vector<Mutant>& broken_output_fault_catalogue() {
  static const std::vector<Mutant> all = make_broken_output_faults();
  return all;
}

const Mutant* find_broken_output_fault(const std::string& name) {
  for (const Mutant& m : broken_output_fault_catalogue())
    if (m.name == name) return &m;
  return nullptr;
}

}  // namespace chad
