#include "chad/transformer.hpp"

#include "chad/inline_linear.hpp"
#include "chad/target_builders.hpp"
#include "syntax/target_checker.hpp"

namespace chad {

const RuleTable& RuleTable::standard() {
  static const RuleTable table = [] {
    RuleTable t;
    add_forward_rules(t);
    add_reverse_rules(t);
    return t;
  }();
  return table;
}

Transformer::Transformer(Context source_context, ChadOptions options)
    : options_(options), rules_(options.rules ? options.rules : &RuleTable::standard()) {
  context_tangents_.push_back(unit_type());
  for (const auto& [name, type] : source_context) {
    context_.emplace_back(name, type);
    context_tangents_.push_back(prod_type(context_tangents_.back(), tangent(type)));
  }
}

TermP Transformer::transform(const TermP& source) {
  CHAD_INTERNAL_ASSERT(source->type, "CHAD needs a checked source term");
  const ChadRule& rule = rules_->rule(options_.mode, source->kind);
  CHAD_INTERNAL_ASSERT(bool(rule), "no CHAD rule for this term former");
  return rule(source, *this);
}

TermP Transformer::transform_under(const std::string& name, const TypeP& type, const TermP& source) {
  context_.emplace_back(name, type);
  context_tangents_.push_back(prod_type(context_tangents_.back(), tangent(type)));
  TermP result = transform(source);
  context_.pop_back();
  context_tangents_.pop_back();
  return result;
}

std::string Transformer::fresh(const std::string& base) {
  return base + "#" + std::to_string(next_fresh_++);
}

TermP Transformer::zero_at(const TypeP& tangent_type, TermP primal) const {
  if (options_.sums == SumsStrategy::ZeroFunctions) return target::zero_of(tangent_type, std::move(primal));
  return target::zero(tangent_type);
}

namespace {

// The efficient strategy's D1(A -> B) of main, whose derivative also takes (forward) or gives
// (reverse) the closure's own env, as the entry interface D1 A -> D1 B * (D2 A -o D2 B): main is
// closed, so its environment is empty (forward: 0 in; reverse: dropped).
//   forward  let f = main' in fun a -> let r = f a in <fst r, \d. snd r @ (0, d)>
//   reverse  let f = main' in fun a -> let r = f a in <fst r, \v. fst (snd r @ v)>
TermP entry_interface(TermP main, const TypeP& main_type, Transformer& tr) {
  using namespace target;
  std::string f = tr.fresh("f"), a = tr.fresh("a"), r = tr.fresh("r"), d = tr.fresh("d");
  TermP derivative =
      tr.mode() == ChadMode::Forward
          ? lin_fun(d, tr.tangent(main_type->left), lin_app(snd(var(r)), pair(zero(env_type()), var(d))))
          : lin_fun(d, tr.tangent(main_type->right), fst(lin_app(snd(var(r)), var(d))));
  return let(f, std::move(main),
             fun(a, tr.primal(main_type->left),
                 let(r, app(var(f), var(a)), pair(fst(var(r)), std::move(derivative)))));
}

}  // namespace

TypeP entry_primal_type(const TypeP& main_type, const ChadOptions& options) {
  TypeP t = primal_type(main_type, options.mode, options.sums, options.functions);
  if (options.functions != FunctionsStrategy::Efficient) return t;
  auto T = [&](const TypeP& s) { return tangent_type(s, options.mode, options.sums, options.functions); };
  TypeP derivative = options.mode == ChadMode::Forward ? lin_arrow_type(T(main_type->left), T(main_type->right))
                                                       : lin_arrow_type(T(main_type->right), T(main_type->left));
  return arrow_type(t->left, prod_type(t->right->left, derivative));
}

ChadProgram chad_program(const CheckedProgram& program, const ChadOptions& options) {
  Transformer transformer({}, options);
  // Dfwd / Drev of the closed main function is <f, f'> with f' over the empty context.
  TermP target = target::fst(transformer.transform(program.main_function));
  if (options.functions == FunctionsStrategy::Efficient)
    target = entry_interface(target, program.main_function->type, transformer);
  if (options.inline_linear) target = inline_linear_lets(target);
  ChadProgram result;
  result.options = options;
  result.target = check_target({}, target);
  TypeP expected = entry_primal_type(program.main_function->type, options);
  if (!type_equal(result.target->type, expected))
    throw TargetTypeError("the transformed program has type " + print_type(result.target->type) +
                          ", expected " + print_type(expected));
  result.source = program.main_function;
  return result;
}

}  // namespace chad
