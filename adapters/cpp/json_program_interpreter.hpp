// The tool-side evaluator of the oracle's JSON form of programs (docs/program-json.md),
// header-only and generic in the scalar type S, so that an AD tool's active type (ADOL-C's
// `adouble`, Ceres's `Jet`) drops in. It is deliberately independent of the oracle's own
// evaluator (no semantics/ or model/): the C++ adapters run the program through it. Its meaning
// follows the language spec: closures for functions, lazy memoised values for `nu` types,
// primitives elementwise on arrays, sums and products accumulated left to right. Comparisons
// and domain checks read the scalar's current value (ScalarTraits<S>::value_of); domain errors
// of log, sqrt and division throw DomainError. Folds and the value conversions recurse once per
// node of a value: run deep inputs on a big stack (run_on_big_stack).
#pragma once
#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include <pthread.h>

#include <nlohmann/json.hpp>

namespace chad_adapter {

// What the interpreter needs of a scalar type; specialise it for a tool's active type.
//   static double value_of(const S& x);     the current value (comparisons, domain checks)
//   static S constant(double x);             a constant (literals)
//   static S log1p(const S& x);              log(1 + x) (softplus)
template <class S>
struct ScalarTraits;

template <>
struct ScalarTraits<double> {
  static double value_of(double x) { return x; }
  static double constant(double x) { return x; }
  static double log1p(double x) { return std::log1p(x); }
};

// A primitive applied outside its domain: log or sqrt of a value <= 0, division by zero.
class DomainError : public std::runtime_error {
 public:
  explicit DomainError(const std::string& message) : std::runtime_error(message) {}
};

// A JSON tree that is not a program of the expected form.
class MalformedProgram : public std::runtime_error {
 public:
  explicit MalformedProgram(const std::string& message) : std::runtime_error(message) {}
};

// ---- Types ----

enum class TypeKind { Real, Unit, Prod, Arrow, Sum, Mu, Nu, Var };

struct Type;
using TypeP = std::shared_ptr<const Type>;

struct Type {
  TypeKind kind = TypeKind::Unit;
  std::vector<int> shape;                                 // Real
  TypeP left, right;                                      // Prod, Arrow (from, to)
  std::vector<std::pair<std::string, TypeP>> ctors;       // Sum: (name, payload type)
  std::string var;                                        // Mu, Nu: bound; Var: its name
  TypeP body;                                             // Mu, Nu
  std::vector<std::string> free_vars;                     // distinct

  bool closed() const { return free_vars.empty(); }
  int real_count() const {
    int n = 1;
    for (int d : shape) n *= d;
    return n;
  }
};

inline const nlohmann::json& field(const nlohmann::json& node, const char* name) {
  if (!node.is_object() || !node.contains(name))
    throw MalformedProgram(std::string("missing field \"") + name + "\"");
  return node.at(name);
}

inline TypeP parse_type(const nlohmann::json& j) {
  auto t = std::make_shared<Type>();
  const std::string kind = field(j, "kind").get<std::string>();
  auto add_free = [&](const TypeP& part, const std::string* bound) {
    for (const std::string& v : part->free_vars)
      if ((bound == nullptr || v != *bound) &&
          std::find(t->free_vars.begin(), t->free_vars.end(), v) == t->free_vars.end())
        t->free_vars.push_back(v);
  };
  if (kind == "real") {
    t->kind = TypeKind::Real;
    t->shape = field(j, "shape").get<std::vector<int>>();
  } else if (kind == "unit") {
    t->kind = TypeKind::Unit;
  } else if (kind == "prod" || kind == "arrow") {
    const bool prod = kind == "prod";
    t->kind = prod ? TypeKind::Prod : TypeKind::Arrow;
    t->left = parse_type(field(j, prod ? "left" : "from"));
    t->right = parse_type(field(j, prod ? "right" : "to"));
    add_free(t->left, nullptr);
    add_free(t->right, nullptr);
  } else if (kind == "sum") {
    t->kind = TypeKind::Sum;
    for (const auto& c : field(j, "constructors")) {
      t->ctors.emplace_back(field(c, "name").get<std::string>(), parse_type(field(c, "type")));
      add_free(t->ctors.back().second, nullptr);
    }
  } else if (kind == "mu" || kind == "nu") {
    t->kind = kind == "mu" ? TypeKind::Mu : TypeKind::Nu;
    t->var = field(j, "var").get<std::string>();
    t->body = parse_type(field(j, "body"));
    add_free(t->body, &t->var);
  } else if (kind == "var") {
    t->kind = TypeKind::Var;
    t->var = field(j, "name").get<std::string>();
    t->free_vars.push_back(t->var);
  } else {
    throw MalformedProgram("unknown type kind \"" + kind + "\"");
  }
  return t;
}

// ---- Terms ----

enum class Former { Var, Literal, Array, Unit, Pair, Fst, Snd, Let, Fun, App, Inject, Case,
                    Roll, Fold, Unroll, Unfold, Ascribe, Prim };

enum class Op { Add, Sub, Mul, Div, Neg, Sin, Cos, Exp, Log, Sqrt, Tanh, Sigmoid, Softplus,
                Sum, Dot, Matvec, Scale, Get, Vec, Lt, Gt };

struct Node;
using NodeP = std::shared_ptr<const Node>;

struct CaseBranch {
  int tag = 0;
  NodeP body;
};

struct Node {
  Former former = Former::Unit;
  TypeP type;
  int line = 0, column = 0;
  int index = -1;                  // Var: de Bruijn index; Inject: tag; Prim get: the index
  double literal = 0;              // Literal
  Op op = Op::Add;                 // Prim
  std::vector<NodeP> args;         // operands in the JSON field order of the former
  std::vector<CaseBranch> branches;

