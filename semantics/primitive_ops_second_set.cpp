#include "semantics/primitive_ops_second_set.hpp"

#include <cmath>

#include "model/binary_primitives.hpp"
#include "model/kinks.hpp"
#include "model/scalar_list.hpp"
#include "model/second_order_scalar_list.hpp"
#include "model/tape_scalar_list.hpp"
#include "semantics/evaluate.hpp"
#include "semantics/real_entries.hpp"

namespace chad {
namespace {

// `check` on `bound`, reported as about the argument `shown` (log1p x: x + 1 > 0 is x > -1).
template <class S, class Check>
void require_about(const Check& check, const char* prim, const std::string& shown, Loc loc) {
  try {
    check();
  } catch (const DomainError& e) {
    throw DomainError(loc, prim, shown, e.undecided());
  }
}

template <class S>
void check_domain(const Term& t, const S& a, const S* b) {
  using Traits = ScalarTraits<S>;
  switch (t.op) {
    case PrimOp::Log1p:  // x > -1
      return require_about<S>([&] { Traits::require_positive(a + Traits::from_double(1), "log1p", t.loc); }, "log1p",
                              Traits::describe(a), t.loc);
    case PrimOp::Pow:  // x > 0
      return Traits::require_positive(a, "pow", t.loc);
    case PrimOp::Atan2: {  // (y, x) != (0, 0): certainly outside when both are certainly 0
      bool undecided = false;
      for (const S* side : {&a, b}) {
        try {
          Traits::require_nonzero(*side, "atan2", t.loc);
          return;
        } catch (const DomainError& e) {
          undecided = undecided || e.undecided();
        }
      }
      throw DomainError(t.loc, "atan2", "(" + Traits::describe(a) + ", " + Traits::describe(*b) + ")", undecided);
    }
    default: return;
  }
}

// Where the evaluator keeps a comparison trace (semantics/evaluate.hpp: fd compares the traces
// of its perturbed evaluations, CHAD's Jacobian in double refuses a tie), each kink is recorded
// as a comparison: abs x as x > 0, max and min as x > y, with the distance to the kink as the
// margin; hypot and atan2, whose kink is a point or a ray (no side to compare), with their
// distance to it only (the margin 0 at the kink).
template <class S>
void record_kink(const Term& t, const S& a, const S* b) {
  using Traits = ScalarTraits<S>;
  const double x = Traits::to_double(a), y = b ? Traits::to_double(*b) : 0;
  switch (t.op) {
    case PrimOp::Abs: comparison_trace->push_back({t.loc, x > 0, std::fabs(x), "abs", x, 0}); return;
    case PrimOp::Max: case PrimOp::Min:
      comparison_trace->push_back({t.loc, x > y, std::fabs(x - y), prim_name(t.op), x, y});
      return;
    case PrimOp::Hypot: comparison_trace->push_back({t.loc, true, std::hypot(x, y), "hypot", x, y}); return;
    case PrimOp::Atan2:  // atan2(y, x) = atan2(a, b): the cut is a = 0, b < 0
      comparison_trace->push_back({t.loc, true, y < 0 ? std::fabs(x) : std::hypot(x, y), "atan2", x, y});
      return;
    default: return;
  }
}

}  // namespace

bool is_second_set_elementwise(PrimOp op) {
  switch (op) {
    case PrimOp::Log1p: case PrimOp::Expm1: case PrimOp::Atan: case PrimOp::Erf: case PrimOp::Abs:
    case PrimOp::PowInt: case PrimOp::Pow: case PrimOp::Atan2: case PrimOp::Hypot: case PrimOp::Max:
    case PrimOp::Min:
      return true;
    default: return false;
  }
}

template <class S>
ValueP<S> apply_second_set_elementwise(const Term& t, const Value<S>* const* args) {
  const S* a = entries(*args[0]);
  const std::size_t n = entry_count(*args[0]);
  if (t.op == PrimOp::PowInt) return elementwise(*args[0], [&](std::size_t i) { return apply_pow_int(a[i], t.index); });
  if (is_unary_elementwise(t.op)) {
    for (std::size_t i = 0; i < n; ++i) {
      check_domain<S>(t, a[i], nullptr);
      require_smooth(t.op, a[i], t.loc);
      if (comparison_trace) record_kink<S>(t, a[i], nullptr);
    }
    return elementwise(*args[0], [&](std::size_t i) { return apply_unary(t.op, a[i]); });
  }
  const S* b = entries(*args[1]);
  for (std::size_t i = 0; i < n; ++i) {
    check_domain<S>(t, a[i], &b[i]);
    require_smooth(t.op, a[i], b[i], t.loc);
    if (comparison_trace) record_kink<S>(t, a[i], &b[i]);
  }
  return elementwise(*args[0], [&](std::size_t i) { return apply_binary(t.op, a[i], b[i]); });
}

#define CHAD_INSTANTIATE_SECOND_SET(S) \
  template ValueP<S> apply_second_set_elementwise<S>(const Term&, const Value<S>* const*);
CHAD_FOR_EACH_SCALAR(CHAD_INSTANTIATE_SECOND_SET)
CHAD_FOR_EACH_SECOND_ORDER_SCALAR(CHAD_INSTANTIATE_SECOND_SET)
CHAD_FOR_EACH_TAPE_SCALAR(CHAD_INSTANTIATE_SECOND_SET)

}  // namespace chad
