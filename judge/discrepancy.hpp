// One judged Jacobian entry: the answer under test (a number computed in double, or an
// enclosure computed in intervals) against the certified reference's enclosure, and the one
// text every command prints for a discrepancy, at full precision (print_real: the shortest
// decimal that reads back exactly).
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "judge/verdict.hpp"
#include "references/jacobian.hpp"

namespace chad {

// Where and by how much an answer under test misses the certified reference.
struct Discrepancy {
  std::size_t output = 0, input = 0;  // the Jacobian entry: d output[output] / d input[input]
  std::string who;                    // the implementation under test: "CHAD", "the compiled kernel"
  Enclosure answer{0, 0};             // its answer (lo == hi for a number)
  bool answer_is_number = false;      // computed in double rather than enclosed in intervals
  Enclosure certified{0, 0};          // the certified reference's enclosure
  // The precision band a number answer is allowed around it, relative: the answer x may lie
  // tolerance * max(1, |x|) outside the certified enclosure (0 for an enclosure answer).
  double tolerance = 0;
};

// A judged check: its verdict, the reason in words, and the discrepancy (when the verdict
// comes from a Jacobian entry).
struct Judgement {
  Verdict verdict = Verdict::Pass;
  std::string reason;
  std::optional<Discrepancy> discrepancy;
};

// "d output[i] / d input[j]: CHAD encloses [lo, hi], the certified reference [lo, hi]" (an
// enclosure answer; " (an unbounded enclosure confirms nothing)" added when it is unbounded) or
// "d output[i] / d input[j]: the compiled kernel gives x, the certified reference encloses
// [lo, hi]" (a number answer).
std::string format_discrepancy(const Discrepancy& d);

// Whether an answer is confirmed by the certified enclosure: an enclosure answer must be
// bounded and meet it; a number answer must be finite and lie within its tolerance of it.
bool answer_confirmed(const Discrepancy& d);

// Judges the answer of Jacobian entry d.output, d.input: pass when confirmed, else a `fail` with
// the discrepancy and its text.
Judgement judge_entry(const Discrepancy& d);

}  // namespace chad