  std::string where() const { return std::to_string(line) + ":" + std::to_string(column); }
};

inline Op parse_op(const std::string& name) {
  static const std::pair<const char*, Op> ops[] = {
      {"+", Op::Add}, {"-", Op::Sub}, {"*", Op::Mul}, {"/", Op::Div}, {"neg", Op::Neg},
      {"sin", Op::Sin}, {"cos", Op::Cos}, {"exp", Op::Exp}, {"log", Op::Log},
      {"sqrt", Op::Sqrt}, {"tanh", Op::Tanh}, {"sigmoid", Op::Sigmoid},
      {"softplus", Op::Softplus}, {"sum", Op::Sum}, {"dot", Op::Dot}, {"matvec", Op::Matvec},
      {"scale", Op::Scale}, {"get", Op::Get}, {"vec", Op::Vec}, {"<", Op::Lt}, {">", Op::Gt}};
  for (const auto& [text, op] : ops)
    if (name == text) return op;
  throw MalformedProgram("unknown primitive \"" + name + "\"");
}

// A literal's exact value: the hex float when present, else the decimal number.
inline double parse_literal(const nlohmann::json& node) {
  if (node.contains("hex")) {
    const std::string text = node.at("hex").get<std::string>();
    char* end = nullptr;
    const double x = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0') throw MalformedProgram("bad hex float \"" + text + "\"");
    return x;
  }
  return field(node, "decimal").get<double>();
}

inline NodeP parse_term(const nlohmann::json& j) {
  static const std::pair<const char*, Former> formers[] = {
      {"var", Former::Var}, {"literal", Former::Literal}, {"array", Former::Array},
      {"unit", Former::Unit}, {"pair", Former::Pair}, {"fst", Former::Fst},
      {"snd", Former::Snd}, {"let", Former::Let}, {"fun", Former::Fun}, {"app", Former::App},
      {"inject", Former::Inject}, {"case", Former::Case}, {"roll", Former::Roll},
      {"fold", Former::Fold}, {"unroll", Former::Unroll}, {"unfold", Former::Unfold},
      {"ascribe", Former::Ascribe}, {"prim", Former::Prim}};
  // The operand fields of each former, in evaluation order.
  static const std::vector<std::pair<Former, std::vector<const char*>>> operands = {
      {Former::Pair, {"first", "second"}}, {Former::Fst, {"pair"}}, {Former::Snd, {"pair"}},
      {Former::Let, {"bound", "body"}}, {Former::Fun, {"body"}},
      {Former::App, {"function", "argument"}}, {Former::Inject, {"payload"}},
      {Former::Case, {"scrutinee"}}, {Former::Roll, {"payload"}},
      {Former::Fold, {"scrutinee", "body"}}, {Former::Unroll, {"value"}},
      {Former::Unfold, {"seed", "body"}}, {Former::Ascribe, {"term"}}};
  auto n = std::make_shared<Node>();
  const std::string former = field(j, "former").get<std::string>();
  bool known = false;
  for (const auto& [text, f] : formers)
    if (former == text) n->former = f, known = true;
  if (!known) throw MalformedProgram("unknown former \"" + former + "\"");
  n->type = parse_type(field(j, "type"));
  if (j.contains("loc")) {
    n->line = j.at("loc").value("line", 0);
    n->column = j.at("loc").value("column", 0);
  }
  for (const auto& [f, names] : operands)
    if (f == n->former)
      for (const char* name : names) n->args.push_back(parse_term(field(j, name)));
  switch (n->former) {
    case Former::Var: n->index = field(j, "index").get<int>(); break;
    case Former::Literal: n->literal = parse_literal(j); break;
    case Former::Array:
      for (const auto& e : field(j, "elements")) n->args.push_back(parse_term(e));
      break;
    case Former::Inject: n->index = field(j, "tag").get<int>(); break;
    case Former::Case:
      for (const auto& b : field(j, "branches"))
        n->branches.push_back({field(b, "tag").get<int>(), parse_term(field(b, "body"))});
      break;
    case Former::Prim:
      n->op = parse_op(field(j, "op").get<std::string>());
      if (n->op == Op::Get) n->index = field(j, "get_index").get<int>();
      for (const auto& e : field(j, "args")) n->args.push_back(parse_term(e));
      break;
    default: break;
  }
  return n;
}

// A program: its closed `main` term (a function of input_type) and its types.
struct Program {
  TypeP input_type, output_type;
  NodeP main;

