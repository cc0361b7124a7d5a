// Hand-written Gaussian-mixture log-likelihood (issue 13 benchmarks), the same function as
// bench/programs/gmm_d<D>_k<K>.chad (see its comment for the formula), over the input's
// normal-form coordinates: alphas (K), means (K x D, row-major), logprec (K x D), then the
// points (D each). Templated on the scalar (double: the physical limit; adouble: ADOL-C).
#pragma once
#include <cmath>
#include <cstddef>

namespace chad::bench {

template <int D, int K, class T>
T gmm_log_likelihood(const T* in, std::size_t points) {
  using std::exp, std::log;
  const T* alphas = in;
  const T* means = in + K;
  const T* logprec = in + K + K * D;
  const T* xs = in + K + 2 * K * D;
  T prec[K * D], norm[K];
  T prior = 0, weights = 0;
  for (int j = 0; j < K; ++j) {
    norm[j] = alphas[j];
    weights += exp(alphas[j]);
    for (int c = 0; c < D; ++c) {
      prec[j * D + c] = exp(logprec[j * D + c]);
      norm[j] += logprec[j * D + c];
      prior += 0.5 * prec[j * D + c] * prec[j * D + c] - logprec[j * D + c];
    }
  }
  const T log_weights_total = log(weights);
  T total = prior;
  for (std::size_t i = 0; i < points; ++i) {
    const T* x = xs + i * D;
    T mixture = 0;
    for (int j = 0; j < K; ++j) {
      T squares = 0;
      for (int c = 0; c < D; ++c) {
        T scaled = prec[j * D + c] * (x[c] - means[j * D + c]);
        squares += scaled * scaled;
      }
      mixture += exp(norm[j] - 0.5 * squares);
    }
    total += log(mixture) - log_weights_total;
  }
  return total;
}

}  // namespace chad::bench
