// Random well-typed programs of the source language, built backwards from the typing rules:
// a term of a goal type is a variable of that type, an introduction form for it, or an
// elimination that reaches it (application, projection, `case`, `fold`, `unroll`), within a
// size budget (fuel). Every type has a default inhabitant, so generation never fails, and a
// choice of 0 is always the simplest option, so replaying a shortened or zeroed choice
// sequence (generators/choice_source.hpp) gives a smaller program: that is how failures
// shrink. Programs are built to expose derivative faults (generators/term_generator.hpp):
// inputs and intermediate types of every array rank and aspect ratio, leaves that prefer
// variables (outputs depend on the input), every primitive at non-trivial weights and points,
// partial primitives inside their domains, and on purpose the shapes where faults hide
// (sharing, closures applied twice or passed on, folds over every element, deep streams,
// tall matvec, matrix literals with expression rows). Inputs: generators/input_generator.hpp.
#pragma once
#include <optional>
#include <set>
#include <string>

#include "generators/choice_source.hpp"
#include "syntax/program.hpp"

namespace chad {

struct GeneratorFeatures {
  bool functions = true;     // fun, application, higher-order values
  bool sums = true;          // injections and case
  bool inductive = true;     // lists and trees: roll, fold
  bool coinductive = true;   // streams: unfold, unroll
  bool arrays = true;        // real[n] and the array primitives
  bool comparisons = false;  // `<`, `>` (differentiable only away from ties)
  bool partial = true;       // log, sqrt, division (inside their domains)
  bool higher_order = true;  // outputs of function and stream types (judged by logrel/)
  // The input always holds a list or a tree (its first component), so that the cost check
  // (cost/cost_check.hpp) can grow it; off by default, on for `campaign --check cost`.
  bool inductive_input = false;
  // The second set of primitives (log1p expm1 atan erf abs ^ pow atan2 hypot max min; mean prod
  // logsumexp softmax norm cumsum matmul transpose outer) and inputs with more exact zeros (prod's
  // zero entries). Drawn per program by default (`mix`, below); `+second-set` for every program.
  bool second_set = false;
  // Inputs at the edges of floating point (generators/input_generator.hpp): magnitudes from
  // subnormal to near overflow, both signs, exact zeros and ones, points a few ulps from 0, 1 and
  // -1 (log's, sqrt's, log1p's edges; abs's kink), repeated entries (max's and min's ties); with
  // `edges` the inputs of about kEdgeSharePercent of the programs, with `edges-only` every
  // program's. Under `edges` partial primitives also read `e * e`, which reaches 0 (log's and
  // sqrt's edge, a divisor a few ulps from 0). Drawn per program by default (`mix`, below, with
  // edges-only); `+edges` for every program.
  bool edges = false;
  bool edges_only = false;
  // The shapes the generator did not make before issue #30: divisors of both signs (a positive
  // term or its negation) and rose trees, a nested inductive type (mu t. < Leaf : real | Node :
  // mu l. < Nil : unit | Cons : t * l > >), among the inputs, the folds over every element and
  // the random mu types; and list folds that read each element through an application the same
  // at every node (shape_idioms.cpp). Drawn per program by default (`mix`, below); `+shapes` for
  // every program.
  bool shapes = false;
  // Issue #30's default, the per-program mix (`--features mix` names it):
  // each program draws, from its own choices before any other (generate_case), whether it has
  // second-set, edges (then edges-only too) and shapes, on with these percents (choice 0: off, the
  // simplest). 0: not drawn, the bool above holds for every program. `+name` or `-name` forces a
  // feature on or off for every program (its percent 0); `name~P%` mixes it at P percent. A list
  // naming all eight features of the first default (as describe() writes every list) leaves
  // unnamed ones off: a campaign recorded before the mix reads back as what it drew.
  struct Mix {
    int second_set = 0, edges = 0, shapes = 0;
    bool operator==(const Mix&) const = default;
  };
  static Mix proposed_mix();  // second-set 60%, edges 15%, shapes 40% (program_generator.cpp)
  static Mix default_mix();   // the proposed mix (issue #30)
  Mix mix = default_mix();
  // Forces each for every program (drops it from the mix).
  void force_second_set(bool on) { second_set = on, mix.second_set = 0; }
  void force_edges(bool on) { edges = on, mix.edges = 0; }
  void force_shapes(bool on) { shapes = on, mix.shapes = 0; }
  // Per-primitive and per-former switches: the declared fragment of a tool under test (the
  // adapter's hello; generators/declared_fragment.hpp). A program uses only these primitives (op
  // names of docs/program-json.md) and term formers (their JSON tags); absent: every one (the
  // default, whose draws these switches leave untouched). generate_case draws again until its
  // program is inside (at most kFragmentDraws times; then the simplest program, all choices 0).
  std::optional<std::set<std::string>> primitives, formers;

  // Reads "functions,sums,-arrays,+comparisons": a name turns a feature on, "-name" off,
  // "all" / "none" set every one but inductive-input, second-set, edges, edges-only and shapes
  // (named on their own); "second-set~40%" mixes one at that percent, "mix" the three as proposed. Throws std::invalid_argument
  // naming an unknown feature or a percent outside 1..99.
  static GeneratorFeatures parse(const std::string& text);
  std::string describe() const;
};

struct GeneratedCase {
  std::string program;  // the text of one `def main (x : A) : B = ...;`
  std::string input;    // a value of A, as `--at` text (reals printed exactly)
};

inline constexpr int kFragmentDraws = 64;
// The share of a campaign's programs (feature `edges`) whose inputs are drawn at the edges.
inline constexpr int kEdgeSharePercent = 15;

// The features one program has: `features` with its mix drawn from `choices` (GeneratorFeatures::mix).
GeneratorFeatures features_of_one_program(ChoiceSource& choices, const GeneratorFeatures& features);

// `max_size`: the fuel; the program's term has about that many nodes at most.
GeneratedCase generate_case(ChoiceSource& choices, const GeneratorFeatures& features, int max_size);

}  // namespace chad
