// Reference derivatives: the Jacobian of `main : A -> B` (A, B data types) at a point, by
// three methods that share nothing with CHAD (rows = output coordinates, columns = input
// coordinates of the Euclidean normal forms, model/normal_form.hpp):
//   dual      forward dual numbers in double through the evaluator;
//   interval  dual numbers over MPFI intervals: each entry has an enclosure certified to
//             contain the exact derivative;
//   fd        central differences with Richardson extrapolation in MPFR (256 bits): no
//             derivative formula at all.
// The implementations under test (CHAD's chad-fwd / chad-rev, interpreted or compiled to native
// code as chad-fwd-compiled / chad-rev-compiled; string diagrams' sd-rev) share
// the result type and the method names; they are computed in oracle/compute_jacobian.hpp,
// which this library does not link: nothing here reads what CHAD computes.
// When a comparison ties or cannot be decided at the point, or the output's index or a
// comparison changes under the perturbation used, the result is "not differentiable at this
// point" with the reason, never a number; when fd's step is lost to rounding, or an interval
// enclosure is unbounded (its bounds overflow), "cannot certify" (cannot_certify). No method returns a NaN or infinite number: that is a located
// SourceError (references/finite_result.hpp).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <cmath>

#include "model/normal_form.hpp"
#include "model/scalar.hpp"
#include "syntax/sums_strategy.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

enum class JacobianMethod {
  Dual,
  Interval,
  FiniteDifference,
  ChadForward,
  ChadReverse,
  SdReverse,
  ChadForwardCompiled,  // chad-fwd-compiled: CHAD's forward target compiled to native code (codegen/)
  ChadReverseCompiled,  // chad-rev-compiled
};

const char* method_name(JacobianMethod method);  // "dual", "interval", "fd", "chad-fwd", "chad-fwd-compiled", ...
std::optional<JacobianMethod> parse_method(const std::string& name);
inline bool is_chad_method(JacobianMethod m) {
  return m == JacobianMethod::ChadForward || m == JacobianMethod::ChadReverse ||
         m == JacobianMethod::ChadForwardCompiled || m == JacobianMethod::ChadReverseCompiled;
}

struct Enclosure {
  double lo;  // rounded down
  double hi;  // rounded up
};

// An interval's bounds rounded outward to double.
inline Enclosure enclose(const Mpfi& x) { return {lower_bound_down(x), upper_bound_up(x)}; }

// The distance between two enclosures: 0 when they meet (NaN when a bound is NaN).
inline double enclosure_gap(const Enclosure& a, const Enclosure& b) {
  if (a.hi < b.lo) return b.lo - a.hi;
  if (b.hi < a.lo) return a.lo - b.hi;
  if (std::isnan(a.lo) || std::isnan(a.hi) || std::isnan(b.lo) || std::isnan(b.hi)) return NAN;
  return 0;
}

struct JacobianResult {
  JacobianMethod method;
  SumsStrategy sums = SumsStrategy::Biproduct;  // chad-fwd / chad-rev only
  bool differentiable = true;
  std::string reason;  // why not, when !differentiable
  // With !differentiable: fd's step was lost to rounding, or an interval enclosure is unbounded,
  // so the method says nothing either way about differentiability ("cannot certify").
  bool cannot_certify = false;
  Index input_index, output_index;
  std::vector<double> input_coords, output_coords;
  std::vector<std::vector<double>> jacobian;         // [output][input]
  std::vector<std::vector<Enclosure>> enclosure;     // interval only: [output][input]
  std::vector<Enclosure> output_enclosure;           // interval only: of each output coordinate
  std::vector<std::vector<double>> error_estimate;   // fd only: Richardson error estimate
  // A selection (`jacobian --rows / --cols`): the output / input coordinates that `jacobian`'s
  // rows / columns (and enclosure's, error_estimate's) are, in increasing order; empty: all.
  std::vector<std::size_t> selected_rows, selected_cols;
};

// Which columns a reference method computes, and how many tangent directions a forward pass
// carries (dual, interval: references/forward_columns.hpp). Tangents are sparse
// (model/sparse_tangent.hpp), so a wide pass costs what its non-zero components cost: 4096
// directions make a 60,000-input gradient 15 passes. A pass's memory grows with its width where
// intermediate tangents are dense (many live values each depending on many inputs).
inline constexpr std::size_t kDefaultDirections = 4096;
struct ReferenceOptions {
  std::vector<std::size_t> columns;  // increasing input coordinates; empty: every column
  std::size_t directions = kDefaultDirections;  // >= 1
};

// options.columns, or every input coordinate when it is empty.
std::vector<std::size_t> columns_to_compute(const ReferenceOptions& options, const NormalForm<double>& input);

// The three reference methods. Preconditions: the output type is a data type; `input` has the
// input type's shape; called inside run_with_deep_stack. Domain errors at the point propagate
// as DomainError.
JacobianResult jacobian_by_dual(const CheckedProgram& program, const NormalForm<double>& input);
JacobianResult jacobian_by_interval(const CheckedProgram& program,
                                    const NormalForm<double>& input);
JacobianResult jacobian_by_finite_differences(const CheckedProgram& program,
                                              const NormalForm<double>& input);
// The same, computing only options.columns (then listed in selected_cols).
JacobianResult jacobian_by_dual(const CheckedProgram& program, const NormalForm<double>& input,
                                const ReferenceOptions& options);
JacobianResult jacobian_by_interval(const CheckedProgram& program, const NormalForm<double>& input,
                                    const ReferenceOptions& options);
JacobianResult jacobian_by_finite_differences(const CheckedProgram& program,
                                              const NormalForm<double>& input,
                                              const ReferenceOptions& options);

// `result` restricted to the rows and columns selected (increasing, in range; empty: all), as
// selected_rows / selected_cols; a selection already made is composed with it.
JacobianResult select_jacobian(JacobianResult result, const std::vector<std::size_t>& rows,
                               const std::vector<std::size_t>& cols);

}  // namespace chad
