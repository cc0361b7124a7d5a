// Terms of the source language (shared/spec/language.md), as immutable nodes behind shared
// handles. Grammar (after desugaring by the parser):
//   e ::= x | r | [e1, ..., en] | () | (e1, e2) | fst e | snd e | let x = e1 in e2
//       | fun (x : t) -> e | e1 e2 | C e | case e of { C1 x1 -> e1 | ... }
//       | roll e | fold e with x -> e' | unroll e | unfold e with x -> e' | (e : t)
//       | op(e1, ..., en)       (arithmetic, unary functions, sum, dot, matvec, scale, get, vec, <, >)
// Sugar removed by the parser: `if` (a case on bool), `let (x, y) = e1 in e2` (a let of a fresh
// name and two projections), n-tuples (nested pairs), curried `fun`, `C` alone (`C ()`).
//
// The parser produces terms with `type == nullptr`. The type checker returns a new tree in which
// every node's `type` is set and the fields marked "after checking" are filled in. Evaluators and
// transformations require checked terms.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "syntax/location.hpp"
#include "syntax/functions_strategy.hpp"
#include "syntax/sums_strategy.hpp"
#include "syntax/type.hpp"

namespace chad {

enum class TermKind {
  Var,       // name; index = de Bruijn index after checking (0 = innermost binder)
  Literal,   // literal: a finite real >= 0 (a minus sign is the Neg primitive)
  ArrayLit,  // args = elements, each real[s]; the node has type real[n, s]
  Unit,      // ()
  Pair,      // args = {first, second}
  Fst,       // args = {pair}
  Snd,       // args = {pair}
  Let,       // name = bound variable; args = {bound, body}
  Lambda,    // name = parameter; annot = parameter type; args = {body}
  App,       // args = {function, argument}
  Inject,    // name = constructor; args = {payload}; index = constructor position after checking
  Case,      // args = {scrutinee}; branches (source order)
  Roll,      // args = {payload}; node type mu a.F after checking
  Fold,      // name = bound variable; args = {scrutinee : mu a.F, body}
  Unroll,    // args = {value : nu a.F}
  Unfold,    // name = bound variable; args = {seed : s, body : F[s/a]}; node type nu a.F
  Ascribe,   // annot = the type; args = {term}
  Prim,      // op; args = operands; index = the integer of `get(v, i)`

