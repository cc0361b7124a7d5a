#include "syntax/array_primitive_types.hpp"

namespace chad {

bool is_array_second_set(PrimOp op) {
  switch (op) {
    case PrimOp::Mean: case PrimOp::Prod: case PrimOp::Logsumexp: case PrimOp::Softmax:
    case PrimOp::Norm: case PrimOp::Cumsum: case PrimOp::Matmul: case PrimOp::Transpose:
    case PrimOp::Outer:
      return true;
    default: return false;
  }
}

TypeP array_second_set_result_type(PrimOp op, const std::vector<TypeP>& a) {
  for (const auto& t : a)
    if (t->kind != TypeKind::Real) return nullptr;
  auto rank = [&](std::size_t i) { return a[i]->shape.size(); };
  switch (op) {
    case PrimOp::Mean: case PrimOp::Prod: case PrimOp::Norm:
      return a.size() == 1 ? real_type() : nullptr;
    case PrimOp::Logsumexp: return a.size() == 1 && rank(0) == 1 ? real_type() : nullptr;
    case PrimOp::Softmax: case PrimOp::Cumsum: return a.size() == 1 && rank(0) == 1 ? a[0] : nullptr;
    case PrimOp::Transpose:
      return a.size() == 1 && rank(0) == 2 ? real_type({a[0]->shape[1], a[0]->shape[0]}) : nullptr;
    case PrimOp::Matmul:
      return a.size() == 2 && rank(0) == 2 && rank(1) == 2 && a[0]->shape[1] == a[1]->shape[0]
                 ? real_type({a[0]->shape[0], a[1]->shape[1]})
                 : nullptr;
    case PrimOp::Outer:
      return a.size() == 2 && rank(0) == 1 && rank(1) == 1 ? real_type({a[0]->shape[0], a[1]->shape[0]})
                                                            : nullptr;
    default: return nullptr;
  }
}

const char* array_second_set_expects(PrimOp op) {
  switch (op) {
    case PrimOp::Mean: case PrimOp::Prod: case PrimOp::Norm: return "a real or an array `real[s]`";
    case PrimOp::Logsumexp: case PrimOp::Softmax: case PrimOp::Cumsum: return "a vector `real[n]`";
    case PrimOp::Transpose: return "a matrix `real[m, n]`";
    case PrimOp::Matmul: return "two matrices `real[m, k] * real[k, n]`";
    case PrimOp::Outer: return "two vectors `real[m] * real[n]`";
    default: return "?";
  }
}

}  // namespace chad
