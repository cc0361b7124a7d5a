#include "semantics/array_primitive_ops.hpp"

#include "model/array_primitives.hpp"
#include "model/scalar_list.hpp"
#include "model/second_order_scalar_list.hpp"
#include "model/tape_scalar_list.hpp"
#include "semantics/evaluate.hpp"

namespace chad {
namespace {

template <class S>
std::vector<S> entries(const Value<S>& v) {
  if (v.kind == ValueKind::Scalar) return {v.scalar};
  return v.extra->data;
}
template <class S>
int dim(const Value<S>& v, int i) { return v.extra->shape[std::size_t(i)]; }

// Where the evaluator keeps a comparison trace, norm's kink (the zero vector: a point, no side
// to compare) is recorded as hypot's is, one record per entry: the entry in `x`, the norm (the
// distance to the kink) in `y` and the margin (0 at the kink). A finite difference compares a
// run of them to see whether its step moved the vector further than that distance
// (references/fd_kinks.hpp).
template <class S>
void record_norms_kink(Loc loc, const std::vector<S>& v, const S& norm) {
  const double distance = ScalarTraits<S>::to_double(norm);
  for (const S& x : v) comparison_trace->push_back({loc, true, distance, "norm", ScalarTraits<S>::to_double(x), distance});
}

}  // namespace

template <class S>
std::uint64_t array_second_set_scalar_ops(const Term& t, const Value<S>* const* args) {
  const Value<S>& a = *args[0];
  switch (t.op) {
    case PrimOp::Matmul: return std::uint64_t(dim(a, 0)) * dim(a, 1) * dim(*args[1], 1);
    case PrimOp::Outer: return std::uint64_t(dim(a, 0)) * dim(*args[1], 0);
    default: return a.kind == ValueKind::Scalar ? 1 : a.extra->data.size();
  }
}

template <class S>
ValueP<S> apply_array_second_set(const Term& t, const Value<S>* const* args) {
  namespace am = array_math;
  const Value<S>& a = *args[0];
  switch (t.op) {
    case PrimOp::Mean: return scalar_value<S>(am::mean(entries(a)));
    case PrimOp::Prod: return scalar_value<S>(am::prod(entries(a)));
    case PrimOp::Norm: {
      const std::vector<S> v = entries(a);
      S norm = am::norm(v, t.loc);
      if (comparison_trace) record_norms_kink<S>(t.loc, v, norm);
      return scalar_value<S>(std::move(norm));
    }
    case PrimOp::Logsumexp: return scalar_value<S>(am::logsumexp(entries(a)));
    case PrimOp::Softmax: return array_value<S>(a.extra->shape, am::softmax(entries(a)));
    case PrimOp::Cumsum: return array_value<S>(a.extra->shape, am::cumsum(entries(a)));
    case PrimOp::Transpose:
      return array_value<S>({dim(a, 1), dim(a, 0)}, am::transpose(entries(a), dim(a, 0), dim(a, 1)));
    case PrimOp::Matmul: {
      const Value<S>& b = *args[1];
      return array_value<S>({dim(a, 0), dim(b, 1)},
                            am::matmul(entries(a), entries(b), dim(a, 0), dim(a, 1), dim(b, 1)));
    }
    case PrimOp::Outer: {
      const Value<S>& b = *args[1];
      return array_value<S>({dim(a, 0), dim(b, 0)}, am::outer(entries(a), entries(b)));
    }
    default: CHAD_INTERNAL_ASSERT(false, std::string("not an array primitive of the second set: ") + prim_name(t.op));
  }
  return nullptr;
}

#define CHAD_INSTANTIATE_ARRAY_SECOND_SET(S) \
  template ValueP<S> apply_array_second_set<S>(const Term&, const Value<S>* const*); \
  template std::uint64_t array_second_set_scalar_ops<S>(const Term&, const Value<S>* const*);
CHAD_FOR_EACH_SCALAR(CHAD_INSTANTIATE_ARRAY_SECOND_SET)
CHAD_FOR_EACH_SECOND_ORDER_SCALAR(CHAD_INSTANTIATE_ARRAY_SECOND_SET)
CHAD_FOR_EACH_TAPE_SCALAR(CHAD_INSTANTIATE_ARRAY_SECOND_SET)

}  // namespace chad
