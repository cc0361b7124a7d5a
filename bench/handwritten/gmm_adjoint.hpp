// Hand-written adjoint of the Gaussian-mixture log-likelihood (issue 33, the ADBench "Manual"
// style: the reverse pass written by hand, no tape, no AD tool): the value and gradient of
// gmm_log_likelihood<D, K> (gmm.hpp, the same function as bench/programs/gmm_d<D>_k<K>.chad)
// over the input's normal-form coordinates: alphas (K), means (K x D), logprec (K x D), then
// the points (D each); the gradient covers every coordinate, the points' included.
// Per point, with s = prec (x - mean) and e_j = exp(norm_j - 0.5 |s_j|^2), the term is
// log(sum_j e_j) - log(sum exp(alphas)); its reverse pass runs right after its forward pass
// (w_j = e_j / sum e is the adjoint of norm_j, -w_j s_jc the adjoint of s_jc), so nothing is
// kept across points. The shared parameters' adjoints are finished once after the last point.
#pragma once
#include <cmath>
#include <cstddef>
#include <vector>

namespace chad::bench {

// Returns the log-likelihood; writes all K + 2 K D + n D coordinates of the gradient.
template <int D, int K>
double gmm_adjoint(const double* in, std::size_t points, double* gradient, std::vector<double>& /*work*/) {
  using std::exp, std::log;
  const double* alphas = in;
  const double* means = in + K;
  const double* logprec = in + K + K * D;
  const double* xs = in + K + 2 * K * D;
  double* alphas_adjoint = gradient;
  double* means_adjoint = gradient + K;
  double* logprec_adjoint = gradient + K + K * D;
  double* xs_adjoint = gradient + K + 2 * K * D;
  double prec[K * D], norm[K], exp_alphas[K];
  double prior = 0, weights = 0;
  for (int j = 0; j < K; ++j) {
    norm[j] = alphas[j];
    exp_alphas[j] = exp(alphas[j]);
    weights += exp_alphas[j];
    for (int c = 0; c < D; ++c) {
      prec[j * D + c] = exp(logprec[j * D + c]);
      norm[j] += logprec[j * D + c];
      prior += 0.5 * prec[j * D + c] * prec[j * D + c] - logprec[j * D + c];
    }
  }
  const double log_weights_total = log(weights);
  double norm_adjoint[K] = {}, prec_adjoint[K * D] = {};
  for (int i = 0; i < K * D; ++i) means_adjoint[i] = 0;
  double total = prior;
  for (std::size_t i = 0; i < points; ++i) {
    const double* x = xs + i * D;
    double* x_adjoint = xs_adjoint + i * D;
    double scaled[K * D], component[K];
    double mixture = 0;
    for (int j = 0; j < K; ++j) {
      double squares = 0;
      for (int c = 0; c < D; ++c) {
        scaled[j * D + c] = prec[j * D + c] * (x[c] - means[j * D + c]);
        squares += scaled[j * D + c] * scaled[j * D + c];
      }
      component[j] = exp(norm[j] - 0.5 * squares);
      mixture += component[j];
    }
    total += log(mixture) - log_weights_total;
    // Reverse: the term's adjoint is 1.
    for (int c = 0; c < D; ++c) x_adjoint[c] = 0;
    const double inverse_mixture = 1 / mixture;
    for (int j = 0; j < K; ++j) {
      const double w = component[j] * inverse_mixture;
      norm_adjoint[j] += w;
      for (int c = 0; c < D; ++c) {
        const int jc = j * D + c;
        const double scaled_adjoint = -w * scaled[jc];
        prec_adjoint[jc] += scaled_adjoint * (x[c] - means[jc]);
        const double difference_adjoint = scaled_adjoint * prec[jc];
        x_adjoint[c] += difference_adjoint;
        means_adjoint[jc] -= difference_adjoint;
      }
    }
  }
  // The shared parameters: -n log(weights), the prior, norm = alphas + row sums of logprec.
  const double weights_adjoint = -double(points) / weights;
  for (int j = 0; j < K; ++j) {
    alphas_adjoint[j] = norm_adjoint[j] + weights_adjoint * exp_alphas[j];
    for (int c = 0; c < D; ++c) {
      const int jc = j * D + c;
      logprec_adjoint[jc] = norm_adjoint[j] + (prec_adjoint[jc] + prec[jc]) * prec[jc] - 1;
    }
  }
  return total;
}

}  // namespace chad::bench
