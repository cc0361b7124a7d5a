#include "semantics/primitive_ops.hpp"

#include <cmath>

#include "model/primitives.hpp"
#include "model/scalar_list.hpp"
#include "model/second_order_scalar_list.hpp"
#include "model/tape_scalar_list.hpp"
#include "semantics/array_primitive_ops.hpp"
#include "semantics/evaluate.hpp"
#include "semantics/primitive_ops_second_set.hpp"
#include "semantics/real_entries.hpp"

namespace chad {
namespace {

template <class S>
ValueP<S> boolean(bool b) {
  static const ValueP<S> values[2] = {uncounted([] { return inject_value<S>(0, unit_value<S>()); }),
                                      uncounted([] { return inject_value<S>(1, unit_value<S>()); })};
  return values[b ? 1 : 0];
}

}  // namespace

template <class S>
std::uint64_t primitive_scalar_ops(const Term& t, const Value<S>* const* args) {
  switch (t.op) {
    case PrimOp::Lt: case PrimOp::Gt: return 1;
    case PrimOp::Get: case PrimOp::Vec: return 0;
    case PrimOp::Matvec: return args[0]->extra->data.size();  // rows * cols
    case PrimOp::Scale: return entry_count(*args[1]);
    case PrimOp::Mean: case PrimOp::Prod: case PrimOp::Logsumexp: case PrimOp::Softmax:
    case PrimOp::Norm: case PrimOp::Cumsum: case PrimOp::Matmul: case PrimOp::Transpose:
    case PrimOp::Outer:
      return array_second_set_scalar_ops<S>(t, args);
    default: return entry_count(*args[0]);  // elementwise, sum, dot
  }
}

template <class S>
ValueP<S> apply_primitive(const Term& t, const Value<S>* const* args) {
  using Traits = ScalarTraits<S>;
  count_scalar_ops(primitive_scalar_ops<S>(t, args));
  const char* name = prim_name(t.op);
  switch (t.op) {
    case PrimOp::Add: case PrimOp::Sub: case PrimOp::Mul: case PrimOp::Div: {
      const S* a = entries(*args[0]);
      const S* b = entries(*args[1]);
      if (t.op == PrimOp::Div)
        for (std::size_t i = 0; i < entry_count(*args[1]); ++i) Traits::require_nonzero(b[i], "/", t.loc);
      switch (t.op) {
        case PrimOp::Add: return elementwise(*args[0], [&](std::size_t i) { return a[i] + b[i]; });
        case PrimOp::Sub: return elementwise(*args[0], [&](std::size_t i) { return a[i] - b[i]; });
        case PrimOp::Mul: return elementwise(*args[0], [&](std::size_t i) { return a[i] * b[i]; });
        default: return elementwise(*args[0], [&](std::size_t i) { return a[i] / b[i]; });
      }
    }
    case PrimOp::Lt: case PrimOp::Gt: {
      const S& a = args[0]->scalar;
      const S& b = args[1]->scalar;
      bool result = t.op == PrimOp::Lt ? Traits::less(a, b, t.loc) : Traits::less(b, a, t.loc);
      if (comparison_trace)
        comparison_trace->push_back(
            {t.loc, result, std::fabs(Traits::to_double(a) - Traits::to_double(b))});
      return boolean<S>(result);
    }
    case PrimOp::Sum: {
      const S* a = entries(*args[0]);
      S total = a[0];
      for (std::size_t i = 1; i < entry_count(*args[0]); ++i) total = total + a[i];
      return scalar_value<S>(total);
    }
    case PrimOp::Dot: {
      const auto& u = args[0]->extra->data;
      const auto& v = args[1]->extra->data;
      S total = u[0] * v[0];
      for (std::size_t i = 1; i < u.size(); ++i) total = total + u[i] * v[i];
      return scalar_value<S>(total);
    }
    case PrimOp::Matvec: {
      const Value<S>& m = *args[0];
      const auto& v = args[1]->extra->data;
      const int rows = m.extra->shape[0], cols = m.extra->shape[1];
      std::vector<S> out;
      out.reserve(rows);
      for (int r = 0; r < rows; ++r) {
        S total = m.extra->data[r * cols] * v[0];
        for (int c = 1; c < cols; ++c) total = total + m.extra->data[r * cols + c] * v[c];
        out.push_back(total);
      }
      return array_value<S>({rows}, std::move(out));
    }
    case PrimOp::Scale: {
      const S& c = args[0]->scalar;
      const S* v = entries(*args[1]);
      return elementwise(*args[1], [&](std::size_t i) { return c * v[i]; });
    }
    case PrimOp::Get: return scalar_value<S>(args[0]->extra->data[t.index]);
    case PrimOp::Vec: {
      std::vector<S> out;
      out.reserve(t.args.size());
      for (std::size_t i = 0; i < t.args.size(); ++i) out.push_back(args[i]->scalar);
      const int n = int(out.size());  // before `out` is moved (argument order is unspecified)
      return array_value<S>({n}, std::move(out));
    }
    case PrimOp::Mean: case PrimOp::Prod: case PrimOp::Logsumexp: case PrimOp::Softmax:
    case PrimOp::Norm: case PrimOp::Cumsum: case PrimOp::Matmul: case PrimOp::Transpose:
    case PrimOp::Outer:
      return apply_array_second_set<S>(t, args);
    case PrimOp::Log1p: case PrimOp::Expm1: case PrimOp::Atan: case PrimOp::Erf: case PrimOp::Abs:
    case PrimOp::PowInt: case PrimOp::Pow: case PrimOp::Atan2: case PrimOp::Hypot: case PrimOp::Max:
    case PrimOp::Min:
      return apply_second_set_elementwise(t, args);  // semantics/primitive_ops_second_set.cpp
    default: {
      CHAD_INTERNAL_ASSERT(is_unary_elementwise(t.op), "unknown primitive");
      const S* a = entries(*args[0]);
      if (t.op == PrimOp::Log || t.op == PrimOp::Sqrt)
        for (std::size_t i = 0; i < entry_count(*args[0]); ++i) Traits::require_positive(a[i], name, t.loc);
      return elementwise(*args[0], [&](std::size_t i) { return apply_unary(t.op, a[i]); });
    }
  }
}

#define CHAD_INSTANTIATE_PRIMITIVES(S) \
  template ValueP<S> apply_primitive<S>(const Term&, const Value<S>* const*); \
  template std::uint64_t primitive_scalar_ops<S>(const Term&, const Value<S>* const*);
CHAD_FOR_EACH_SCALAR(CHAD_INSTANTIATE_PRIMITIVES)
CHAD_FOR_EACH_SECOND_ORDER_SCALAR(CHAD_INSTANTIATE_PRIMITIVES)
CHAD_FOR_EACH_TAPE_SCALAR(CHAD_INSTANTIATE_PRIMITIVES)

}  // namespace chad
