// The emitter: C++ statements for checked terms of the source language and of CHAD's target
// language, in A-normal form. emit(t) appends the statements that compute t to the current
// block and returns a C++ expression naming its value; variables become `const` locals named
// after the program's (`x` -> `x_12`), functions become chad_rt::Fn closures capturing by value,
// `case` a switch. Folds, unfolds and the functorial maps they need become function templates
// at namespace scope (codegen/emit_recursion.cpp), emitted before the code that calls them.
// Everything is templated on the scalar type S (codegen/cpp_types.hpp).
#pragma once
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "codegen/codegen_fault.hpp"
#include "codegen/cpp_types.hpp"
#include "codegen/scope_names.hpp"
#include "codegen/sparse_cotangent.hpp"
#include "syntax/chad_types.hpp"
#include "syntax/location.hpp"
#include "syntax/sums_strategy.hpp"
#include "syntax/term.hpp"

namespace chad {

// A program the code generator cannot compile (the construct named); campaigns skip it, the
// commands report it located at the entry point (exit 3).
class UnsupportedByCodegen : public SourceError {
 public:
  explicit UnsupportedByCodegen(const std::string& what, Loc loc = {})
      : SourceError(loc, "the code generator does not support " + what), what_(what) {}
  const std::string& construct() const { return what_; }

 private:
  std::string what_;
};

// The recursive positions of a functor, for the functorial maps of folds and unfolds: values
// of type `in` at the positions of `var` become values of type `out` by `call` (which emits
// statements and returns the new value's expression).
struct Positions {
  std::string var;
  TypeP in, out;
  std::function<std::string(const std::string& value)> call;
};
// The same for (co)tangents walked together with their primal: `call(primal, tangent)`.
struct TangentPositions {
  std::string var;
  TypeP primal;    // the closed type of the primal values at the positions
  TypeP in, out;   // the closed (co)tangent types at the positions, before and after
  std::function<std::string(const std::string& primal, const std::string& tangent)> call;
};

class Emitter {
 public:
  explicit Emitter(CppTypes& types) : types_(types) {}

  // Precondition: t is checked, in the context `env` (de Bruijn: env.back() is index 0).
  std::string emit(const TermP& t);
  // The same, but a symbolic value (a sparse context cotangent, a pair holding one, a linear
  // function not yet a closure) stays a key (is_symbolic), for the callers that add, project,
  // apply or bind it; emit writes it out (value_of).
  std::string emit_value(const TermP& t);

  // ---- the current block --------------------------------------------------------------
  void line(const std::string& text);
  static std::string indentation(int indent);  // the spaces before a line at that depth
  void open(const std::string& text);   // a line ending in `{`, then one level deeper
  void close(const std::string& text);  // one level back, then a line (usually `}` or `});`)
  // Takes what was written since the last take, e.g. a function's body.
  std::string take();
  // A C++ name for a program variable or a temporary, unique in the generated source.
  std::string fresh(const std::string& base);
  std::string type(const TypeP& t) { return types_.name(t); }
  CppTypes& types() { return types_; }

