// The Jacobian of a checked program by string-diagram reverse AD (`sd-rev`): translate main
// into a diagram, take its adjoint along a foliation, run the forward pass at the input, and
// pull back the one-hot cotangents of the output's fibre through the backpropagator (one row
// each), as chad-rev does (oracle/chad_jacobian.hpp). This is the entry point the oracle and
// the campaigns call; programs outside the fragment give a FragmentError.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "diagrams/adjoint.hpp"
#include "diagrams/translate.hpp"
#include "model/normal_form.hpp"

namespace chad::diagrams {

struct SdJacobian {
  Index output_index;
  std::vector<double> output;                 // primal output coordinates
  std::vector<std::vector<double>> jacobian;  // [output][input]
};

struct SdOptions {
  std::optional<std::uint64_t> foliation_seed;  // none: the maximal foliation
  const RuleTable* rules = nullptr;             // none: default_rules()
};

// Preconditions: the output type is a data type; `input` has the input type's shape; called
// inside run_with_deep_stack. Throws FragmentError outside the fragment, DomainError where a
// primitive is applied outside its domain.
SdJacobian sd_jacobian(const CheckedProgram& program, const NormalForm<double>& input,
                       const SdOptions& options = {});

// The same, on an already translated diagram.
SdJacobian sd_jacobian(const CheckedProgram& program, const Diagram& diagram,
                       const NormalForm<double>& input, const SdOptions& options = {});

}  // namespace chad::diagrams
