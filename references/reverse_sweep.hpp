// The reverse order of an outside tool, modelled for its verdict (docs/adapter-protocol.md, "The
// verdict, and precision", the reverse order): a reverse sweep over MPFI on the tape of the
// program's source evaluation (model/reverse_tape.hpp; nothing of CHAD's), from an output
// cotangent, accumulating interval adjoints. Under a ToolRoundingScope every value, partial,
// contribution and partial sum is widened as a tool rounds it. A float tool that differentiates
// by a reverse sweep computes those adjoints; where one exceeds the precision's range it gives
// inf or NaN, though every forward value and the derivative itself are finite.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/normal_form.hpp"
#include "model/scalar.hpp"
#include "semantics/evaluate.hpp"

namespace chad {

// The first adjoint of a sweep from any of `cotangents` (each one entry per output coordinate)
// that may exceed `largest` in magnitude, described ("the adjoint of the result of `*` (its value
// [...]) encloses [...]"): an adjoint, one contribution to it, or the sum of its contributions'
// magnitudes (a tool adds them in an order of its own); nullopt when none may. `labels` name the
// input coordinates. Throws what the evaluation throws (SourceError: a tie, a domain error).
std::optional<std::string> reverse_order_overflow(const CheckedProgram& program, const NormalForm<double>& input,
                                                  const std::vector<std::vector<double>>& cotangents, double largest,
                                                  const std::vector<std::string>& labels);

// The adjoints of the input coordinates of one sweep from `cotangent` (for tests).
std::vector<Mpfi> reverse_sweep_adjoints(const CheckedProgram& program, const NormalForm<double>& input,
                                         const std::vector<double>& cotangent);

}  // namespace chad