  static Program from_json(const nlohmann::json& j) {
    return {parse_type(field(j, "input_type")), parse_type(field(j, "output_type")),
            parse_term(field(j, "main"))};
  }
};

// ---- Values ----

enum class ValueKind { Real, Unit, Pair, Inject, Roll, Closure, Lazy };

template <class S>
struct Value;
template <class S>
using ValueP = std::shared_ptr<const Value<S>>;

template <class S>
struct Value {
  ValueKind kind = ValueKind::Unit;
  std::vector<S> reals;                                   // Real: entries, row-major
  std::vector<int> shape;                                 // Real: empty for a scalar
  int tag = -1;                                           // Inject
  ValueP<S> first, second;                                // Pair; Inject, Roll: payload
  std::function<ValueP<S>(const ValueP<S>&)> function;    // Closure
  std::function<ValueP<S>()> thunk;                       // Lazy
  mutable ValueP<S> forced;                               // Lazy: cache

  const ValueP<S>& force() const {
    if (!forced) forced = thunk();
    return forced;
  }
};

template <class S>
ValueP<S> real_value(std::vector<int> shape, std::vector<S> reals) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Real;
  v->shape = std::move(shape);
  v->reals = std::move(reals);
  return v;
}
template <class S>
ValueP<S> unit_value() {
  return std::make_shared<Value<S>>();
}
template <class S>
ValueP<S> pair_value(ValueP<S> a, ValueP<S> b) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Pair;
  v->first = std::move(a);
  v->second = std::move(b);
  return v;
}
template <class S>
ValueP<S> inject_value(int tag, ValueP<S> payload) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Inject;
  v->tag = tag;
  v->first = std::move(payload);
  return v;
}
template <class S>
ValueP<S> roll_value(ValueP<S> payload) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Roll;
  v->first = std::move(payload);
  return v;
}
template <class S>
ValueP<S> closure_value(std::function<ValueP<S>(const ValueP<S>&)> f) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Closure;
  v->function = std::move(f);
  return v;
}
template <class S>
ValueP<S> lazy_value(std::function<ValueP<S>()> thunk) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Lazy;
  v->thunk = std::move(thunk);
  return v;
}

