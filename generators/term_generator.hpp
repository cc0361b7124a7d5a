// The term generator behind generate_case (generators/program_generator.hpp), shared by the
// files that implement it: term_generator.cpp (the goal-directed core: leaves, introductions,
// eliminations, scope), real_terms.cpp (scalars and arrays: every primitive, with weights and
// at points away from their trivial values, partial ones inside their domains, exp on bounded
// arguments) and shape_idioms.cpp (the shapes that expose derivative faults: sharing, closures
// applied twice or passed on, folds over every element, deep streams, tall matvec).
// Leaves prefer variables in scope to constants, so results depend on the input. Choices are
// drawn in a fixed order: never in two arguments of one function call (whose order C++ leaves
// unspecified), only in separate statements or in braced lists (left to right), so a seed gives
// the same program with any compiler. Choice 0 is always the simplest option.
#pragma once
#include <vector>

#include "generators/choice_source.hpp"
#include "generators/generated_types.hpp"
#include "generators/program_generator.hpp"
#include "syntax/term.hpp"

namespace chad {

class TermGenerator {
 public:
  TermGenerator(ChoiceSource& choices, const GeneratorFeatures& features)
      : c_(choices), f_(features), types_(choices, features) {}

  GeneratedCase generate(int max_size);
  const TermP& body() const { return body_; }  // main's body, after generate

  static constexpr const char* input_name = "x";  // main's parameter

 private:
  struct InScope {
    TermP term;
    TypeP type;
  };

  // ---- types (term_generator.cpp) ------------------------------------------------------
  TypeP slot_type(int slot);                      // see Slot in term_generator.cpp
  TypeP pick_slot(const std::vector<int>& slots);
  TypeP input_type();
  TypeP output_type();
  TypeP small_type();  // intermediate values (let, application arguments)

  // ---- scope (term_generator.cpp) ------------------------------------------------------
  std::string fresh(const char* base) { return base + std::to_string(counter_++); }
  void add_to_scope(const TermP& term, const TypeP& type);
  // Runs `body` with `name : type` in scope. A name that shadows a variable hides, meanwhile,
  // the scope's terms that mention the shadowed one.
  template <class F>
  TermP with_binding(const std::string& name, const TypeP& type, F body) {
    const std::size_t mark = scope_.size();
    std::vector<InScope> shadowed;
    if (shadows(name)) {
      shadowed = scope_;
      std::erase_if(scope_, [&](const InScope& s) { return mentions(*s.term, name); });
    }
    add_to_scope(make_var(name), type);
    TermP result = body();
    if (shadowed.empty())
      scope_.resize(mark);
    else
      scope_ = std::move(shadowed);
    return result;
  }
  static bool mentions(const Term& term, const std::string& name);
  bool shadows(const std::string& name) const;
  // A let's name: fresh, or (choice >= 80 of 100) the name of a variable in scope, shadowing
  // it: a transformation that moves lets around can then capture a variable.
  std::string let_name();
  std::vector<TermP> in_scope(const TypeP& type) const;
  std::vector<const InScope*> in_scope_of_kind(TypeKind kind) const;
  const InScope* pick_in_scope(TypeKind kind);
  // Reals read from arrays in scope: get(v, i) of vectors, sum(a) of other arrays.
  std::vector<TermP> scalars_from_arrays();

  // ---- core (term_generator.cpp) -------------------------------------------------------
  TermP gen(const TypeP& goal, int fuel);
  TermP leaf(const TypeP& goal);
  TermP inhabitant(const TypeP& goal);
  TermP intro(const TypeP& goal, int fuel);
  TermP let(const TypeP& goal, int fuel);
  TermP app(const TypeP& goal, int fuel);
  TermP projection(const TypeP& goal, int fuel);
  TermP case_of(const TypeP& goal, int fuel);
  TermP branches(const TermP& scrutinee, const TypeP& sum, const TypeP& goal, int fuel);
  TermP fold(const TypeP& goal, int fuel);

  // ---- reals and arrays (real_terms.cpp) ------------------------------------------------
  TermP literal();                                  // 1, then non-trivial dyadic weights
  TermP constant_array(const TypeP& goal, double value);
  TermP scalar(int fuel);
  TermP array(const TypeP& goal, int fuel);
  TermP elementwise(const TypeP& goal, int fuel, int operation);
  TermP unary(const TypeP& goal, int fuel);                // an elementwise function of a new term
  TermP wrap(const TypeP& goal, const TermP& argument);  // a total one (no exp) of a given term
  TermP positive(const TypeP& goal, int fuel);      // a term > 0 (log, sqrt, division; >= 0 under edges)
  TermP divisor(const TypeP& goal, int fuel);       // a positive term or its negation
  TermP bounded(const TypeP& goal, int fuel);       // |term| <= 3: the argument of exp
  TermP second_set(const TypeP& goal, int fuel);    // log1p .. min (feature second-set), in their domains
  TermP second_set_wrap(const TypeP& goal, const TermP& argument);  // a total one of the second set
  TermP binary(const TypeP& goal, const TermP& a, const TermP& b);  // + - * chosen
  TermP reduction(int fuel);                        // sum, dot, get, matvec to a real
  TypeP array_goal(int rank);                       // an array type in scope (mostly), rank 0: any
  TermP matvec(const TypeP& goal, int fuel);        // goal real[m]
  // The second set's array primitives (second_set_terms.cpp; feature second-set only).
  TermP second_set_scalar(int fuel);                     // mean prod logsumexp norm
  TermP second_set_array(const TypeP& goal, int fuel);   // softmax cumsum transpose matmul outer
  TermP large_entries(const TypeP& goal, int fuel);      // 1024 + 256 * a bounded term (exp overflows)

  // ---- shapes that expose faults (shape_idioms.cpp) -------------------------------------
  TermP shared_let(const TypeP& goal, int fuel);
  TermP shared_closure(const TypeP& goal, int fuel);
  TermP higher_order_argument(const TypeP& goal, int fuel);
  TermP fold_every_element(const TypeP& goal, int fuel);
  TermP fold_invariant_application(const TypeP& goal, int fuel, TermP list);  // (feature shapes)
  TermP closure_fold(const TypeP& goal, int fuel);  // (feature inductive-input only)
  TermP deep_stream(int fuel);
  TermP rows_literal(const TypeP& goal, int fuel);  // rank >= 2, rows are expressions

  ChoiceSource& c_;
  const GeneratorFeatures& f_;
  TypeChooser types_;
  std::vector<InScope> scope_;
  int counter_ = 0;
  TypeP random_data_, random_any_;
  TermP body_;
};

}  // namespace chad