  // `const T name = value;` for a fresh name; returns the name.
  std::string bind(const std::string& base, const TypeP& t, const std::string& value);
  // `const T name = value;` for a name already made fresh (a def's, generate_kernel.cpp).
  void bind_as(const std::string& name, const TypeP& t, const std::string& value);
  // `value` itself where it names a local; a `const T&` where it names a part of one (no copy
  // of a big tuple; every local but owned_local's is const); else as bind does.
  std::string alias(const std::string& base, const TypeP& t, const std::string& value);
  // Emits `body` as a closure `chad_rt::Fn<A, B>` of one parameter `name` : A.
  std::string closure(const std::string& name, const TypeP& param, const TypeP& result, const TermP& body);
  // Emits `body` as the lambda of such a closure, built in the arena, and returns the name of its
  // pointer: a fold's body is passed to the fold's function as `*lambda`, the function's type
  // parameter Body, so that -O2 inlines the body into the fold's loop (no call through a
  // pointer per node).
  std::string closure_lambda(const std::string& name, const TypeP& param, const TypeP& result, const TermP& body);
  // A fold's body as closure_lambda makes it, its loop-invariant applications memoised
  // (codegen/fold_body_memos.cpp).
  // `flush`: a reverse fold over a list, whose nodes' backpropagators may defer applications of
  // loop-invariant linear maps (codegen/deferred_applications.cpp); it receives the name of the
  // lambda to pass the fold's function, which applies them once, or "" if none is deferred.
  std::string fold_body_lambda(const std::string& name, const TypeP& param, const TypeP& result, const TermP& body,
                               std::string* flush = nullptr);
  // `f(x)` in the innermost fold body, when both are bound outside it (or are such applications'
  // parts): the name of its value, computed at the first node that needs it; otherwise empty.
  std::string memoised_application(const TypeP& t, const std::string& f, const std::string& x);
  // The opening of a closure's lambda built in the arena (rt_arena.hpp, chad_rt::in_arena):
  // `const auto* const lambda = ::new (chad_rt::in_arena) auto(`, then the lambda, then `);`.
  static std::string lambda_in_arena(const std::string& lambda);
  // `const chad_rt::Fn<A, B> f{...};` of the lambda `lambda` built in the arena, with its call
  // (or, `linear`, its accumulating call) thunk: what chad_rt::fn does, written out, so that no
  // function template is instantiated per lambda for it.
  std::string closure_object(const std::string& a, const std::string& b, const std::string& lambda,
                             const std::string& f, bool linear);
  // Emits `body` in the environment extended by a variable `cpp_name`.
  std::string emit_under(const std::string& cpp_name, const TermP& body);

  // A namespace-level function template (its signature and body), declared and defined before
  // the code.
  void add_helper(const std::string& signature, const std::string& body);
  std::string helpers() const;
  // A helper that a unit's kernels share (with shared type names: the ABI's readers and writers,
  // named by CppTypes::shared_name): declared and defined under include guards with the types.
  void add_shared_helper(const std::string& name, const std::string& signature, const std::string& body);
  std::string shared_helpers() const;
  // A helper's name by its key, or "" (each fold / map helper is generated once per key).
  std::string find_helper(const std::string& key) const;
  void name_helper(const std::string& key, const std::string& name);

  ScopeNames env;