// ---- The evaluator ----

template <class S>
class Interpreter {
 public:
  // A persistent environment, innermost binding first (Var's de Bruijn index counts from it).
  struct EnvNode {
    ValueP<S> value;
    std::shared_ptr<const EnvNode> next;
  };
  using Env = std::shared_ptr<const EnvNode>;

  static Env extend(const Env& env, ValueP<S> value) {
    return std::make_shared<const EnvNode>(EnvNode{std::move(value), env});
  }

  // main applied to `input`.
  static ValueP<S> run(const Program& program, const ValueP<S>& input) {
    return eval(program.main, nullptr)->function(input);
  }

  static ValueP<S> eval(const NodeP& t, const Env& env) {
    const auto& a = t->args;
    switch (t->former) {
      case Former::Var: {
        const EnvNode* node = env.get();
        for (int i = 0; i < t->index; ++i) node = node->next.get();
        return node->value;
      }
      case Former::Literal: return real_value<S>({}, {ScalarTraits<S>::constant(t->literal)});
      case Former::Array: {
        std::vector<S> data;
        for (const NodeP& e : a) {
          ValueP<S> row = eval(e, env);
          data.insert(data.end(), row->reals.begin(), row->reals.end());
        }
        return real_value<S>(t->type->shape, std::move(data));
      }
      case Former::Unit: return unit_value<S>();
      case Former::Pair: {
        ValueP<S> first = eval(a[0], env);
        return pair_value<S>(std::move(first), eval(a[1], env));
      }
      case Former::Fst: return eval(a[0], env)->first;
      case Former::Snd: return eval(a[0], env)->second;
      case Former::Let: return eval(a[1], extend(env, eval(a[0], env)));
      case Former::Fun: {
        NodeP body = a[0];
        return closure_value<S>([body, env](const ValueP<S>& x) { return eval(body, extend(env, x)); });
      }
      case Former::App: {
        ValueP<S> f = eval(a[0], env);
        return f->function(eval(a[1], env));
      }
      case Former::Inject: return inject_value<S>(t->index, eval(a[0], env));
      case Former::Case: {
        ValueP<S> v = eval(a[0], env);
        for (const CaseBranch& b : t->branches)
          if (b.tag == v->tag) return eval(b.body, extend(env, v->first));
        throw MalformedProgram("case at " + t->where() + ": no branch for tag " + std::to_string(v->tag));
      }
      case Former::Roll: return roll_value<S>(eval(a[0], env));
      case Former::Fold: {
        auto r = std::make_shared<const Recursion>(Recursion{a[0]->type, a[1], env});
        return fold_node(r, eval(a[0], env));
      }
      case Former::Unroll: return eval(a[0], env)->force();
      case Former::Unfold: {
        auto r = std::make_shared<const Recursion>(Recursion{t->type, a[1], env});
        return unfold_node(r, eval(a[0], env));
      }
      case Former::Ascribe: return eval(a[0], env);
      case Former::Prim: {
        std::vector<ValueP<S>> args;
        for (const NodeP& e : a) args.push_back(eval(e, env));
        return primitive(*t, args);
      }
    }
    throw MalformedProgram("unknown former");
  }

 private:
  // What a fold or unfold needs at every node (shared by the lazy values an unfold creates).
  struct Recursion {
    TypeP fixpoint;  // mu a. F (fold) or nu a. F (unfold)
    NodeP body;
    Env env;
  };
  using RecursionP = std::shared_ptr<const Recursion>;
  // The nested mu / nu binders entered on the way down a functor.
  using Binders = std::vector<TypeP>;

  static const Type* find_binder(const Binders& binders, const std::string& var) {
    for (std::size_t i = binders.size(); i-- > 0;)
      if (binders[i]->var == var) return binders[i].get();
    return nullptr;
  }

