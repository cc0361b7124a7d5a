// The second set's array primitives for the tool-side evaluator (json_program_interpreter.hpp):
// mean prod logsumexp softmax norm cumsum matmul transpose outer, on the reals of array values
// (row-major), in the tool's active scalar S, written the way a user of the tool would: sums and
// products left to right, logsumexp and softmax shifted by the largest entry, norm scaled by its
// largest entry's magnitude (no overflow of exp or of the squares).
#pragma once
#include <cmath>
#include <vector>

#include "json_program.hpp"
#include "json_program_values.hpp"

namespace chad_adapter {

// Whether `op` is one of the second set's array primitives.
inline bool is_array_second_set(Op op) {
  switch (op) {
    case Op::Mean: case Op::Prod: case Op::Logsumexp: case Op::Softmax: case Op::Norm:
    case Op::Cumsum: case Op::Matmul: case Op::Transpose: case Op::Outer:
      return true;
    default: return false;
  }
}

// Precondition: is_array_second_set(op), args typed as docs/program-json.md says.
template <class S>
ValueP<S> apply_array_second_set(Op op, const std::vector<ValueP<S>>& args) {
  using std::exp, std::log, std::sqrt;
  using Traits = ScalarTraits<S>;
  const std::vector<S>& v = args[0]->reals;
  const std::size_t n = v.size();
  auto total = [](const std::vector<S>& xs) {
    S s = xs[0];
    for (std::size_t i = 1; i < xs.size(); ++i) s = s + xs[i];
    return s;
  };
  auto largest = [&] {
    std::size_t k = 0;
    for (std::size_t i = 1; i < n; ++i)
      if (Traits::value_of(v[i]) > Traits::value_of(v[k])) k = i;
    return k;
  };
  switch (op) {
    case Op::Mean: return real_value<S>({}, {total(v) / Traits::constant(double(n))});
    case Op::Prod: {
      S p = v[0];
      for (std::size_t i = 1; i < n; ++i) p = p * v[i];
      return real_value<S>({}, {p});
    }
    case Op::Logsumexp: case Op::Softmax: {
      const S m = Traits::constant(Traits::value_of(v[largest()]));
      std::vector<S> e;
      for (const S& x : v) e.push_back(exp(x - m));
      const S sum = total(e);
      if (op == Op::Logsumexp) return real_value<S>({}, {log(sum) + m});
      for (S& x : e) x = x / sum;
      return real_value<S>(args[0]->shape, std::move(e));
    }
    case Op::Norm: {
      double big = 0;
      for (const S& x : v) big = std::fmax(big, std::fabs(Traits::value_of(x)));
      const S scale = Traits::constant(big > 0 && std::isfinite(big) ? big : 1.0);
      S squares = Traits::constant(0);
      for (const S& x : v) squares = squares + (x / scale) * (x / scale);
      return real_value<S>({}, {sqrt(squares) * scale});
    }
    case Op::Cumsum: {
      std::vector<S> out = v;
      for (std::size_t i = 1; i < n; ++i) out[i] = out[i - 1] + out[i];
      return real_value<S>(args[0]->shape, std::move(out));
    }
    case Op::Transpose: {
      const int rows = args[0]->shape[0], cols = args[0]->shape[1];
      std::vector<S> out;
      for (int c = 0; c < cols; ++c)
        for (int r = 0; r < rows; ++r) out.push_back(v[std::size_t(r) * cols + c]);
      return real_value<S>({cols, rows}, std::move(out));
    }
    case Op::Matmul: {
      const std::vector<S>& b = args[1]->reals;
      const int rows = args[0]->shape[0], inner = args[0]->shape[1], cols = args[1]->shape[1];
      std::vector<S> out;
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
          S s = v[std::size_t(r) * inner] * b[std::size_t(c)];
          for (int j = 1; j < inner; ++j) s = s + v[std::size_t(r) * inner + j] * b[std::size_t(j) * cols + c];
          out.push_back(s);
        }
      return real_value<S>({rows, cols}, std::move(out));
    }
    case Op::Outer: {
      const std::vector<S>& w = args[1]->reals;
      std::vector<S> out;
      for (const S& x : v)
        for (const S& y : w) out.push_back(x * y);
      return real_value<S>({int(v.size()), int(w.size())}, std::move(out));
    }
    default: break;
  }
  throw MalformedProgram("not an array primitive of the second set");
}

}  // namespace chad_adapter