 private:
  std::string emit_source(const TermP& t);
  // Symbolic values (codegen/symbolic_values.cpp): context cotangents known to be sparse
  // (codegen/sparse_cotangent.hpp), pairs holding one, linear functions not yet closures. A new
  // one's key; whether a name is one; a name as a C++ value (a symbolic one written out here).
  struct SymbolicPair {
    TypeP type;
    std::string fst, snd;  // names or keys
  };
  struct SymbolicClosure {
    std::string name;  // the parameter's
    TypeP param, result;
    TermP body;
    ScopeNames env;                // where it was made
    int inlined = 0;               // applications inlined; past kInlinesPerFunction, a closure
  };
  std::string sparse_value(SparseCotangent value);
  std::string symbolic_pair(SymbolicPair value);
  std::string symbolic_closure(SymbolicClosure value);
  static bool is_symbolic(const std::string& name) { return !name.empty() && name[0] == '@'; }
  bool is_sparse(const std::string& name) const { return sparse_.count(name) != 0; }
  bool is_symbolic_pair(const std::string& name) const { return pairs_.count(name) != 0; }
  std::string value_of(const std::string& name);
  // A linear function's application inlined: its body emitted here with the argument bound
  // (a few times per function, within a budget that bounds the generated code).
  bool can_inline(const std::string& f) const;
  std::string apply_inline(const std::string& f, const std::string& argument);
  std::string pair_component(const std::string& pair, bool first) const;
  // A symbolic one's component at `depth` (of type t), and its `.fst` (of type t): the context
  // without its last variable.
  std::string sparse_component(const std::string& context, int depth, const TypeP& t);
  std::string sparse_context_prefix(const std::string& context, const TypeP& t);
  // `x + y` of two symbolic ones (their parts merged), and of a written-out `dense` with a
  // symbolic one (its parts added in place, the operands' order kept).
  std::string add_sparse(const std::string& x, const std::string& y);
  std::string add_into(const TypeP& t, const std::string& dense, const std::string& sparse, bool sparse_first);
  // `chad_rt::accumulate<T>(cell, contribution);`: the contribution added into the mutable cell
  // in place (efficient CHAD's accumulation; codegen/runtime/rt_linear.hpp).
  std::string accumulate_line(const TypeP& t, const std::string& cell, const std::string& contribution);
  // A linear function as a closure that adds its value into the caller's cotangent
  // (Fn::accumulate_into); `cell += value` for a value that may be symbolic (only its parts added).
  std::string linear_closure(const std::string& name, const TypeP& param, const TypeP& result, const TermP& body);
  void accumulate_value(const TypeP& t, const std::string& cell, const std::string& value);
  // `cell += term`: a pair term's components added into the cell's halves where they lie, and a
  // let's body so, its binding first; no pair of the components is built to be added.
  void accumulate_term(const TypeP& t, const std::string& cell, const TermP& term);
  // A let's bound value as the name its body's variable stands for (emit_source's Let).
  std::string let_bound(const TermP& let);
  // Captures by reference (codegen/closure_captures.cpp): a closure captures by copy the locals
  // of the block it is made in, and by reference what that block's own closure captured (a
  // member of a closure in the arena, alive for the kernel call), so that an array is copied
  // into one closure, not into every closure nested in it.
  void note_local(const std::string& name);
  void note_alias(const std::string& name, const std::string& of);  // `const T& name = of...;`
  void note_use(const std::string& name);
  std::size_t open_capture_scope();
  std::string close_capture_scope(std::size_t start);  // the capture list, "[=]" or "[=, &a, ...]"
  void patch_capture_list(std::size_t at, const std::string& captures);
  // Cheap primal values recomputed in a backpropagator instead of copied into it
  // (codegen/recomputed_captures.cpp). note_recipe records how a local was computed (`text`, its
  // statements) from which operands (`operands[i]` of t's argument i; literals are left out);
  // recompute_captures, at the end of a linear closure's body, writes at its start the
  // recomputations that make the closure copy less.
  struct Recipe {
    TypeP type;
    std::string text;
    std::vector<std::pair<std::string, TypeP>> operands;  // the locals it reads, and their types
    std::size_t order;                                    // when it was bound
  };
  void note_recipe(const std::string& name, const TermP& t, const std::vector<std::string>& operands,
                   const std::string& text);
  long recomputation_cost(const std::string& name, int making, const std::set<std::string>& captured,
                          std::set<std::string>& recomputed, std::set<std::string>& copied) const;
  void recompute_captures(std::size_t body_start);
  // `T name = value;`, mutable: the value's one user may add to it in place.
  std::string owned_local(const std::string& base, const TypeP& t, const std::string& value);
  std::string emit_target(const TermP& t);
  std::string emit_case(const TermP& t);
  std::string emit_prim(const TermP& t);
  // `unread`: an operand the rule's used cotangents do not read, passed as a zero (or -1).
  std::string emit_prim_derivative(const TermP& t, int unread = -1);
  // Which operand of `bound`, a bilinear primitive's reverse rule bound over `body`, the
  // cotangents `body` uses do not read (codegen/unread_operands.cpp); -1 if none or not such a rule.
  int unread_operand(const TermP& bound, const TermP& body) const;
  // The primal values a derivative reads instead of computing them again (codegen/primal_values.cpp):
  // `f(x)` of a variable x for f = exp, sqrt, tanh, sigmoid, named where it is bound and forgotten
  // when its block closes. note_primal_value records one (a prim's operands and value);
  // derivative_at_value is the derivative's call that reads the one visible here
  // (`chad_rt::rev_exp_at_value(y, v)`), or "".
  struct PrimalValue {
    std::string name;
    int indent;  // the block depth it was bound at
  };
  using PrimalValues = std::map<std::pair<PrimOp, std::string>, PrimalValue>;
  void note_primal_value(const TermP& t, const std::vector<std::string>& operands, const std::string& value);
  std::string derivative_at_value(const TermP& t, bool forward);
  void forget_primal_values_deeper_than(int indent);
  std::string emit_env(const TermP& t);  // EnvPack, EnvUnpack
  bool is_pack_view(const std::string& v) const;  // an unpacked environment where its pack holds it, or a part
  std::string pack_of(const TermP& pack, const std::string& v);  // EnvPack's call on v
  // `cell += pack(v)` (accumulate_term's), without a pack made where the cell is lent.
  void accumulate_pack(const std::string& cell, const TermP& pack);
  std::string emit_recursion(const TermP& t);
  std::string emit_source_recursion(const TermP& t);
  std::string emit_target_fold(const TermP& t);
  std::string emit_target_unfold(const TermP& t);
  void rev_fold_back_loops(const TypeP& functor, const std::string& var, const TypeP& child, const TypeP& ts,
                           const TypeP& tmu, const TypeP& q_type, const TypeP& context, const TypeP& dmap);
  std::string nested_map_helper(const TypeP& fixpoint, const std::vector<Positions>& p);
  std::string nested_tangent_map_helper(const TypeP& fixpoint, const std::vector<TangentPositions>& p);