  // map_F f v: f at every position of the fixpoint's variable `var` in v : F, left to right,
  // through products, sums and nested mu (eagerly) and nu (lazily) types.
  template <class F>
  static ValueP<S> map_functor(const TypeP& type, const ValueP<S>& v, const std::string& var,
                               Binders& binders, const F& f) {
    if (type->closed()) return v;
    switch (type->kind) {
      case TypeKind::Var: {
        const Type* binder = find_binder(binders, type->var);
        if (binder == nullptr) return f(v);
        for (std::size_t i = binders.size(); i-- > 0;)
          if (binders[i].get() == binder) {
            const TypeP nested = binders[i];  // a copy: the recursion pushes onto `binders`
            return map_functor(nested, v, var, binders, f);
          }
        return v;
      }
      case TypeKind::Prod: {
        ValueP<S> left = map_functor(type->left, v->first, var, binders, f);
        return pair_value<S>(std::move(left), map_functor(type->right, v->second, var, binders, f));
      }
      case TypeKind::Sum:
        return inject_value<S>(v->tag, map_functor(type->ctors[v->tag].second, v->first, var, binders, f));
      case TypeKind::Mu: {
        if (type->var == var) return v;
        binders.push_back(type);
        ValueP<S> payload = map_functor(type->body, v->first, var, binders, f);
        binders.pop_back();
        return roll_value<S>(std::move(payload));
      }
      case TypeKind::Nu: {
        if (type->var == var) return v;
        Binders captured = binders;
        return lazy_value<S>([type, v, var, captured, f]() mutable {
          captured.push_back(type);
          return map_functor(type->body, v->force(), var, captured, f);
        });
      }
      default: return v;
    }
  }

  // fold (roll v) with x -> e'  =  e'[x := map_F (fold - with x -> e') v]
  static ValueP<S> fold_node(const RecursionP& r, const ValueP<S>& rolled) {
    Binders binders;
    auto recurse = [r](const ValueP<S>& child) { return fold_node(r, child); };
    ValueP<S> mapped = map_functor(r->fixpoint->body, rolled->first, r->fixpoint->var, binders, recurse);
    return eval(r->body, extend(r->env, std::move(mapped)));
  }

  // unroll (unfold s with x -> e')  =  map_F (unfold - with x -> e') (e'[x := s]), lazily
  static ValueP<S> unfold_node(const RecursionP& r, const ValueP<S>& seed) {
    return lazy_value<S>([r, seed]() {
      ValueP<S> step = eval(r->body, extend(r->env, seed));
      Binders binders;
      auto recurse = [r](const ValueP<S>& s) { return unfold_node(r, s); };
      return map_functor(r->fixpoint->body, step, r->fixpoint->var, binders, recurse);
    });
  }

  static ValueP<S> boolean(bool b) { return inject_value<S>(b ? 1 : 0, unit_value<S>()); }

  template <class F>
  static ValueP<S> elementwise(const Value<S>& like, F f) {
    std::vector<S> out;
    out.reserve(like.reals.size());
    for (std::size_t i = 0; i < like.reals.size(); ++i) out.push_back(f(i));
    return real_value<S>(like.shape, std::move(out));
  }

  static void require(bool ok, const char* prim, const Node& t, double x) {
    if (!ok)
      throw DomainError(std::string(prim) + " at " + t.where() + " of " + std::to_string(x) +
                        ", outside its domain");
  }

  static S unary(Op op, const S& x) {
    using std::cos, std::exp, std::log, std::sin, std::sqrt, std::tanh;
    const S one = ScalarTraits<S>::constant(1);
    switch (op) {
      case Op::Neg: return -x;
      case Op::Sin: return sin(x);
      case Op::Cos: return cos(x);
      case Op::Exp: return exp(x);
      case Op::Log: return log(x);
      case Op::Sqrt: return sqrt(x);
      case Op::Tanh: return tanh(x);
      case Op::Sigmoid:  // the branch that keeps exp from overflowing
        if (ScalarTraits<S>::value_of(x) >= 0) return one / (one + exp(-x));
        return exp(x) / (one + exp(x));
      case Op::Softplus:  // log(1 + exp x)
        if (ScalarTraits<S>::value_of(x) > 0) return x + ScalarTraits<S>::log1p(exp(-x));
        return ScalarTraits<S>::log1p(exp(x));
      default: break;
    }
    throw MalformedProgram("not a unary primitive");
  }

