// The second set's elementwise primitives (log1p expm1 atan erf abs ^ pow atan2 hypot max min) for
// the tool-side evaluator (json_program_interpreter.hpp). Each is translated by the tool's OWN
// function, listed in ScalarTraits<S>::own_functions() (op name -> the function called) and applied
// by ScalarTraits<S>::own; a primitive a tool has no function for is neither declared nor
// approximated by a composition: it is answered "unsupported". The spec's domains are checked on
// the current values first (log1p above -1, pow's base positive, atan2 not at (0, 0): DomainError),
// and `x ^ 0` is the constant 1 (language.md: "x ^ 0 = 1", derivative 0 everywhere; the tools'
// pow(x, 0.0) has a derivative 0 * x^-1, NaN at x = 0), not a call.
#pragma once
#include <string>
#include <vector>

#include "json_program.hpp"
#include "json_program_values.hpp"

namespace chad_adapter {

inline bool is_elementwise_second_set(Op op) {
  for (const auto& [text, o] : elementwise_second_set_ops())
    if (o == op) return true;
  return false;
}

// Whether the scalar type S has a function of its own for `op` (its ScalarTraits list it).
template <class S>
bool has_own_function(const std::string& name) {
  for (const OwnFunction& f : ScalarTraits<S>::own_functions())
    if (name == f.op) return true;
  return false;
}

// The declared fragment's "primitives" for a tool of scalar type S: every op translated for all
// tools, then the second set's elementwise ones S has a function of its own for.
template <class S>
std::vector<std::string> declared_primitives() {
  std::vector<std::string> names = translated_primitives();
  for (const auto& [text, op] : elementwise_second_set_ops())
    if (has_own_function<S>(text)) names.emplace_back(text);
  return names;
}

// For hello's notes: which of the tool's functions each declared elementwise primitive of the
// second set calls ("own functions: atan -> atan(const badouble&), ...").
template <class S>
std::string own_functions_note() {
  std::string note = "own functions:";
  const char* separator = " ";
  for (const OwnFunction& f : ScalarTraits<S>::own_functions()) {
    note += separator + std::string(f.op) + " -> " + f.function;
    separator = ", ";
  }
  return note;
}

// Precondition: is_elementwise_second_set(t.op), args of one shape. `where` names the node.
template <class S>
ValueP<S> apply_elementwise_second_set(Op op, int exponent, const std::string& where,
                                       const std::vector<ValueP<S>>& args) {
  using Traits = ScalarTraits<S>;
  const std::string name = op_name(op);
  if (!has_own_function<S>(name)) throw UnsupportedPrimitive(name);
  const std::vector<S>& x = args[0]->reals;
  const std::vector<S>* y = args.size() > 1 ? &args[1]->reals : nullptr;
  if (y != nullptr && y->size() != x.size())
    throw MalformedProgram(name + " at " + where + ": arguments of different sizes");
  auto outside = [&](double a, const std::string& b) {
    throw DomainError(name + " at " + where + " of " + b + ", outside its domain");
  };
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double a = Traits::value_of(x[i]);
    if (op == Op::Log1p && !(a > -1)) outside(a, std::to_string(a));
    if (op == Op::Pow && !(a > 0)) outside(a, std::to_string(a));
    if (op == Op::Atan2 && a == 0 && Traits::value_of((*y)[i]) == 0) outside(a, "(0, 0)");
  }
  std::vector<S> out;
  out.reserve(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (op == Op::IntPow && exponent == 0) out.push_back(Traits::constant(1));
    else out.push_back(Traits::own(op, x[i], y != nullptr ? (*y)[i] : x[i], exponent));
  }
  return real_value<S>(args[0]->shape, std::move(out));
}

}  // namespace chad_adapter
