// Each entry: the fault, where it lives, and what blame may rightly name. For a fault in a
// shared helper there is no single mutated rule; blame is right when it names a rule whose
// output uses the helper (for cotangent addition: the rules that emit `a + b`; for the
// inliner: the rule whose linear function is applied at several sites; for let-floating: a
// rule that binds a transformed operand before another one, where a floated let can capture)
// or, for the derivative table and the primitives' evaluation, the primitive that is wrong.
#include "mutants/fault_mutants.hpp"

namespace chad {
namespace {

using K = TermKind;
constexpr ChadMode R = ChadMode::Reverse, F = ChadMode::Forward;

// The rules whose output adds (co)tangents (LinAdd): in reverse every rule with two or more
// contributions to a cotangent, in forward the application ((f' @ v) x + y' @ (x' @ v)).
std::vector<RuleRef> adding_rules(std::optional<ChadMode> only = std::nullopt) {
  std::vector<RuleRef> rules;
  if (!only || *only == R)
    for (K k : {K::ArrayLit, K::Pair, K::Let, K::App, K::Case, K::Prim, K::Fold, K::Unfold}) rules.push_back({R, k, {}});
  if (!only || *only == F) rules.push_back({F, K::App, {}});
  return rules;
}

}  // namespace

void add_fault_mutants(std::vector<Mutant>& all) {
  auto add = [&](std::string name, std::string helper, ChadFaults faults, std::vector<RuleRef> targets,
                 std::string description) {
    const RuleRef& first = targets.front();
    Mutant m{std::move(name), std::move(description), first.mode.value_or(R), first.kind, first.op,
             RuleTable::standard(), faults, std::move(helper), std::move(targets)};
    all.push_back(std::move(m));
  };
  const TransformFault T0 = TransformFault::None;
  const EvaluatorFault E0 = EvaluatorFault::None;
  using E = EvaluatorFault;
  using T = TransformFault;
  // ---- shared helpers of the transformation ----
  add("inline-linear-drops-later-uses", "transformation: the linear inliner", {T::InlinerDropsLaterUses, E0},
      {{{}, K::Case, {}}},
      "the linear inliner also inlines a linear function bound once and applied at several sites (the "
      "scrutinee's z' in every branch of a case), at its first application; the others become z' @ 0");
  add("let-floating-captures", "transformation: let-floating (bind_pair)", {T::FloatsSourceLets, E0},
      {{{}, K::Let, {}}, {{}, K::Pair, {}}, {{}, K::App, {}}, {{}, K::Prim, {}}, {{}, K::ArrayLit, {}},
       {{}, K::Case, {}}, {{}, K::Fold, {}}, {{}, K::Unfold, {}}},
      "`let <x, x'> = d in body` floats the lets of source names out of d too, so `let y = (let x = s in t) in "
      "u` binds u's x to s, and `(let x = s in t, u)` binds the pair's later operand u's x to s (a shadowing "
      "let captures a variable of what follows)");
  // ---- the evaluator of CHAD's output: (co)tangent addition ----
  add("add-array-drops-last-entry", "evaluator: (co)tangent addition", {T0, E::AddArrayDropsLastEntry},
      adding_rules(),
      "a + b on arrays: the last entry of the sum is a's (b's last entry lost); right on scalars");
  add("add-copowers-keeps-last", "evaluator: (co)tangent addition", {T0, E::AddCopowersKeepsLast},
      adding_rules(R),
      "reverse: a + b on copowers (cotangents of functions) is b: a function used at two sites keeps only the "
      "cotangent of the last");
  all.back().functions = FunctionsStrategy::Paper;  // a fault of the paper's function (co)tangents
  add("add-functions-keeps-first", "evaluator: (co)tangent addition", {T0, E::AddFunctionsKeepsLeft},
      adding_rules(F),
      "forward: a + b on linear functions (tangents of functions) is a: an application returning a function "
      "loses the tangent through its argument");
  all.back().functions = FunctionsStrategy::Paper;  // a fault of the paper's function (co)tangents
  add("copower-fold-drops-last-term", "evaluator: copower-fold", {T0, E::CopowerFoldDropsLastTerm},
      {{R, K::Lambda, {}}, {R, K::Let, {}}, {R, K::App, {}}},
      "reverse: copower-fold w with f ignores the last term of w when w has two or more (a closure applied at "
      "two sites: the cotangent of its captured context from one application is lost)");
  all.back().functions = FunctionsStrategy::Paper;  // a fault of the paper's function (co)tangents
  // ---- a fault that depends on the context's shape ----
  add("pack-zero-test-innermost", "evaluator: pack_G (closure environments)", {T0, E::PackZeroTestInnermost},
      {{R, K::Lambda, {}}, {F, K::Lambda, {}}},
      "the efficient functions strategy: pack_G l is 0 when the component of G's innermost variable is 0, so "
      "a closure whose innermost captured variable gets no (co)tangent loses its other variables' (a zero test "
      "that looks at one variable: right in a context of one variable, wrong in larger ones)");
  all.back().functions = FunctionsStrategy::Efficient;
  // ---- deep streams ----
  add("rev-unfold-deep-drops", "evaluator: rev_unfold", {T0, E::RevUnfoldDeep}, {{R, K::Unfold, {}}},
      "reverse unfold: the nodes of the stream from depth 3 on pass back no cotangent (right at depths 1, 2)");
  add("fwd-unfold-deep-drops", "evaluator: fwd_unfold", {T0, E::FwdUnfoldDeep}, {{F, K::Unfold, {}}},
      "forward unfold: the tangent stream is 0 from depth 3 on (right at depths 1, 2)");
  // ---- matrices ----
  add("rev-matvec-wide-transpose", "evaluator: matvec^T", {T0, E::MatvecTransposeWide},
      {{R, K::Prim, PrimOp::Matvec}},
      "matvec^T(m, x; v) = (v x^T, m^T v) with the column loop stopping at `rows`: for a wide m (cols > rows) "
      "the last cols - rows columns of dm and entries of dx are 0; right on square and tall matrices");
  add("fwd-matvec-drops-dm", "evaluator: matvec'", {T0, E::MatvecForwardDropsDm}, {{F, K::Prim, PrimOp::Matvec}},
      "matvec'(m, x; dm, dx) = m dx instead of dm x + m dx (visible only when the matrix depends on the input)");
  add("rev-matmul-square-transpose", "evaluator: matmul^T", {T0, E::MatmulTransposeSquare},
      {{R, K::Prim, PrimOp::Matmul}},
      "matmul^T(a, b; u) = (u b^T, a^T u) with a^T u summing the rows of a only up to min(m, k): for a tall a "
      "(m > k) the cotangent of b misses the last m - k rows; right on square and wide matrices");
  all.back().second_set = true;
  // ---- the edges and shapes of issue #30 (divisors of both signs, nested inductive types) ----
  add("div-negative-divisor", "evaluator: division's derivative", {T0, E::DivNegativeDivisor},
      {{{}, K::Prim, PrimOp::Div}},
      "(a / b)' = da / b + a db / b^2 where b < 0 (the sign of the divisor's term lost; right for b > 0, where "
      "every divisor was drawn before issue #30)");
  all.back().shapes = true;
  add("nested-mu-drops-later-positions", "evaluator: the functorial action [h] of a fold",
      {T0, E::NestedMuDropsLaterPositions}, {{{}, K::Fold, {}}},
      "[h] over a nested inductive type (a rose tree mu t. < Leaf : real | Node : mu l. < Nil : unit | Cons : t * "
      "l > >): the (co)tangents past the inner type's first unrolling are 0 (only a node's first child passes "
      "one on; right on lists and binary trees)");
  all.back().shapes = true;
  add("tape-index-wraps-16", "evaluator: rev_fold's tape", {T0, E::TapeIndexWraps16}, {{R, K::Fold, {}}},
      "reverse fold by tape: a child's record index kept in 16 bits, so past 65,536 nodes the backward walk "
      "jumps to the wrong records (right on every input under 65,536 nodes: only the size check, "
      "oracle/size_check.hpp, reaches it)");
  all.back().size = true;
  add("fwd-unfold-wraps-16", "evaluator: fwd_unfold", {T0, E::FwdUnfoldWraps16}, {{F, K::Unfold, {}}},
      "forward unfold: a stream node's position kept in 16 bits, so the tangents of the nodes past 65,536 are 0 "
      "(right wherever a stream is observed less deep: only the size check's observation 100,000 unrolls deep "
      "reaches it)");
  all.back().size = true;
  // ---- the second set's reductions ----
  add("prod-transpose-by-division", "evaluator: prod' and prod^T", {T0, E::ProdTransposeByDivision},
      {{{}, K::Prim, PrimOp::Prod}},
      "prod_{j != i} v_j computed as prod(v) / v_i, and 0 where v_i = 0: wrong only at zero entries (one zero "
      "entry: its own derivative, the product of the others, is lost)");
  all.back().second_set = true;
  add("softmax-no-max-shift", "evaluator: softmax' and logsumexp'", {T0, E::SoftmaxNoMaxShift},
      {{{}, K::Prim, PrimOp::Logsumexp}, {{}, K::Prim, PrimOp::Softmax}},
      "softmax v = exp v / sum exp v without subtracting the largest entry: exp overflows in double for entries "
      "past about 709 (inf / inf), right for small entries");
  all.back().second_set = true;
  // ---- CHAD's derivative table ----
  add("table-sigmoid-one-plus", "derivative table: sigmoid", {T0, E::SigmoidOnePlus},
      {{{}, K::Prim, PrimOp::Sigmoid}}, "sigmoid' = s (1 + s) instead of s (1 - s), s = sigmoid x");
  add("table-tanh-one-plus", "derivative table: tanh", {T0, E::TanhOnePlus}, {{{}, K::Prim, PrimOp::Tanh}},
      "tanh' = 1 + tanh^2 instead of 1 - tanh^2");
  // ---- right at first order, wrong at second (judged by `campaign --order 2`) ----
  add("table-sigmoid-primal-detached", "derivative table: sigmoid", {T0, E::SigmoidPrimalDetached},
      {{{}, K::Prim, PrimOp::Sigmoid}},
      "sigmoid' = s (1 - s) with s = sigmoid x a constant to an outer derivative (a stop-gradient of the primal "
      "factor): its value is right, its own derivative is 0 instead of s (1 - s) (1 - 2 s)");
  all.back().order = 2;
  add("mul-primal-detached", "evaluator: * (op' and op^T)", {T0, E::MulPrimalDetached}, {{{}, K::Prim, PrimOp::Mul}},
      "(a b)' = da b + a db and (a b)^T v = (v b, v a) with the primal factors a, b constants to an outer "
      "derivative (their tangents dropped): right at first order, so d2 (x y) / dx dy is 0 instead of 1");
  all.back().order = 2;
  add("table-log-inverse-square", "derivative table: log", {T0, E::LogInverseSquare}, {{{}, K::Prim, PrimOp::Log}},
      "log' = 1/x^2 instead of 1/x (right at x = 1 only)");
  // ---- the second set's elementwise half (target_semantics/derivative_table_second_set.cpp) ----
  add("table-log1p-as-log", "derivative table: log1p", {T0, E::Log1pAsLog}, {{{}, K::Prim, PrimOp::Log1p}},
      "log1p' = 1/x (log's) instead of 1/(1 + x)");
  add("table-abs-loses-sign", "derivative table: abs", {T0, E::AbsLosesSign}, {{{}, K::Prim, PrimOp::Abs}},
      "abs' = 1 instead of sign x (right for x > 0 only)");
  add("table-pow-drops-log-partial", "derivative table: pow", {T0, E::PowDropsLogPartial},
      {{{}, K::Prim, PrimOp::Pow}},
      "pow(x, y)' = y x^(y-1) dx, the x^y log x dy term lost (right where the exponent is constant or x = 1)");
  add("table-atan2-third-quadrant", "derivative table: atan2", {T0, E::Atan2ThirdQuadrant},
      {{{}, K::Prim, PrimOp::Atan2}},
      "atan2(y, x)' = -(x dy - y dx) / (x^2 + y^2) where x < 0 and y < 0: wrong in one quadrant only");
  add("table-max-takes-min-side", "derivative table: max", {T0, E::MaxTakesMinSide}, {{{}, K::Prim, PrimOp::Max}},
      "max(x, y)' = dy where x > y and dx where y > x (min's sides)");
  for (std::size_t i = all.size() - 5; i < all.size(); ++i) all[i].second_set = true;  // the five above
}

}  // namespace chad