  static ValueP<S> primitive(const Node& t, const std::vector<ValueP<S>>& args) {
    using Traits = ScalarTraits<S>;
    switch (t.op) {
      case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: {
        const auto& x = args[0]->reals;
        const auto& y = args[1]->reals;
        if (t.op == Op::Div)
          for (const S& d : y) require(Traits::value_of(d) != 0, "/", t, Traits::value_of(d));
        switch (t.op) {
          case Op::Add: return elementwise(*args[0], [&](std::size_t i) -> S { return x[i] + y[i]; });
          case Op::Sub: return elementwise(*args[0], [&](std::size_t i) -> S { return x[i] - y[i]; });
          case Op::Mul: return elementwise(*args[0], [&](std::size_t i) -> S { return x[i] * y[i]; });
          default: return elementwise(*args[0], [&](std::size_t i) -> S { return x[i] / y[i]; });
        }
      }
      case Op::Lt: case Op::Gt: {
        const double x = Traits::value_of(args[0]->reals[0]);
        const double y = Traits::value_of(args[1]->reals[0]);
        return boolean(t.op == Op::Lt ? x < y : y < x);
      }
      case Op::Sum: {
        const auto& x = args[0]->reals;
        S total = x[0];
        for (std::size_t i = 1; i < x.size(); ++i) total = total + x[i];
        return real_value<S>({}, {total});
      }
      case Op::Dot: {
        const auto& u = args[0]->reals;
        const auto& v = args[1]->reals;
        S total = u[0] * v[0];
        for (std::size_t i = 1; i < u.size(); ++i) total = total + u[i] * v[i];
        return real_value<S>({}, {total});
      }
      case Op::Matvec: {
        const auto& m = args[0]->reals;
        const auto& v = args[1]->reals;
        const int rows = args[0]->shape[0], cols = args[0]->shape[1];
        std::vector<S> out;
        for (int r = 0; r < rows; ++r) {
          S total = m[r * cols] * v[0];
          for (int c = 1; c < cols; ++c) total = total + m[r * cols + c] * v[c];
          out.push_back(total);
        }
        return real_value<S>({rows}, std::move(out));
      }
      case Op::Scale: {
        const S& c = args[0]->reals[0];
        const auto& v = args[1]->reals;
        return elementwise(*args[1], [&](std::size_t i) -> S { return c * v[i]; });
      }
      case Op::Get: return real_value<S>({}, {args[0]->reals.at(std::size_t(t.index))});
      case Op::Vec: {
        std::vector<S> out;
        for (const auto& e : args) out.push_back(e->reals[0]);
        const int n = int(out.size());
        return real_value<S>({n}, std::move(out));
      }
      default: {
        const auto& x = args[0]->reals;
        if (t.op == Op::Log || t.op == Op::Sqrt)
          for (const S& e : x)
            require(Traits::value_of(e) > 0, t.op == Op::Log ? "log" : "sqrt", t, Traits::value_of(e));
        return elementwise(*args[0], [&](std::size_t i) -> S { return unary(t.op, x[i]); });
      }
    }
  }
};

// ---- Values <-> the protocol's index JSON and coordinates ----

// The mu binders in scope while walking a data type (for its type variables).
using TypeBinders = std::vector<TypeP>;

inline TypeP resolve_var(const TypeBinders& binders, const std::string& var) {
  for (std::size_t i = binders.size(); i-- > 0;)
    if (binders[i]->var == var) return binders[i];
  throw MalformedProgram("unbound type variable " + var);
}

