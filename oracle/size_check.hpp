// The size check (issue #30, "the shapes and sizes the generator never makes"): a share of a
// campaign's programs whose input holds a list or a tree and whose output is data are judged once
// more at their input grown to `--size-nodes` nodes (default 100,000: past 65,536, where an index
// kept in 16 bits wraps; cost/input_growth.hpp, each node's reals varied so that no two nodes are
// alike). A Jacobian there has 100,000 columns, so each mode of the campaign (with one of its sums
// strategies, size_check_plans) is judged on one directional derivative, seeded with fixed
// pseudo-random directions:
//   forward  CHAD's output tangent along an input tangent v, against dual numbers seeded with v
//            (the screen), and where they differ beyond the screen's tolerance, interval dual
//            numbers seeded with v against CHAD re-evaluated in intervals (certified);
//   reverse  CHAD's input cotangent w^T J from an output cotangent w: the screen compares
//            (w^T J) v with the dual numbers' w^T (J v), within the screen's tolerance of the
//            sums' magnitudes; where they differ, every one of its n entries against the reverse
//            sweep over MPFI of the source's own evaluation (references/reverse_sweep.hpp: nothing
//            of CHAD's), and an entry outside its enclosure by more than the screen's tolerance is
//            decided by CHAD re-evaluated in intervals.
// A program whose output holds a stream (and no stream inside a stream's body: observing that deep
// would cost the square of the depth) is judged instead by the logical relation
// (judge/relation_verdict.hpp) observing its streams 100,000 unrolls deep, compared at the far end
// (RelationReach: one pullback, not one per unroll). Each such check is named
// "fwd at 100000 nodes" / "rev at 100000 nodes" in logs and reports. A grown input at which the program has no derivative to compare (a domain error, a
// tie, an overflow, a primal past its step budget: a program quadratic in its input) adds no
// check: the size check only ever adds a verdict, never makes a program a skip.
#pragma once
#include <string>
#include <vector>

#include "judge/campaign_options.hpp"
#include "judge/case.hpp"
#include "judge/implementation_under_test.hpp"

namespace chad {

// The steps the source's evaluation may take at the grown input (a fold of 100,000 nodes with a
// body of a few dozen term nodes takes a few million).
inline constexpr std::uint64_t kSizeCheckPrimalSteps = 20'000'000;

// Whether the case is one of the size check's share (options.size_share, drawn from its program's
// text) and has something big to judge: a data output with a list or a tree in the input and a
// `fold` in the program, or a stream output (no stream in a stream) with an `unfold`.
bool size_check_sampled(const CampaignOptions& options, const Case& k);

// The plans the size check judges: one per mode of `plans`, its sums strategy drawn from the
// program's text (a 100,000-node evaluation costs what a few hundred programs do; over a campaign
// every strategy is drawn alike).
std::vector<CheckPlan> size_check_plans(const std::vector<CheckPlan>& plans, const std::string& program_text);

// " at 100000 nodes": the suffix of a size check's mode name.
std::string size_check_suffix(std::size_t nodes);

// The size checks of a case, one per mode (size_check_plans of `plans`; options.faults in force
// around CHAD's evaluation); empty where the case is not sampled or has no derivative at the grown
// input.
std::vector<CheckOutcome> check_at_size(const CampaignOptions& options, Case& k, const std::vector<CheckPlan>& plans,
                                        StageSeconds* seconds);

}  // namespace chad