 public:
  // Folds over list-like types as loops (codegen/emit_fold_spine.cpp): the spine walk and the
  // loop's head, the node in `node` and the child's result in `folded`; then the loop's end,
  // `folded` set to the node's result; finish_fold_node ends a node and returns, either way
  // (loop or recursion).
  std::string fold_child_helper(const TypeP& fixpoint, const TypeP& functor, const std::string& var,
                                bool slot = false);
  void open_fold_spine(const TypeP& fixpoint, const TypeP& functor, const std::string& var, const TypeP& result,
                       const std::function<void()>& before_loop = [] {});
  void close_fold_spine(const std::string& node_result);
  void finish_fold_node(bool spine, const std::string& node_result);
  // map_F: `value` of functor[p.in / p.var] to functor[p.out / p.var] (paper Fig. 4).
  // Several variables: the positions of a nested binder too (innermost last wins).
  std::string map_functor(const TypeP& functor, const std::string& value, const std::vector<Positions>& p);
  std::string map_functor(const TypeP& functor, const std::string& value, const Positions& p) {
    return map_functor(functor, value, std::vector<Positions>{p});
  }
  // `const T name = roll_lin payload` for a linear mu or nu type (chad_rt::lin_roll).
  std::string lin_roll(const TypeP& fixpoint, const std::string& payload);
  // The functorial action on (co)tangents guided by the primal (target_semantics/tangent_positions.hpp):
  // `functor` is the source functor; primal values live at P(functor), (co)tangents at T(functor).
  // Several variables: a nested mu's own positions too (innermost last wins).
  std::string map_tangents(const TypeP& functor, const std::string& primal, const std::string& tangent,
                           const std::vector<TangentPositions>& p);
  std::string map_tangents(const TypeP& functor, const std::string& primal, const std::string& tangent,
                           const TangentPositions& p) {
    return map_tangents(functor, primal, tangent, std::vector<TangentPositions>{p});
  }
  // Deferred applications (codegen/deferred_applications.cpp): in a node's backpropagator, f @ a
  // of a loop-invariant f adds a into a cell (Root) and its value stays symbolic; what the
  // backpropagator does with it (projections, further invariant maps, sums) stays symbolic too,
  // and where it is added into the node's context cotangent, the fold's flush does it once, on
  // the cells' sums. Any other use writes the application out there.
  struct DeferredRoot {
    std::string cell, argument;  // the cell's local, and the node's argument added into it
    TypeP argument_type;
    bool used = false;  // some contribution deferred: the cell is declared and added into
  };
  struct DeferredRecord {
    TypeP type;
    std::string path;  // in the context cotangent: ".fst.snd"
    std::string value;  // a deferred key
  };
  struct DeferredGroup {  // one node backpropagator's: its roots are added, or none
    std::vector<std::size_t> roots;
    std::vector<DeferredRecord> records;
  };
  // The fold bodies being emitted, innermost last (fold_body_lambda): where the body's lambda
  // starts in out_, its block's lambda depth, the memos to declare before it and the body's
  // locals that are memoised applications or their parts; with deferral, the node
  // backpropagator being emitted and what it deferred.
  struct FoldBody {
    std::size_t at;
    int indent, depth;
    std::vector<std::pair<std::string, std::string>> memos;  // name, value type
    std::map<std::string, std::string> kept;  // a memoised application or its part -> its memo's
    bool defers = false;
    std::set<const Term*> node_backprops;  // the bodies of the LinLambdas that are a node's w'
    std::vector<DeferredRoot> roots;
    std::vector<DeferredGroup> groups;
    int backprop_depth = -1, backprop_indent = -1;  // the node backpropagator being emitted
    std::string backprop_acc;
    std::size_t backprop_start = 0;  // where its body starts in out_
    int serial = 0;  // which body a deferred value's roots belong to
  };
  struct DeferredValue {
    enum Kind { Root, Fst, Snd, Apply, Sum } kind;
    TypeP type;
    std::string a, b;      // operands: deferred keys (Apply: a; Sum: a, b; Fst, Snd: a)
    std::string function;  // Apply: the map as the backpropagator names it; as the flush names it
    std::string function_in_flush;
    std::string argument;  // Root: the node's argument
    std::size_t root = 0;  // Root: in its fold body's roots
    int body = -1;         // that body's serial; -1 if its roots are in different bodies
  };
  // The same at every node of `body`: a name bound outside it, or a memoised application (or its
  // part) as code beside the body reads it (through its memo); otherwise "".
  std::string invariant_outside(const FoldBody& body, const std::string& name) const;
  bool is_deferred(const std::string& name) const { return deferred_.count(name) != 0; }
  // f @ x in a node's backpropagator, f loop-invariant: a deferred key, or "" (written out as usual).
  std::string deferred_application(const TypeP& result, const TypeP& argument_type, const std::string& f,
                                   const std::string& x);
  std::string deferred_projection(const std::string& value, bool first, const TypeP& t);
  std::string deferred_sum(const TypeP& t, const std::string& x, const std::string& y);
  std::string deferred_value(DeferredValue value);
  std::string write_out_deferred(const std::string& key);  // value_of's
  // `cell += value` of a deferred value into the node's context cotangent: left to the flush.
  bool defer_contribution(const TypeP& t, const std::string& cell, const std::string& value);
  void mark_roots_used(FoldBody& body, const std::string& key);
  // A root's cell lent to the call that makes its argument (codegen/lent_cells.cpp): whether the
  // call was rewritten so (then the cell takes the argument back rather than adding it).
  bool lend_cell(const FoldBody& fold, const DeferredRoot& root);
  struct LinearCall {  // `T name = function(argument);`, a linear function's application (emit_target)
    TypeP type;
    std::string function, argument;
  };
  // Around a node backpropagator's linear_closure: whether `body` is one, and after its
  // accumulation, the used roots' cells given their arguments.
  bool open_node_backprop(const TermP& body, const std::string& acc);
  void close_node_backprop();
  // The fold's flush lambda (`[=, &memo...](auto& ctx) {...}`) of a finished body, or "".
  std::string emit_flush(const FoldBody& body);
  std::string flush_term(const FoldBody& body, const std::string& key, std::map<std::string, std::string>& done,
                         int& next);
  int fold_body_serials_ = 0;
  // Emitting a namespace-level helper: the current block and environment are set aside.
  struct Saved {
    std::string out;
    int indent;
    ScopeNames env;
    int lambda_depth;
    std::vector<FoldBody> fold_bodies;
    PrimalValues primal_values;
  };
  Saved begin_helper();
  std::string end_helper(Saved saved);
  ChadMode mode = ChadMode::Reverse;  // the target's, for the types of maps over (co)tangents
  SumsStrategy sums = SumsStrategy::Biproduct;
  FunctionsStrategy functions = kDefaultFunctionsStrategy;  // the target's function (co)tangents
  CodegenFault fault = CodegenFault::None;

