// Calling a compiled kernel (codegen/runtime/chad_kernel_abi.h) over normal forms
// (model/normal_form.hpp), the way the oracle calls the evaluator: the input's index crosses
// the ABI as its constructor tags in pre-order, its coordinates as they are; the kernel's
// return code becomes the exception the evaluator would have thrown (a domain error: DomainError;
// a fault of CHAD's output, or tags and vectors of the wrong shape: KernelFault, an internal
// error, so that the oracle's verdict is `fault`).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "codegen/generate_kernel.hpp"
#include "codegen/kernel_library.hpp"
#include "model/normal_form.hpp"

namespace chad {

class KernelFault : public InternalError {
 public:
  explicit KernelFault(const std::string& reason) : InternalError("compiled kernel: " + reason), reason_(reason) {}
  const std::string& reason() const { return reason_; }

 private:
  std::string reason_;
};

// The constructor tags of `index` in pre-order: a pair's first component before its second, an
// injection's tag before its payload; reals, unit and rolls add none. E.g. the list
// `roll Cons (_, roll Cons (_, roll Nil ()))` of `mu l. < Nil : unit | Cons : real * l >` is
// {1, 1, 0}.
std::vector<int> index_tags(const Index& index);

// The inverse, for a data type: the index whose tags are `tags`. Throws KernelFault when the
// tags do not describe a value of `data_type` (too few, too many, a tag out of range).
Index index_from_tags(const TypeP& data_type, const std::vector<int>& tags);

struct KernelResult {
  Index output_index;
  std::vector<double> output;                // the primal output's coordinates
  std::vector<std::vector<double>> vectors;  // fwd: output tangents; rev: input cotangents (one per seed)
};

// Runs `kernel` (of mode `mode`) at `input`. `seeds`: seed_count tangents (fwd: the input's
// dimension each) or cotangents (rev: the output's dimension each), one after another; null:
// every one-hot vector of the fibre. Checks the shape of what the kernel writes (the number
// and length of the vectors). Throws DomainError, KernelFault.
KernelResult call_kernel(const KernelFunction& kernel, KernelMode mode, const TypeP& output_type,
                         const NormalForm<double>& input, const double* seeds = nullptr,
                         std::size_t seed_count = 0);

}  // namespace chad
