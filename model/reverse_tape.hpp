// A tape scalar over MPFI for the reverse order of an outside tool (docs/adapter-protocol.md, "The
// verdict, and precision"): while a ReverseTape is recording on a thread, every operation on
// TapeScalar values that depend on a recorded input appends a node: its value (an interval,
// widened as a tool rounds it under a ToolRoundingScope) and its local partials with respect to
// its arguments. The partials come from the degree-1 interval dual numbers (model/dual.hpp,
// model/primitives.hpp, model/binary_primitives.hpp: each primitive's own Taylor recurrence),
// evaluated seeded on one argument at a time: no derivative formula is written here, and nothing
// of CHAD's is read. A value that depends on no input (a literal) is a constant: no node.
// references/reverse_sweep.hpp sweeps the tape backwards from an output cotangent.
#pragma once
#include <string>
#include <vector>

#include "model/array_primitives.hpp"
#include "model/binary_primitives.hpp"
#include "model/dual.hpp"
#include "model/kinks.hpp"

namespace chad {

struct TapeScalar {
  Mpfi value{};
  int node = -1;  // its node on the recording tape; -1: a constant (depends on no input)

  TapeScalar() = default;
  explicit TapeScalar(int v) : value(v) {}  // S(0) in the evaluator: a constant
  TapeScalar(Mpfi v, int n) : value(std::move(v)), node(n) {}
};

// One recorded operation: up to two arguments' nodes with d value / d argument.
struct TapeNode {
  Mpfi value;
  std::string what;  // the operation ("*", "exp", "input 2")
  int arguments[2] = {-1, -1};
  Mpfi partials[2];
};

// Records the operations on this thread while alive (one at a time; not nested).
class ReverseTape {
 public:
  ReverseTape();
  ~ReverseTape();
  ReverseTape(const ReverseTape&) = delete;
  ReverseTape& operator=(const ReverseTape&) = delete;

  // A recorded input (a leaf) of value x, widened as a tool rounds its input under a scope.
  TapeScalar input(double x, const std::string& what);
  const std::vector<TapeNode>& nodes() const { return nodes_; }

  // Appends a node; the recording tape of this thread (internal error when none).
  int record(TapeNode node);
  static ReverseTape& current();

 private:
  std::vector<TapeNode> nodes_;
  ReverseTape* previous_;
};

TapeScalar operator+(const TapeScalar& a, const TapeScalar& b);
TapeScalar operator-(const TapeScalar& a, const TapeScalar& b);
TapeScalar operator-(const TapeScalar& a);
TapeScalar operator*(const TapeScalar& a, const TapeScalar& b);
TapeScalar operator/(const TapeScalar& a, const TapeScalar& b);
TapeScalar apply_unary(PrimOp op, const TapeScalar& x);
TapeScalar apply_binary(PrimOp op, const TapeScalar& a, const TapeScalar& b);
TapeScalar apply_pow_int(const TapeScalar& x, int n);

inline void require_smooth(PrimOp op, const TapeScalar& x, Loc loc) { kink_detail::check_unary(op, x.value, loc); }
inline void require_smooth(PrimOp op, const TapeScalar& a, const TapeScalar& b, Loc loc) {
  kink_detail::check_binary(op, a.value, b.value, loc);
}

// The array primitives' hooks (model/array_primitives.hpp; found by argument-dependent lookup):
// the shift of logsumexp and softmax is a constant, as in the dual numbers.
inline bool may_be_zero(const TapeScalar& x) { return array_math::may_be_zero(x.value); }
inline TapeScalar primal_constant(const TapeScalar& x) { return TapeScalar(x.value, -1); }
namespace array_math {
template <> inline constexpr bool carries_tangent<TapeScalar> = true;
}  // namespace array_math

template <>
struct ScalarTraits<TapeScalar> {
  using Base = ScalarTraits<Mpfi>;
  static TapeScalar from_double(double x) {
    Mpfi v = Base::from_double(x);
    widen_for_tool(v);  // a literal rounded as a tool rounds it
    return TapeScalar(std::move(v), -1);
  }
  static double to_double(const TapeScalar& x) { return Base::to_double(x.value); }
  static std::string describe(const TapeScalar& x) { return Base::describe(x.value); }
  static bool less(const TapeScalar& a, const TapeScalar& b, Loc loc) { return Base::less(a.value, b.value, loc); }
  static void require_positive(const TapeScalar& x, const char* prim, Loc loc) {
    Base::require_positive(x.value, prim, loc);
  }
  static void require_nonzero(const TapeScalar& x, const char* prim, Loc loc) {
    Base::require_nonzero(x.value, prim, loc);
  }
};

}  // namespace chad