  // ---- CHAD's target language (shared/spec/chad.md); built by chad/, never parsed. ----
  // Linear terms denote (co)tangents; `0`, `+`, projections and application accept the zero
  // value at any linear type. The context (co)tangent D2(G) / R2(G) of G = x1, ..., xn is the
  // left-nested tuple ((unit * T1) * ...) * Tn, so that D2(G, x) = D2(G) * D2(A).
  LinLambda,      // name = parameter; annot = its linear type; args = {body}:      \v. l
  LinApp,         // args = {linear function, argument}:                           l @ v
  Zero,           // annot = the linear type:                                      0
  ZeroOf,         // annot = the linear type; args = {primal}: the zero at that primal (zero-fn)
  LinAdd,         // args = {a, b} of one linear type:                              a + b
  PrimFwd,        // op, index as Prim; args = primals x1..xk, tangents dx1..dxk:  op'(x; dx)
  PrimRev,        // op, index as Prim; args = primals x1..xk, cotangent v:        op^T(x; v)
                  //   gives the k cotangents as a tuple (just one for k = 1)
  CopowerUnit,    // args = {primal a, linear l}:                                  !a (x) l
  CopowerFold,    // args = {copower w, f : A -> (L -o L')}: the sum of (f a) @ l over w's terms
  SumTangentIn,   // index = constructor i; annot = the sum of the constructors' (co)tangent
  SumTangentOut,  //   types; `sums` = representation; args = {payload} / {sum (co)tangent}:
                  //   the (co)tangent at primal Ci v made from v's, and back (embed_i, component_i)
  LinRoll,        // annot = the linear mu / nu type; args = {v}:                  roll_lin v
  LinUnroll,      // args = {v : linear mu / nu}:                                   unroll_lin v
  ArrayRow,       // index = i; args = {v : real[n, s]}: the row v[i] : real[s] (a real for s empty)
  CtxProj,        // index = de Bruijn index j of a source variable; args = {context tangent}:
                  //   its component (j times fst, then snd)
  CtxOneHot,      // index = j; annot = the context cotangent type; args = {v}:    onehot_j(v)
  FwdFold,        // name = x; annot = the source `mu a.F -> S`; args = {primal z, body}:
  RevFold,        //   the fold of §chad.md over z, with body = D(s) in context G, x
  FwdUnfold,      // name = x; annot = the source `S -> nu a.F`; args = {seed, body}: the
  RevUnfold,      //   unfold of chad.md, with body = D(s) in context G, x
  // The efficient functions strategy (syntax/functions_strategy.hpp): a closure's environment
  // (co)tangent packed into `env` and back. annot = the context (co)tangent type R2(G) / D2(G);
  // index = its fingerprint (set by the target checker), which the evaluator compares.
  EnvPack,        // args = {l : annot}:                                            pack_G l
  EnvUnpack,      // args = {e : env}: e's context (co)tangent (0 when e is 0):     unpack_G e
};

enum class PrimOp {
  Add, Sub, Mul, Div, Neg,                            // elementwise on equal shapes
  Sin, Cos, Exp, Log, Sqrt, Tanh, Sigmoid, Softplus,  // unary, elementwise
  // The second set's elementwise half (language.md "The second set of primitives"):
  Log1p, Expm1, Atan, Erf, Abs,                       // unary, elementwise
  PowInt,                                             // `x ^ n`: unary; index = n (0..64)
  Pow, Atan2, Hypot, Max, Min,                        // binary, elementwise on equal shapes
  Sum, Dot, Matvec, Scale, Get, Vec,                  // array primitives
  Mean, Prod, Logsumexp, Softmax, Norm, Cumsum,       // array primitives, second set
  Matmul, Transpose, Outer,
  Lt, Gt,                                             // comparisons of scalars, giving bool
};

// The name a primitive is written with: "+", "sin", "matvec", "<", ...
const char* prim_name(PrimOp op);
// Whether `op` is one of the unary elementwise functions sin .. softplus, log1p .. abs (or Neg);
// `x ^ n` (PowInt) is not among them: it carries its exponent in the node's index.
bool is_unary_elementwise(PrimOp op);
// The largest exponent n of `x ^ n` (language.md: an integer literal 0..64).
inline constexpr int kMaxPowIntExponent = 64;

struct Term;
using TermP = std::shared_ptr<const Term>;
// A node's operands, stored inline up to two (most nodes have at most two), so that building a
// node is one allocation.
using TermArgs = boost::container::small_vector<TermP, 2>;

struct Branch {
  std::string ctor;
  std::string var;
  TermP body;
  int tag = -1;  // after checking: the constructor's position in the sum type
  Loc loc;
};

struct Term {
  TermKind kind;
  Loc loc;
  std::string name;
  double literal = 0;
  TermArgs args;
  std::vector<Branch> branches;
  TypeP annot;
  int index = -1;
  PrimOp op = PrimOp::Add;
  TypeP type;  // after checking
  SumsStrategy sums = SumsStrategy::Biproduct;  // target terms whose meaning depends on it
  FunctionsStrategy functions = FunctionsStrategy::Paper;  // target folds / unfolds (their types)
};

// Builders used by the parser, the desugarer, tests and generators (they check arity).
TermP make_var(std::string name, Loc loc = {});
TermP make_literal(double value, Loc loc = {});
TermP make_array_literal(std::vector<TermP> elements, Loc loc = {});
TermP make_unit(Loc loc = {});
TermP make_pair(TermP first, TermP second, Loc loc = {});
TermP make_fst(TermP pair, Loc loc = {});
TermP make_snd(TermP pair, Loc loc = {});
TermP make_let(std::string name, TermP bound, TermP body, Loc loc = {});
TermP make_lambda(std::string param, TypeP param_type, TermP body, Loc loc = {});
TermP make_app(TermP function, TermP argument, Loc loc = {});
TermP make_inject(std::string ctor, TermP payload, Loc loc = {});
TermP make_case(TermP scrutinee, std::vector<Branch> branches, Loc loc = {});
TermP make_roll(TermP payload, Loc loc = {});
TermP make_fold(TermP scrutinee, std::string var, TermP body, Loc loc = {});
TermP make_unroll(TermP value, Loc loc = {});
TermP make_unfold(TermP seed, std::string var, TermP body, Loc loc = {});
TermP make_ascribe(TermP term, TypeP type, Loc loc = {});
TermP make_prim(PrimOp op, std::vector<TermP> args, Loc loc = {}, int get_index = -1);

// Structural equality ignoring locations and checker annotations (`type`, `index` of Var and
// Inject, `tag` of branches). Bound variable names must match (no alpha-renaming).
bool term_equal(const TermP& a, const TermP& b);

// Number of nodes (branches count their bodies; types are not counted).
std::size_t term_size(const TermP& t);

// How many variables operand `arg` of `t` is under that `t` binds (de Bruijn: each one shifts the
// indices of the variables free in `t`): a lambda's body, a let's, fold's or unfold's body (source
// and target forms) one; a case's branch bodies bind one each, not counted here.
int binders_of_operand(const Term& t, std::size_t arg);

}  // namespace chad