 private:

  CppTypes& types_;
  std::string out_;
  int indent_ = 1;
  std::size_t next_name_ = 0;
  std::vector<std::string> declarations_, definitions_;
  std::string shared_declarations_, shared_definitions_;
  std::map<std::string, std::string> helper_names_;  // key -> name
  std::map<std::string, SparseCotangent> sparse_;      // key -> a symbolic context cotangent
  std::map<std::string, SymbolicPair> pairs_;
  std::map<std::string, SymbolicClosure> closures_;
  std::map<std::string, DeferredValue> deferred_;
  std::size_t inlined_ = 0;                          // inlined applications so far
  static constexpr std::size_t kInlineBudget = 4096;  // per generated source
  static constexpr int kInlinesPerFunction = 4;       // bounds the code a nest of them makes
  // Locals made by owned_local and not yet held by a symbolic value or a variable: their one
  // user may change them.
  std::set<std::string> owned_;
  // Locals that are an unpacked environment where its pack holds it, or a part of one (emit_env).
  std::set<std::string> pack_views_;
  std::vector<FoldBody> fold_bodies_;
  PrimalValues primal_values_;
  std::map<std::string, Recipe> recipes_;
  std::map<std::string, LinearCall> lapps_;     // a linear application's local -> its call (lent_cells.cpp)
  std::map<std::string, std::string> aliases_;  // `const T& name = local.fst...;`: name -> what it names
  int lambda_depth_ = 0;                        // closures the current block is nested in
  std::map<std::string, int> local_depth_;      // the lambda depth where a local's object lives
  std::map<std::string, int> declared_depth_;   // the lambda depth where it is declared
  std::vector<std::string> outer_uses_;         // uses of locals of blocks outside the current closure's
};

// Whether x + y == y + x exactly for (co)tangents of type t (reals, arrays, unit and pairs of
// them), so that an accumulation may add a contribution on either side.
bool adds_commutatively(const TypeP& t);
// Whether every value of `functor` holds at most one position of `var` (lists, not trees), so
// that a fold over `mu var. functor` is a loop (codegen/emit_fold_spine.cpp).
bool is_linear_functor(const TypeP& functor, const std::string& var);
// Linear, and its one position the last thing a pre-order walk meets in each constructor, so
// that a list is read from the kernel ABI node by node (codegen/kernel_abi_emitter.cpp).
bool is_linear_last_functor(const TypeP& functor, const std::string& var);

// Biproduct (co)tangents of sums, right-nested n-tuples t1 * (t2 * ... tn):
// component i of the tuple held in `tuple` (an expression);
std::string tuple_component(std::string tuple, std::size_t i, std::size_t n);
// Whether `value` is a local's name followed by `.fst` / `.snd` steps.
bool names_a_local_or_part(const std::string& value);
// the tuple of type `tuple_type` with `component` at i and zeros elsewhere.
std::string one_component_tuple(CppTypes& types, const TypeP& tuple_type, std::size_t n, std::size_t i,
                                const std::string& component);

// What a nested map helper adds for its `count` callables, one per outer variable:
// template parameters ", class F0, ...", parameters ", const F0& f0, ...", arguments ", f0, ...".
struct CallableParameters {
  std::string template_parameters, parameters, arguments;
};
CallableParameters callable_parameters(std::size_t count);

// Calls f(word, position) for each identifier in a generated text, in order.
void for_each_word(const std::string& text, const std::function<void(const std::string&, std::size_t)>& f);

// The C++ spelling of a real literal (exact: a hex float).
std::string cpp_real(double value);
// A program name made a C++ identifier (x' -> x_q, base#3 -> base_3).
std::string cpp_identifier(const std::string& name);

}  // namespace chad