// The value of data type `type` with discrete shape `index` (docs/adapter-protocol.md) and
// coordinates coords[pos...]; advances pos.
template <class S>
ValueP<S> value_from_index(const TypeP& type, const nlohmann::json& index, const std::vector<S>& coords,
                           std::size_t& pos, TypeBinders& binders) {
  auto expect = [&](const char* key) -> const nlohmann::json& {
    if (!index.is_object() || !index.contains(key))
      throw MalformedProgram(std::string("index: expected {\"") + key + "\": ...}, found " + index.dump());
    return index.at(key);
  };
  switch (type->kind) {
    case TypeKind::Real: {
      const int n = type->real_count();
      if (expect("reals").template get<int>() != n) throw MalformedProgram("index: wrong number of reals");
      if (pos + std::size_t(n) > coords.size()) throw MalformedProgram("too few coordinates");
      std::vector<S> data(coords.begin() + long(pos), coords.begin() + long(pos) + n);
      pos += std::size_t(n);
      return real_value<S>(type->shape, std::move(data));
    }
    case TypeKind::Unit: expect("unit"); return unit_value<S>();
    case TypeKind::Prod: {
      const auto& parts = expect("pair");
      ValueP<S> first = value_from_index<S>(type->left, parts.at(0), coords, pos, binders);
      return pair_value<S>(std::move(first), value_from_index<S>(type->right, parts.at(1), coords, pos, binders));
    }
    case TypeKind::Sum: {
      const auto& inj = expect("inject");
      const int tag = inj.at("tag").template get<int>();
      if (tag < 0 || std::size_t(tag) >= type->ctors.size()) throw MalformedProgram("index: bad tag");
      return inject_value<S>(tag, value_from_index<S>(type->ctors[tag].second, inj.at("of"), coords, pos, binders));
    }
    case TypeKind::Mu: {
      binders.push_back(type);
      ValueP<S> payload = value_from_index<S>(type->body, expect("roll"), coords, pos, binders);
      binders.pop_back();
      return roll_value<S>(std::move(payload));
    }
    case TypeKind::Var: {
      TypeBinders outer = binders;  // the binder's own scope: up to and including it
      TypeP binder = resolve_var(binders, type->var);
      while (outer.back() != binder) outer.pop_back();
      outer.pop_back();
      return value_from_index<S>(binder, index, coords, pos, outer);
    }
    default: throw MalformedProgram("index: not a data type");
  }
}

// The index JSON of `value` (of data type `type`) and its coordinates appended to `coords`.
template <class S>
nlohmann::json index_of_value(const TypeP& type, const ValueP<S>& value, std::vector<S>& coords,
                              TypeBinders& binders) {
  using nlohmann::json;
  switch (type->kind) {
    case TypeKind::Real:
      coords.insert(coords.end(), value->reals.begin(), value->reals.end());
      return json{{"reals", value->reals.size()}};
    case TypeKind::Unit: return json{{"unit", true}};
    case TypeKind::Prod: {
      json first = index_of_value<S>(type->left, value->first, coords, binders);
      return json{{"pair", json::array({first, index_of_value<S>(type->right, value->second, coords, binders)})}};
    }
    case TypeKind::Sum: {
      const auto& [name, payload] = type->ctors.at(std::size_t(value->tag));
      return json{{"inject", {{"ctor", name}, {"tag", value->tag},
                              {"of", index_of_value<S>(payload, value->first, coords, binders)}}}};
    }
    case TypeKind::Mu: {
      binders.push_back(type);
      json payload = index_of_value<S>(type->body, value->first, coords, binders);
      binders.pop_back();
      return json{{"roll", std::move(payload)}};
    }
    case TypeKind::Var: {
      TypeBinders outer = binders;
      TypeP binder = resolve_var(binders, type->var);
      while (outer.back() != binder) outer.pop_back();
      outer.pop_back();
      return index_of_value<S>(binder, value, coords, outer);
    }
    default: throw MalformedProgram("the output is not of a data type");
  }
}

// Runs `work` on a thread with a big stack (reserved, committed as used), for deep values.
// Exceptions thrown by `work` are re-thrown here.
inline void run_on_big_stack(const std::function<void()>& work, std::size_t bytes = std::size_t(1) << 30) {
  struct Job {
    const std::function<void()>* work;
    std::exception_ptr error;
  } job{&work, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, bytes);
  pthread_t thread;
  auto body = [](void* p) -> void* {
    Job* j = static_cast<Job*>(p);
    try {
      (*j->work)();
    } catch (...) {
      j->error = std::current_exception();
    }
    return nullptr;
  };
  const int failed = pthread_create(&thread, &attr, body, &job);
  pthread_attr_destroy(&attr);
  if (failed != 0) {
    work();  // no thread could be made: the current stack
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace chad_adapter
