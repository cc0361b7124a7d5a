// Hand-written adjoint of the two-layer MLP squared error (issue 33, the ADBench "Manual"
// style: the reverse pass written by hand, no tape, no AD tool): the value and gradient of
// mlp_loss (mlp.hpp, the same function as bench/programs/mlp.chad) over the input's
// normal-form coordinates: w1 (16 x 8), b1 (16), w2 (4 x 16), b2 (4), then each example's x (8)
// and y (4); the gradient covers every coordinate, the examples' included. Each example's
// reverse pass runs right after its forward pass; the weights' adjoints accumulate in place.
#pragma once
#include <cmath>
#include <cstddef>
#include <vector>

#include "mlp.hpp"

namespace chad::bench {

// Returns the loss; writes all mlp_parameters + n mlp_example_size coordinates of the gradient.
inline double mlp_adjoint(const double* in, std::size_t examples, double* gradient, std::vector<double>& /*work*/) {
  using std::exp, std::tanh;
  constexpr int I = mlp_inputs, H = mlp_hidden, O = mlp_outputs;
  const double* w1 = in;
  const double* b1 = w1 + H * I;
  const double* w2 = b1 + H;
  const double* b2 = w2 + O * H;
  const double* data = b2 + O;
  double* w1_adjoint = gradient;
  double* b1_adjoint = w1_adjoint + H * I;
  double* w2_adjoint = b1_adjoint + H;
  double* b2_adjoint = w2_adjoint + O * H;
  double* data_adjoint = b2_adjoint + O;
  for (int i = 0; i < mlp_parameters; ++i) gradient[i] = 0;
  double loss = 0;
  for (std::size_t e = 0; e < examples; ++e) {
    const double* x = data + e * mlp_example_size;
    const double* y = x + I;
    double* x_adjoint = data_adjoint + e * mlp_example_size;
    double* y_adjoint = x_adjoint + I;
    double hidden[H];
    for (int r = 0; r < H; ++r) {
      double a = b1[r];
      for (int c = 0; c < I; ++c) a += w1[r * I + c] * x[c];
      hidden[r] = tanh(a);
    }
    double hidden_adjoint[H] = {};
    for (int r = 0; r < O; ++r) {
      double a = b2[r];
      for (int c = 0; c < H; ++c) a += w2[r * H + c] * hidden[c];
      const double sigmoid = 1 / (1 + exp(-a));
      const double error = sigmoid - y[r];
      loss += error * error;
      // Reverse of this output: error's adjoint 2 error, then through the sigmoid.
      y_adjoint[r] = -2 * error;
      const double a_adjoint = 2 * error * sigmoid * (1 - sigmoid);
      b2_adjoint[r] += a_adjoint;
      for (int c = 0; c < H; ++c) {
        w2_adjoint[r * H + c] += a_adjoint * hidden[c];
        hidden_adjoint[c] += a_adjoint * w2[r * H + c];
      }
    }
    for (int c = 0; c < I; ++c) x_adjoint[c] = 0;
    for (int r = 0; r < H; ++r) {
      const double a_adjoint = hidden_adjoint[r] * (1 - hidden[r] * hidden[r]);
      b1_adjoint[r] += a_adjoint;
      for (int c = 0; c < I; ++c) {
        w1_adjoint[r * I + c] += a_adjoint * x[c];
        x_adjoint[c] += a_adjoint * w1[r * I + c];
      }
    }
  }
  return loss;
}

}  // namespace chad::bench
