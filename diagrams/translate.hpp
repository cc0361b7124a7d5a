// Translation of checked source programs of the simply typed fragment (real, real[..], unit,
// products, functions; variables, literals, array literals, pairs, projections, let, lambda,
// application, ascription and the primitives other than the comparisons) into linearized
// hierarchical string diagrams. Anything else is a FragmentError naming the first unsupported
// former (or type) with its file:line:column.
#pragma once
#include "diagrams/diagram.hpp"
#include "syntax/type_checker.hpp"

namespace chad::diagrams {

class FragmentError : public SourceError {
 public:
  FragmentError(Loc loc, const std::string& message) : SourceError(std::move(loc), message) {}
};

// Whether a type is in the fragment: real[..], unit, products and functions of those.
bool in_fragment(const TypeP& type);

// The entry point as a diagram with one input (the input type t1 * ... * tn) and one output;
// the defs' lets and the entry's lambda are reduced away while translating. Linearized.
Diagram translate_main(const CheckedProgram& program);

// Whether translate_main succeeds (no FragmentError).
bool program_in_fragment(const CheckedProgram& program);

}  // namespace chad::diagrams
