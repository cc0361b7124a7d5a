// Selections of Jacobian rows or columns as written on the command line (`jacobian --rows R
// --cols C`): comma-separated coordinates and half-open ranges `a:b` (a <= k < b), e.g.
// `0:10,17`. Errors are SourceErrors located in the option's pseudo-file (`<--rows>`, `<--cols>`).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace chad {

// The selected coordinates in increasing order, each once. Throws SourceError on a malformed or
// empty selection, located at the offending character of `text` in the file `<option>`.
std::vector<std::size_t> parse_coordinate_selection(const std::string& text, const std::string& option);

// Throws SourceError (in `<option>`) unless every selected coordinate is below `count`.
void require_selection_within(const std::vector<std::size_t>& selection, std::size_t count,
                              const std::string& option, const std::string& what);

}  // namespace chad
