#include "logrel/term_relation.hpp"

#include "chad/inline_linear.hpp"
#include "model/linear_values.hpp"
#include "model/scalar_list.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/target_checker.hpp"

namespace chad {

template <class S>
std::optional<RelationFailure> check_term_relation(const Context& context, const TermP& term,
                                                   const std::vector<RelatedSample<S>>& values,
                                                   const ChadOptions& chad, const RelationOptions& options) {
  Transformer transformer(context, chad);
  TermP target = transformer.transform(term);
  if (chad.inline_linear) target = inline_linear_lets(target);
  Context primal_context;
  for (const auto& [name, type] : context) primal_context.emplace_back(name, primal_type(type, chad.mode, chad.sums, chad.functions));
  target = check_target(primal_context, target);
  // D_G(t) : D1(T) * (D2(G) -o D2(T)), reverse R1(T) * (R2(T) -o R2(G)): a rule's output of
  // another type is that rule's fault, even where this term's own type-check passes.
  TypeP context_tangent = unit_type();
  for (const auto& [name, type] : context)
    context_tangent = prod_type(context_tangent, tangent_type(type, chad.mode, chad.sums, chad.functions));
  const TypeP t_tangent = tangent_type(term->type, chad.mode, chad.sums, chad.functions);
  const TypeP expected = prod_type(primal_type(term->type, chad.mode, chad.sums, chad.functions),
                                   chad.mode == ChadMode::Forward ? lin_arrow_type(context_tangent, t_tangent)
                                                                  : lin_arrow_type(t_tangent, context_tangent));
  if (!type_equal(target->type, expected))
    throw TargetTypeError("the transformed term has type " + print_type(target->type) + ", expected " +
                          print_type(expected));

  Env<Dual<S>> source_env = nullptr;
  Env<S> primal_env = nullptr;
  for (const RelatedSample<S>& v : values) {
    source_env = extend<Dual<S>>(source_env, v.source);
    primal_env = extend<S>(primal_env, v.primal);
  }
  ValueP<Dual<S>> source = evaluate<Dual<S>>(term, source_env);
  ValueP<S> result = evaluate<S>(target, primal_env);  // (y, y')
  const ValueP<S>& linear = result->second;
  if (chad.mode == ChadMode::Forward) {
    // The context's tangent ((unit * dx1) * ...) * dxn.
    ValueP<S> context_tangent = unit_value<S>();
    for (const RelatedSample<S>& v : values) context_tangent = pair_value<S>(context_tangent, v.tangent);
    ValueP<S> tangent = linear->kind == ValueKind::Zero ? linear : linear->call(context_tangent);
    return check_forward_relation<S>(term->type, source, result->first, tangent, options);
  }
  std::vector<Pullback<S>> pairs;
  for (const RelatedSample<S>& v : values) pairs.push_back(v.pair);
  Pullback<S> pullback = [linear, pairs](const ValueP<S>& c) {
    S total(0);
    if (linear->kind == ValueKind::Zero) return total;
    ValueP<S> g = linear->call(c);  // ((unit * g1) * ...) * gn
    for (std::size_t i = pairs.size(); i-- > 0;) {
      const bool zero = g->kind == ValueKind::Zero;
      total = total + pairs[i](zero ? g : g->second);
      if (!zero) g = g->first;
    }
    return total;
  };
  return check_reverse_relation<S>(term->type, source, result->first, pullback, options);
}

#define CHAD_INSTANTIATE_TERM_RELATION(S)                                                        \
  template std::optional<RelationFailure> check_term_relation<S>(                                \
      const Context&, const TermP&, const std::vector<RelatedSample<S>>&, const ChadOptions&,    \
      const RelationOptions&);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_TERM_RELATION)

}  // namespace chad
