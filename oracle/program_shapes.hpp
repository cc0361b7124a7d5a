// The shapes of a checked program where derivative faults hide (issue 12), detected from its
// entry point's body and types, for the campaign's per-shape counts (summary.json "shapes"):
//   "input rank 0" .. "input rank 3"  the input type holds a real array of that rank (0: real);
//   "rank 2 value", "rank 3 value"    some term of the body has a type holding such an array;
//   "tall matrix", "wide matrix", "square matrix"  a real[m, n] in the input or the body's
//                                     types with m > n, m < n, m = n;
//   "array literal, non-constant entries"  a rank-1 literal with an element mentioning a variable;
//   "array literal, non-constant rows"     a literal of rank >= 2 with a row that is an
//                                     expression (not a literal) mentioning a variable;
//   "shared variable"    a parameter of main or of a `fun` used twice or more in its scope;
//   "shared let"         a let-bound value (not a function) used twice or more;
//   "shared closure"     a let-bound function applied at two or more sites;
//   "higher-order argument"  an application whose argument is a function;
//   "list fold over every element", "tree fold over every element"  a fold over a mu type with
//                        one (list) or several (tree) recursive positions whose body is a case
//                        on the fold's variable in which every branch with a payload uses all
//                        of it (the variable itself, or both its projections);
//   "application invariant in a fold"  an application of a variable to a variable in a fold's
//                        body, both bound outside it (the same at every node: the compiled path
//                        keeps its value, codegen/fold_body_memos.cpp);
//   "deep stream"        3 or more unrolls nested through fst / snd;
//   "tall matvec"        matvec(M, v) with M : real[m, n], m > n, and v mentioning a variable;
//   "input-dependent output"  the output type holds reals and the body mentions a parameter.
#pragma once
#include <string>
#include <vector>

#include "syntax/type_checker.hpp"

namespace chad {

// Every shape name above, in that order.
const std::vector<std::string>& program_shape_names();

// The shapes `program` has (a subsequence of program_shape_names()).
std::vector<std::string> program_shapes(const CheckedProgram& program);

}  // namespace chad
