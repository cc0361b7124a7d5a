// Hand-written two-layer MLP squared error (issue 13 benchmarks), the same function as
// bench/programs/mlp.chad, over the input's normal-form coordinates: w1 (16 x 8, row-major),
// b1 (16), w2 (4 x 16), b2 (4), then each example's x (8) and y (4). Templated on the scalar
// (double: the physical limit; adouble: ADOL-C).
#pragma once
#include <cmath>
#include <cstddef>

namespace chad::bench {

inline constexpr int mlp_inputs = 8, mlp_hidden = 16, mlp_outputs = 4;
inline constexpr int mlp_parameters =
    mlp_hidden * mlp_inputs + mlp_hidden + mlp_outputs * mlp_hidden + mlp_outputs;
inline constexpr int mlp_example_size = mlp_inputs + mlp_outputs;

template <class T>
T mlp_loss(const T* in, std::size_t examples) {
  using std::exp, std::tanh;
  const T* w1 = in;
  const T* b1 = w1 + mlp_hidden * mlp_inputs;
  const T* w2 = b1 + mlp_hidden;
  const T* b2 = w2 + mlp_outputs * mlp_hidden;
  const T* data = b2 + mlp_outputs;
  T loss = 0;
  for (std::size_t i = 0; i < examples; ++i) {
    const T* x = data + i * mlp_example_size;
    const T* y = x + mlp_inputs;
    T hidden[mlp_hidden];
    for (int r = 0; r < mlp_hidden; ++r) {
      T a = b1[r];
      for (int c = 0; c < mlp_inputs; ++c) a += w1[r * mlp_inputs + c] * x[c];
      hidden[r] = tanh(a);
    }
    for (int r = 0; r < mlp_outputs; ++r) {
      T a = b2[r];
      for (int c = 0; c < mlp_hidden; ++c) a += w2[r * mlp_hidden + c] * hidden[c];
      T error = 1 / (1 + exp(-a)) - y[r];
      loss += error * error;
    }
  }
  return loss;
}

}  // namespace chad::bench
