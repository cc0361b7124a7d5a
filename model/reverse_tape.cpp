#include "model/reverse_tape.hpp"

#include <utility>

namespace chad {
namespace {

thread_local ReverseTape* recording = nullptr;

using D = Dual<Mpfi>;

// The node of `what` applied to (a, b) by `f` over interval dual numbers: f seeded on a (tangent
// 1, b's 0) gives the value and d/da, seeded on b gives d/db; a constant argument is not seeded.
// With both arguments constant the result is a constant.
template <class F>
TapeScalar binary_node(std::string what, const TapeScalar& a, const TapeScalar& b, const F& f) {
  if (a.node < 0 && b.node < 0) return TapeScalar(f(D{a.value, Mpfi(0)}, D{b.value, Mpfi(0)}).value, -1);
  TapeNode n;
  n.what = std::move(what);
  int k = 0;
  for (int side = 0; side < 2; ++side) {
    const TapeScalar& seeded = side == 0 ? a : b;
    if (seeded.node < 0) continue;
    D d = f(D{a.value, Mpfi(side == 0 ? 1 : 0)}, D{b.value, Mpfi(side == 1 ? 1 : 0)});
    if (k == 0) n.value = std::move(d.value);
    n.arguments[k] = seeded.node;
    n.partials[k++] = std::move(d.tangent);
  }
  Mpfi value = n.value;
  return TapeScalar(std::move(value), ReverseTape::current().record(std::move(n)));
}

template <class F>
TapeScalar unary_node(std::string what, const TapeScalar& x, const F& f) {
  return binary_node(std::move(what), x, TapeScalar(0), [&](const D& a, const D&) { return f(a); });
}

}  // namespace

ReverseTape::ReverseTape() : previous_(recording) { recording = this; }
ReverseTape::~ReverseTape() { recording = previous_; }

ReverseTape& ReverseTape::current() {
  CHAD_INTERNAL_ASSERT(recording != nullptr, "an operation on tape scalars with no ReverseTape recording");
  return *recording;
}

int ReverseTape::record(TapeNode node) {
  nodes_.push_back(std::move(node));
  return int(nodes_.size()) - 1;
}

TapeScalar ReverseTape::input(double x, const std::string& what) {
  TapeNode n;
  n.value = ScalarTraits<TapeScalar>::from_double(x).value;
  n.what = what;
  Mpfi value = n.value;
  return TapeScalar(std::move(value), record(std::move(n)));
}

TapeScalar operator+(const TapeScalar& a, const TapeScalar& b) {
  return binary_node("+", a, b, [](const D& x, const D& y) { return x + y; });
}
TapeScalar operator-(const TapeScalar& a, const TapeScalar& b) {
  return binary_node("-", a, b, [](const D& x, const D& y) { return x - y; });
}
TapeScalar operator-(const TapeScalar& a) {
  return unary_node("negation", a, [](const D& x) { return -x; });
}
TapeScalar operator*(const TapeScalar& a, const TapeScalar& b) {
  return binary_node("*", a, b, [](const D& x, const D& y) { return x * y; });
}
TapeScalar operator/(const TapeScalar& a, const TapeScalar& b) {
  return binary_node("/", a, b, [](const D& x, const D& y) { return x / y; });
}
TapeScalar apply_unary(PrimOp op, const TapeScalar& x) {
  return unary_node(op == PrimOp::Neg ? "negation" : prim_name(op), x, [&](const D& y) { return apply_unary(op, y); });
}
TapeScalar apply_binary(PrimOp op, const TapeScalar& a, const TapeScalar& b) {
  return binary_node(prim_name(op), a, b, [&](const D& x, const D& y) { return apply_binary(op, x, y); });
}
TapeScalar apply_pow_int(const TapeScalar& x, int n) {
  return unary_node("^ " + std::to_string(n), x, [&](const D& y) { return apply_pow_int(y, n); });
}

}  // namespace chad
