// The values of the tool-side interpreter (adapters/cpp/json_program_interpreter.hpp), generic in
// the scalar type S: ScalarTraits (what the interpreter needs of an AD tool's active type),
// DomainError, the value representation (reals and arrays, unit, pairs, injections, rolls,
// closures, lazy memoised values) and the conversions between a value of a data type and the
// adapter protocol's index JSON and coordinates (docs/adapter-protocol.md).
#pragma once
#include <cmath>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "json_program.hpp"

namespace chad_adapter {

// What the interpreter needs of a scalar type; specialise it for a tool's active type.
//   static double value_of(const S& x);     the current value (comparisons, domain checks)
//   static S constant(double x);             a constant (literals)
//   static S log1p(const S& x);              log(1 + x) (softplus)
template <class S>
struct ScalarTraits;

// One of the second set's elementwise primitives a scalar type translates by a function of its own:
// the op name (docs/program-json.md) and the function called (ScalarTraits<S>::own_functions).
struct OwnFunction {
  const char* op;
  const char* function;
};

template <>
struct ScalarTraits<double> {
  static double value_of(double x) { return x; }
  static double constant(double x) { return x; }
  static double log1p(double x) { return std::log1p(x); }
  // The second set's elementwise primitives, by <cmath> (the interpreter in double: timing, tests).
  static const std::vector<OwnFunction>& own_functions() {
    static const std::vector<OwnFunction> table = {
        {"log1p", "std::log1p"}, {"expm1", "std::expm1"}, {"atan", "std::atan"}, {"erf", "std::erf"},
        {"abs", "std::fabs"}, {"^", "std::pow(double, double)"}, {"pow", "std::pow"}, {"atan2", "std::atan2"},
        {"hypot", "std::hypot"}, {"max", "std::fmax"}, {"min", "std::fmin"}};
    return table;
  }
  // op is one of own_functions(); y is unused by the unary ones, n is ^'s exponent.
  static double own(Op op, double x, double y, int n) {
    switch (op) {
      case Op::Log1p: return std::log1p(x);
      case Op::Expm1: return std::expm1(x);
      case Op::Atan: return std::atan(x);
      case Op::Erf: return std::erf(x);
      case Op::Abs: return std::fabs(x);
      case Op::IntPow: return std::pow(x, double(n));
      case Op::Pow: return std::pow(x, y);
      case Op::Atan2: return std::atan2(x, y);
      case Op::Hypot: return std::hypot(x, y);
      case Op::Max: return std::fmax(x, y);
      case Op::Min: return std::fmin(x, y);
      default: throw std::logic_error("no function of its own for " + op_name(op));
    }
  }
};;

// A primitive applied outside its domain: log or sqrt of a value <= 0, division by zero.
class DomainError : public std::runtime_error {
 public:
  explicit DomainError(const std::string& message) : std::runtime_error(message) {}
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

}  // namespace chad_adapter
