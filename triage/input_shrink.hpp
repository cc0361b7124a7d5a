// Random inputs for a fixed program (`verify --inputs`): how large the k-th of N drawn inputs
// may be (small lists and trees first, larger later, as RapidCheck grows its size), and the
// shrinking of a failing input with the program fixed: shorter lists, fewer tree nodes, reals
// moved to 0, 1, -1, small integers, fewer digits (triage/shrink_terms.hpp's input edits),
// keeping the failure `still_fails` names. Deterministic.
#pragma once
#include <functional>
#include <string>

namespace chad {

// The deepest input drawn (generators/input_generator.hpp's depth: at most this many list
// elements, this many tree levels).
constexpr int kLargestInputDepth = 6;

// The depth of draw `draw` (from 0) of `count`: growing linearly from 0 (base constructors
// only: an empty or one-element list, a leaf) to kLargestInputDepth at the last draw; 3 (the
// generator's default) when count is 1.
int input_depth(int draw, int count);

struct InputShrinkResult {
  std::string input;         // the shrunk input, as `--at` text
  std::size_t original_nodes = 0;  // term nodes of the input before and after
  std::size_t nodes = 0;
  int candidates = 0;        // candidates tried
};

// Precondition: `program_text` parses and type-checks, `input` is a value of its input type,
// and still_fails(input) holds. Candidates that do not type-check are never passed on.
InputShrinkResult shrink_input(const std::string& program_text, const std::string& input,
                               const std::function<bool(const std::string&)>& still_fails, int budget = 1000);

}  // namespace chad
