// List literals (shared/spec/language.md, "Sugar people expect"): where the expected type is a
// list-like `mu` type, `[e1, ..., en]` stands for the nested rolls. A list-like type is
// `mu l. < N : unit | C : t * l >` (ending in `N`, any n >= 0) or `mu l. < L : t | C : t * l >`
// (non-empty, ending in `L en`), constructors in either order and of any names, t free of l.
// The type checker builds the rolls (flat: a literal of a million elements recurses no deeper
// than one); print_term_with_list_literals prints a checked roll chain back as a literal.
#pragma once
#include <optional>
#include <vector>

#include "syntax/term.hpp"

namespace chad {

struct ListShape {
  TypeP element;      // t
  int cons = -1;      // the constructor over t * l
  int end = -1;       // the constructor over unit, or over t for a non-empty list
  bool non_empty = false;
};

// `[]` as parsed: an ArrayLit with no elements (make_array_literal insists on one, as an array
// has); the checker accepts it only as the empty list of a list type.
TermP make_empty_list_literal(const Loc& loc);

// The list shape of `type` when it is a list-like mu type.
std::optional<ListShape> list_shape(const TypeP& type);

// The checked rolls of a literal of the list type `mu` with shape `shape`, from its checked
// elements (at least one for a non-empty list); every node located at `loc`.
TermP build_list(const TypeP& mu, const ListShape& shape, const std::vector<TermP>& elements,
                 const Loc& loc);

// When `term` is a checked roll chain of a list-like type whose every cell is written out
// (`roll C (e, ...)`, ending in `roll N ()` or `roll L e`): its elements.
std::optional<std::vector<TermP>> list_elements(const TermP& term);

// print_term (printer.hpp), except that list_elements' chains print as list literals `[...]`
// (which read back, checked against the same type, as the same rolls). print_term itself keeps
// the rolls, which read back the same unchecked: shrinking and reports compare that text.
std::string print_term_with_list_literals(const TermP& term);

}  // namespace chad
