// The verdict on an outside AD tool behind the adapter protocol (docs/adapter-protocol.md, "The
// verdict, and precision"), for one program with a data output: the tool is asked for the full
// Jacobian, then one JVP and one VJP with fixed seeds, and each answer (and the primal output,
// when sent) is judged:
//   pass    equal to the dual-number reference in double; or inside the certified enclosure; or
//           inside the enclosure of every value a computation in the tool's precision could
//           give when each operation errs by at most k·u (k = 8); no fixed tolerance, except
//           where no certified enclosure can be had (as CHAD: within 1e-9 of dual numbers);
//   fail    outside that last enclosure (certified under the model); a domain error the program
//           does not have within the tool's rounding; a different output shape;
//   skip    the input is within the tool's rounding of a tie or of a domain error;
//   unsupported  the adapter said the program is outside its tool's fragment;
//   fault   no usable answer: a timeout, an exit or signal, a malformed answer, an error of kind
//           "crash" (the adapter is restarted for the next check).
// An adapter that cannot be started or fails its handshake throws AdapterStartError.
#pragma once
#include <optional>
#include <string>

#include "model/tool_rounding.hpp"
#include "adapter_client/adapter_protocol.hpp"
#include "judge/campaign_options.hpp"
#include "references/jacobian.hpp"

namespace chad {

// Operations' relative error allowed per unit roundoff (docs/adapter-protocol.md).
inline constexpr double kToolRoundingsPerOperation = 8;

// Preconditions: options.adapter is set; `reference` is the differentiable dual-number Jacobian
// at `input`; `certified`, the interval one, is computed here when first needed.
CheckOutcome check_by_adapter(const CampaignOptions& options, const std::string& program_text,
                              const CheckedProgram& program, const NormalForm<double>& input,
                              const JacobianResult& reference, std::optional<JacobianResult>& certified);

// The seeds of the JVP (input tangents) and VJP (output cotangents) asked for: fixed patterns of
// small dyadic numbers, so that every product is exact in the reference's arithmetic.
std::vector<double> adapter_seed(std::size_t dimension, int which);

// The arithmetic of a tool in `precision` (model/tool_rounding.hpp: k·u relative, k·η absolute;
// η the smallest normal where the tool flushes subnormals to zero).
ToolRoundingScope tool_rounding_scope(ToolPrecision precision, Subnormals subnormals = Subnormals::Keep);

// The interval Jacobian in a tool's precision (every operation widened as above), or why there is
// none (`problem`): the input is within that rounding of a tie or of a domain error, or the
// enclosure is not finite.
struct InPrecision {
  ToolPrecision precision;
  std::optional<JacobianResult> result;
  std::string problem;
};
InPrecision jacobian_in_precision(const CheckedProgram& program, const NormalForm<double>& input,
                                  ToolPrecision precision, Subnormals subnormals = Subnormals::Keep);

// The products of an m x n matrix with a seed, in double: `jvp` (J v, v of n), `vjp` (w J, w of m).
std::vector<double> jacobian_product(const std::vector<std::vector<double>>& j, std::size_t n,
                                     const std::vector<double>& seed, AdapterAsk ask);

// Enclosures of the products of an enclosed m x n matrix with a seed: `jvp` (J v, v of n) or
// `vjp` (w J, w of m), in interval arithmetic; under a ToolRoundingScope every operation is
// widened as the tool's.
std::vector<Enclosure> product_enclosures(const std::vector<std::vector<Enclosure>>& j, std::size_t n,
                                          const std::vector<double>& seed, AdapterAsk ask);

}  // namespace chad
