// Reference second derivatives: the Hessian of each output coordinate of `main : A -> B` (A, B
// data types) at a point, over the input coordinates of the Euclidean normal forms, by three
// methods that share nothing with CHAD (model/hyper_dual.hpp's recurrences, or no derivative at
// all):
//   taylor    hyper-dual numbers (degree-2 Taylor arithmetic along two directions) in double:
//             the screen;
//   interval  the same over MPFI intervals: every entry has an enclosure certified to contain
//             the exact second derivative;
//   fd        second central differences in MPFR (256 bits) with one Richardson step: no
//             derivative formula at all.
// Entry [i][j][k] is d2 output[i] / d input[j] d input[k] (symmetric in j, k). Hessian-vector
// products H_w v = sum_i w_i H_i v are computed without forming the Hessian (n passes of one
// hyper-dual each, the Hessian's n (n + 1) / 2).
// Where a comparison ties or cannot be decided, a kink (abs, max, min, hypot, atan2, norm) is
// touched, or fd's perturbations change a comparison or the output's index, the answer is "not
// differentiable here" with the reason, never a number; an unbounded enclosure or a step lost
// to rounding is "cannot certify". Domain errors at the point propagate as DomainError; a NaN
// or infinite result is a NotFiniteResult.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "references/jacobian.hpp"

namespace chad {

enum class HessianMethod {
  Taylor,
  Interval,
  FiniteDifference,
  ChadForwardOverReverse,  // chad-fwd-over-rev: CHAD's reverse derivative run over dual numbers (oracle/)
  ChadForwardOverForward,  // chad-fwd-over-fwd: CHAD's forward derivative run over dual numbers (oracle/)
};

const char* hessian_method_name(HessianMethod method);  // "taylor", "interval", "fd", "chad-fwd-over-rev", ...
std::optional<HessianMethod> parse_hessian_method(const std::string& name);

using Matrix = std::vector<std::vector<double>>;

struct HessianResult {
  HessianMethod method = HessianMethod::Interval;
  bool differentiable = true;   // twice differentiable at the point
  std::string reason;           // why not, when !differentiable
  bool cannot_certify = false;  // with !differentiable: the method says nothing either way
  Index input_index, output_index;
  std::vector<double> input_coords, output_coords;
  std::vector<Matrix> hessian;                                  // [output][input][input]
  std::vector<std::vector<std::vector<Enclosure>>> enclosure;   // interval only
  std::vector<Matrix> error_estimate;                           // fd only
};

// The reference methods. Preconditions as for the Jacobian's (references/jacobian.hpp).
HessianResult hessian_by_taylor(const CheckedProgram& program, const NormalForm<double>& input);
HessianResult hessian_by_interval(const CheckedProgram& program, const NormalForm<double>& input);
HessianResult hessian_by_finite_differences(const CheckedProgram& program, const NormalForm<double>& input);
HessianResult reference_hessian(HessianMethod method, const CheckedProgram& program, const NormalForm<double>& input);

// H_w v for a cotangent w (one per output coordinate) and a seed v (one per input coordinate),
// by hyper-dual numbers in double (taylor) or MPFI (interval, with enclosures).
struct HessianVectorProduct {
  bool differentiable = true;
  std::string reason;
  std::vector<double> output_coords;
  std::vector<double> product;       // n entries
  std::vector<Enclosure> enclosure;  // interval only
};
HessianVectorProduct hessian_vector_product(HessianMethod method, const CheckedProgram& program,
                                            const NormalForm<double>& input, const std::vector<double>& cotangent,
                                            const std::vector<double>& seed);

}  // namespace chad
