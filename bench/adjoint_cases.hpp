// The issue-33 benchmark programs with their hand-written primal and hand-written adjoint
// (bench/handwritten/), their input layout and their benchmark input at a list length n: what
// the adjoint's certified check (bench/tests/), the gradient dump for the peers
// (bench/handwritten_gradient.cpp) and bench_compiled share. horner_closure is the same
// function as horner, so it shares horner's primal and adjoint.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "benchmark_inputs.hpp"
#include "handwritten/gmm.hpp"
#include "handwritten/gmm_adjoint.hpp"
#include "handwritten/horner.hpp"
#include "handwritten/horner_adjoint.hpp"
#include "handwritten/mlp.hpp"
#include "handwritten/mlp_adjoint.hpp"
#include "handwritten/ode.hpp"
#include "handwritten/ode_adjoint.hpp"

namespace chad::bench {

// Value and gradient (every input coordinate) at in; `work` is scratch the adjoint may reuse.
using HandwrittenAdjoint = double (*)(const double* in, std::size_t n, double* gradient, std::vector<double>& work);
using HandwrittenPrimal = double (*)(const double* in, std::size_t n);

struct AdjointCase {
  std::string name;  // bench/programs/<name>.chad
  InputLayout layout;
  BenchInput (*input)(std::size_t n);
  HandwrittenPrimal primal;
  HandwrittenAdjoint adjoint;
};

inline std::vector<AdjointCase> adjoint_cases() {
  return {
      {"horner", horner_layout(), horner_input, horner_value<double>, horner_adjoint},
      {"horner_closure", horner_layout(), horner_input, horner_value<double>, horner_adjoint},
      {"gmm_d2_k5", gmm_layout<2, 5>(), gmm_input<2, 5>, gmm_log_likelihood<2, 5, double>, gmm_adjoint<2, 5>},
      {"gmm_d10_k25", gmm_layout<10, 25>(), gmm_input<10, 25>, gmm_log_likelihood<10, 25, double>,
       gmm_adjoint<10, 25>},
      {"mlp", mlp_layout(), mlp_input, mlp_loss<double>, mlp_adjoint},
      {"ode", ode_layout(), ode_input, ode_objective<double>, ode_adjoint},
  };
}

}  // namespace chad::bench
