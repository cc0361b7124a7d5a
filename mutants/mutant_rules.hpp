// The faulty CHAD rules of the mutant catalogue (mutants/mutants.cpp): each has the standard
// rule's shape (chad/forward_rules.cpp, chad/reverse_rules.cpp) with one fault, stated in its
// comment in the spec's notation. Rules that only apply to some terms (a primitive, a square
// matrix, a sums strategy, a stream) fall back to the standard rule elsewhere.
#pragma once
#include "chad/transformer.hpp"

namespace chad::mutant_rules {

// Reverse mode (mutant_rules_reverse.cpp).
TermP rev_let_drops_bound(const TermP& s, Transformer& tr);
TermP rev_prim_doubles(const TermP& s, Transformer& tr);
TermP rev_pair_drops_second(const TermP& s, Transformer& tr);
TermP rev_snd_drops(const TermP& s, Transformer& tr);
TermP rev_fun_ignores_copower_primals(const TermP& s, Transformer& tr);
TermP rev_app_drops_function(const TermP& s, Transformer& tr);
TermP rev_app_drops_argument(const TermP& s, Transformer& tr);
TermP rev_fun_drops_env(const TermP& s, Transformer& tr);               // efficient functions only
TermP rev_fun_unpacks_wrong_context(const TermP& s, Transformer& tr);   // efficient functions only
TermP rev_app_swaps_argument_and_env(const TermP& s, Transformer& tr);  // efficient functions only
TermP rev_inject_drops(const TermP& s, Transformer& tr);
TermP rev_inject_lifted_wrong_component(const TermP& s, Transformer& tr);
TermP rev_case_drops_scrutinee(const TermP& s, Transformer& tr);
TermP rev_case_doubles_second_constructor(const TermP& s, Transformer& tr);
TermP rev_roll_drops(const TermP& s, Transformer& tr);
TermP rev_unroll_drops(const TermP& s, Transformer& tr);
TermP rev_fold_drops_context(const TermP& s, Transformer& tr);
TermP rev_unfold_shifted(const TermP& s, Transformer& tr);
TermP rev_sin_wrong_formula(const TermP& s, Transformer& tr);
TermP rev_mul_drops_term(const TermP& s, Transformer& tr);
TermP rev_matvec_missing_transpose(const TermP& s, Transformer& tr);

// Forward mode (mutant_rules_forward.cpp).
TermP fwd_let_drops_bound(const TermP& s, Transformer& tr);
TermP fwd_pair_drops_second(const TermP& s, Transformer& tr);
TermP fwd_fst_drops(const TermP& s, Transformer& tr);
TermP fwd_fun_drops_own_tangent(const TermP& s, Transformer& tr);
TermP fwd_app_drops_function_tangent(const TermP& s, Transformer& tr);
TermP fwd_app_drops_argument(const TermP& s, Transformer& tr);
TermP fwd_fun_ignores_env(const TermP& s, Transformer& tr);  // efficient functions only
TermP fwd_inject_drops(const TermP& s, Transformer& tr);
TermP fwd_inject_biproduct_wrong_slot(const TermP& s, Transformer& tr);
TermP fwd_case_drops_scrutinee(const TermP& s, Transformer& tr);
TermP fwd_case_zero_fn_drops_scrutinee(const TermP& s, Transformer& tr);
TermP fwd_case_doubles_second_constructor(const TermP& s, Transformer& tr);
TermP fwd_roll_drops(const TermP& s, Transformer& tr);
TermP fwd_unroll_drops(const TermP& s, Transformer& tr);
TermP fwd_fold_drops_context(const TermP& s, Transformer& tr);
TermP fwd_unfold_shifted(const TermP& s, Transformer& tr);
TermP fwd_sin_wrong_formula(const TermP& s, Transformer& tr);
TermP fwd_mul_drops_term(const TermP& s, Transformer& tr);

// The standard rule of a former (to fall back to).
inline TermP standard_rule(ChadMode mode, const TermP& s, Transformer& tr) {
  return RuleTable::standard().rule(mode, s->kind)(s, tr);
}

// `kind z with x -> wrap(D_{G,x}(s), D2(G) or R2(G))`, the recursion node of
// chad/rule_helpers.hpp's recursion_node with the transformed body rewritten.
TermP wrapped_recursion_node(Transformer& tr, const TermP& s, TermKind kind, const std::string& z,
                             const std::function<TermP(TermP body, const TypeP& context)>& wrap);

}  // namespace chad::mutant_rules
