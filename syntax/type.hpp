// Types of the source language (shared/spec/language.md), as immutable nodes behind shared
// handles. Grammar:
//   t ::= real[n1,..,nk] (k >= 0; k = 0 is `real`) | unit | t * t | t -> t
//       | < C1 : t1 | ... | Ck : tk > | mu a . t | nu a . t | a
// Aliases (`type Name = t;`, and the predeclared `bool`) are expanded by the parser, so a Type
// never names an alias. Equality is structural, up to renaming of bound type variables.
// CHAD's target language (shared/spec/chad.md) adds linear types, which the parser never makes:
//       | l -o l          linear functions
//       | !t (x) l        copowers: finite formal sums of pairs (primal, linear)
//       | <0 | C1 : l1 | ... >   a lifted sum (co)tangent: zero or one constructor's (co)tangent
//       | env           a closure's environment (co)tangent, packed (the efficient functions
//                       strategy, syntax/functions_strategy.hpp)
// and reads real[..], unit, *, ->, sums, mu and nu at linear positions as the linear types
// built the same way (a `->` into a linear type is a power, pointwise).
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace chad {

enum class TypeKind { Real, Unit, Prod, Arrow, Sum, Mu, Nu, Var, LinArrow, Copower, Env };

struct Type;
using TypeP = std::shared_ptr<const Type>;

struct Constructor {
  std::string name;
  TypeP type;
};

struct Type {
  TypeKind kind;
  std::vector<int> shape;          // Real: the array shape; empty for a scalar
  // Prod (left * right), Arrow (left -> right), LinArrow (left -o right), Copower (!left (x) right)
  TypeP left, right;
  std::vector<Constructor> ctors;  // Sum, in declaration order
  bool lifted = false;             // Sum: a lifted sum (co)tangent, with a zero
  std::string var;                 // Mu, Nu: the bound variable; Var: its name
  TypeP body;                      // Mu, Nu
  // The free type variables, sorted and distinct; computed by the constructors below (hot
  // paths ask whether a type is closed).
  std::vector<std::string> free_vars;
  // A hash of everything the type's printed form shows (kinds, shapes, names, constructors),
  // computed from the parts' hashes by the constructors below: types printed alike hash alike.
  // O(1) per node, so that a fingerprint of a long context's type costs nothing (the printed
  // form made CHAD quadratic in the number of definitions).
  std::size_t structure_hash = 0;

  // Index of constructor `name` in `ctors`, or -1.
  int ctor_index(const std::string& name) const;
  // Number of reals in a value of a Real type (product of the shape; 1 for a scalar).
  int real_count() const;
  bool closed() const { return free_vars.empty(); }
};

// Checking constructors (they assert the structural invariants: shape entries >= 1,
// distinct constructor names, non-empty sums).
TypeP real_type(std::vector<int> shape = {});
TypeP unit_type();
TypeP prod_type(TypeP left, TypeP right);
TypeP arrow_type(TypeP from, TypeP to);
TypeP sum_type(std::vector<Constructor> ctors);
TypeP mu_type(std::string var, TypeP body);
TypeP nu_type(std::string var, TypeP body);
TypeP var_type(std::string name);
TypeP lin_arrow_type(TypeP from, TypeP to);
TypeP copower_type(TypeP primal, TypeP linear);
TypeP lifted_sum_type(std::vector<Constructor> ctors);
TypeP env_type();  // env: a closure's environment (co)tangent, packed
TypeP bool_type();  // < False : unit | True : unit >
// t1 * (t2 * (... * tn)); unit for n = 0.
TypeP tuple_type(const std::vector<TypeP>& components);

// Alpha-equivalence (bound variable names do not matter; a mu is not equal to its unrolling).
bool type_equal(const TypeP& a, const TypeP& b);

// `t` with its bound variables renamed by binding depth (v0 outermost): types equal up to renaming
// (type_equal) become equal as written, so they print alike. Precondition: `t` is closed (a free
// variable could be named like a renamed one).
TypeP rename_bound_by_depth(const TypeP& t);

// body[replacement / var]. `replacement` must be closed (no capture can happen).
TypeP substitute(const TypeP& body, const std::string& var, const TypeP& replacement);

// For `mu a. F` or `nu a. F`: F[(mu a. F) / a].
TypeP unroll_type(const TypeP& fixpoint);

// Whether type variable `var` occurs free in `t`.
bool occurs_free(const TypeP& t, const std::string& var);

// Data types: closed types built from real[..], unit, *, sums and mu (paper Def. 10.12).
// These are the types whose values have a Euclidean normal form.
bool is_data_type(const TypeP& t);

// The printed form, parseable by the parser (e.g. "mu l. < Nil : unit | Cons : real * l >").
std::string print_type(const TypeP& t);

}  // namespace chad
