// Calling a compiled kernel (codegen/runtime/chad_kernel_abi.h) from the issue-13 benchmarks:
// the input's tags and coordinates in, every vector the kernel writes out (primal: the output's
// coordinates; rev with one seed: the output's coordinates, then the input cotangent).
// Thinner than codegen/kernel_call.hpp's call_kernel, for timing: the tags are made once per
// input rather than from the Index at every call, and the output buffers are reused.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "benchmark_inputs.hpp"
#include "chad_kernel_abi.h"

namespace chad::bench {

struct KernelOutput {
  std::vector<int> tags;
  std::vector<std::vector<double>> vectors;
};

class KernelRunner {
 public:
  explicit KernelRunner(chad_kernel_fn kernel) : kernel_(kernel) {}

  // primal: seeds ignored; rev of a scalar-valued program: the one seed 1.0 gives the gradient.
  const KernelOutput& run(const BenchInput& input, const std::vector<double>& seeds = {}) {
    output_.tags.clear();
    used_ = 0;
    chad_kernel_call call{};
    call.input_tags = input.tags.data();
    call.input_tag_count = input.tags.size();
    call.input = input.coords.data();
    call.input_dimension = input.coords.size();
    call.seeds = seeds.empty() ? nullptr : seeds.data();
    call.seed_count = seeds.empty() ? 0 : seeds.size();
    call.sink.context = this;
    call.sink.index = [](void* self, const int* tags, size_t count) {
      static_cast<KernelRunner*>(self)->output_.tags.assign(tags, tags + count);
    };
    call.sink.vector = [](void* self, const double* coords, size_t count) {
      KernelRunner& runner = *static_cast<KernelRunner*>(self);
      if (runner.used_ == runner.output_.vectors.size()) runner.output_.vectors.emplace_back();
      runner.output_.vectors[runner.used_++].assign(coords, coords + count);
    };
    const int code = kernel_(&call);
    if (code != CHAD_KERNEL_OK)
      throw std::runtime_error("kernel failed (code " + std::to_string(code) + "): " + call.message);
    output_.vectors.resize(used_);
    return output_;
  }

 private:
  chad_kernel_fn kernel_;
  KernelOutput output_;
  std::size_t used_ = 0;
};

}  // namespace chad::bench
