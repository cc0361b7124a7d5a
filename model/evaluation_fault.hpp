// EvaluationFault: a value of the wrong kind or shape met where the evaluator of CHAD's output
// combines values (adding two (co)tangents, applying a linear function, projecting a pair,
// reading a primitive's operands, folding a copower, walking a fold's (co)tangents). A
// well-typed output of a correct CHAD never raises it; a faulty CHAD (a zero of the wrong
// shape, say) does, instead of reading memory that is not there. The oracle records it as a
// `fault` verdict with the reason. The checks are one comparison of a kind or a size each.
#pragma once
#include <string>
#include <vector>

#include "model/value.hpp"

namespace chad {

class EvaluationFault : public InternalError {
 public:
  explicit EvaluationFault(const std::string& reason)
      : InternalError("CHAD's output combines values of different kinds or shapes: " + reason), reason_(reason) {}
  const std::string& reason() const { return reason_; }

 private:
  std::string reason_;
};

// "a real", "an array", "a pair", ... (for the reasons).
inline const char* value_kind_name(ValueKind kind) {
  switch (kind) {
    case ValueKind::Scalar: return "a real";
    case ValueKind::Array: return "an array";
    case ValueKind::Unit: return "a unit";
    case ValueKind::Pair: return "a pair";
    case ValueKind::Inject: return "an injection";
    case ValueKind::Roll: return "a rolled value";
    case ValueKind::Closure: return "a function";
    case ValueKind::Lazy: return "a stream";
    case ValueKind::Zero: return "a zero";
    case ValueKind::Copower: return "a copower";
    case ValueKind::Env: return "a packed environment";
  }
  return "a value";
}

// "[2, 3]"
inline std::string shape_text(const std::vector<int>& shape) {
  std::string s = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

[[noreturn]] inline void throw_kind_fault(ValueKind found, const char* expected, const char* where) {
  throw EvaluationFault(std::string(where) + ": expected " + expected + ", found " + value_kind_name(found));
}

// `v` has kind `kind` (else EvaluationFault naming `where`).
template <class S>
inline const Value<S>& require_kind(const Value<S>& v, ValueKind kind, const char* where) {
  if (v.kind != kind) [[unlikely]]
    throw_kind_fault(v.kind, value_kind_name(kind), where);
  return v;
}

// `v` is a real (a scalar or an array) holding `count` entries.
template <class S>
inline void require_reals(const Value<S>& v, std::size_t count, const char* where) {
  const bool scalar = v.kind == ValueKind::Scalar;
  if (!scalar && v.kind != ValueKind::Array) [[unlikely]]
    throw_kind_fault(v.kind, "a real or an array", where);
  const std::size_t found = scalar ? 1 : v.extra->data.size();
  if (found != count) [[unlikely]]
    throw EvaluationFault(std::string(where) + ": expected " + std::to_string(count) + " entries, found " +
                          (scalar ? std::string("a real") : "an array of shape " + shape_text(v.extra->shape)));
}

}  // namespace chad
