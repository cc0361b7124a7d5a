// Vector-mode dual numbers with sparse tangents (model/vector_dual.hpp, model/sparse_tangent.hpp)
// on generated straight-line programs of every arithmetic operation and unary primitive: each
// tangent component k of every intermediate value equals the tangent of a scalar pass (Dual<S>)
// seeded with direction k, and equals the component of the same pass with dense seeds (every
// component present, zeros included): == for double (so up to the sign of a zero, which the
// references never report), the same endpoints for MPFI intervals. Pass widths range from one
// trie level (<= 64 directions) to four (> 64^3), with the seeded directions spread over them.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <optional>

#include "model/vector_dual.hpp"

namespace chad {
namespace {

struct Instruction {
  PrimOp op;
  std::size_t left, right;  // earlier values (right unused by unary primitives)
};

struct StraightLine {
  std::vector<double> inputs;
  std::vector<std::size_t> direction;  // per input: its direction, or `width` for none
  std::size_t width = 1;
  std::vector<Instruction> code;
};

const std::vector<PrimOp> kOps = {PrimOp::Add, PrimOp::Sub, PrimOp::Mul, PrimOp::Div, PrimOp::Neg,
                                    PrimOp::Sin, PrimOp::Cos, PrimOp::Exp, PrimOp::Tanh, PrimOp::Sigmoid,
                                    PrimOp::Softplus, PrimOp::Log, PrimOp::Sqrt};

rc::Gen<StraightLine> straight_line() {
  return rc::gen::exec([] {
    StraightLine p;
    p.width = *rc::gen::element<std::size_t>(1, 2, 5, 64, 65, 700, 4096, 4097, 300000);
    const std::size_t inputs = *rc::gen::inRange<std::size_t>(1, 7);
    for (std::size_t i = 0; i < inputs; ++i) {
      p.inputs.push_back(*rc::gen::element(0.0, 1.0, -1.0, 0.5, 2.0, -3.25, 0.1, 7.0));
      // Either unseeded or a direction (several inputs may share one).
      p.direction.push_back(*rc::gen::weightedOneOf<std::size_t>(
          {{1, rc::gen::just(p.width)}, {3, rc::gen::inRange<std::size_t>(0, p.width)}}));
    }
    const std::size_t length = *rc::gen::inRange<std::size_t>(1, 25);
    for (std::size_t i = 0; i < length; ++i) {
      const std::size_t available = inputs + i;
      p.code.push_back({*rc::gen::elementOf(kOps), *rc::gen::inRange<std::size_t>(0, available),
                        *rc::gen::inRange<std::size_t>(0, available)});
    }
    return p;
  });
}

// Every value of the program (inputs first), or nullopt where a log / sqrt / division leaves
// its domain (the evaluator raises a DomainError there, before any tangent is computed) or a
// value is not finite.
template <class D>
std::optional<std::vector<D>> run(const StraightLine& p, std::vector<D> values) {
  for (const Instruction& in : p.code) {
    const D& a = values[in.left];
    const D& b = values[in.right];
    const double av = ScalarTraits<D>::to_double(a);
    const double bv = ScalarTraits<D>::to_double(b);
    if ((in.op == PrimOp::Log || in.op == PrimOp::Sqrt) && !(av > 0.01)) return std::nullopt;
    if (in.op == PrimOp::Div && !(std::fabs(bv) > 0.01)) return std::nullopt;
    D result;
    switch (in.op) {
      case PrimOp::Add: result = a + b; break;
      case PrimOp::Sub: result = a - b; break;
      case PrimOp::Mul: result = a * b; break;
      case PrimOp::Div: result = a / b; break;
      case PrimOp::Neg: result = -a; break;
      default: result = apply_unary(in.op, a);
    }
    // Finite values only: with an infinite value, a null tangent (zero in every direction) is
    // not what a scalar pass computes (0 * inf is NaN); the references then fail anyway
    // (references/finite_result.hpp).
    if (!(std::fabs(ScalarTraits<D>::to_double(result)) <= 1e6)) return std::nullopt;
    values.push_back(std::move(result));
  }
  return values;
}

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }
bool same(const Mpfi& a, const Mpfi& b) {
  const auto& x = a.backend().data()[0];
  const auto& y = b.backend().data()[0];
  return (mpfr_equal_p(&x.left, &y.left) || (mpfr_nan_p(&x.left) && mpfr_nan_p(&y.left))) &&
         (mpfr_equal_p(&x.right, &y.right) || (mpfr_nan_p(&x.right) && mpfr_nan_p(&y.right)));
}

template <class S>
void check_against_scalar_passes(const StraightLine& p) {
  using Traits = ScalarTraits<S>;
  const bool dense_seeds_too = p.width <= 4097;
  std::vector<VectorDual<S>> sparse_in, dense_in;
  for (std::size_t i = 0; i < p.inputs.size(); ++i) {
    const S x = Traits::from_double(p.inputs[i]);
    const std::size_t d = p.direction[i];
    VectorDual<S> s{x}, e{x};
    if (d < p.width) {
      s.tangent = SparseTangent<S>::unit(p.width, d, S(1));
      if (dense_seeds_too)
        e.tangent = SparseTangent<S>::dense(p.width, [&](std::size_t k) { return S(k == d ? 1 : 0); });
    }
    sparse_in.push_back(std::move(s));
    dense_in.push_back(std::move(e));
  }
  const auto sparse = run(p, sparse_in);
  if (!sparse) RC_DISCARD("leaves a domain");
  const auto dense = dense_seeds_too ? run(p, dense_in) : std::nullopt;
  // The directions compared: every seeded one and two unseeded ones (zero in every scalar pass).
  std::vector<std::size_t> directions(p.direction.begin(), p.direction.end());
  directions.push_back(*rc::gen::inRange<std::size_t>(0, p.width));
  directions.push_back(p.width - 1);
  for (std::size_t k : directions) {
    if (k >= p.width) continue;
    std::vector<Dual<S>> scalar_in;
    for (std::size_t i = 0; i < p.inputs.size(); ++i)
      scalar_in.push_back({Traits::from_double(p.inputs[i]), S(p.direction[i] == k ? 1 : 0)});
    const auto scalar = run(p, scalar_in);
    RC_ASSERT(scalar.has_value());
    for (std::size_t v = 0; v < scalar->size(); ++v) {
      RC_ASSERT(same((*sparse)[v].value, (*scalar)[v].value));
      RC_ASSERT(same((*sparse)[v].tangent_at(k), (*scalar)[v].tangent));
      if (dense) RC_ASSERT(same((*dense)[v].tangent_at(k), (*scalar)[v].tangent));
    }
  }
}

RC_GTEST_PROP(VectorDualProperty, DoubleComponentsEqualScalarPassesExactly, ()) {
  check_against_scalar_passes<double>(*straight_line());
}

RC_GTEST_PROP(VectorDualProperty, IntervalComponentsHaveTheScalarPassesEndpoints, ()) {
  check_against_scalar_passes<Mpfi>(*straight_line());
}

}  // namespace
}  // namespace chad
