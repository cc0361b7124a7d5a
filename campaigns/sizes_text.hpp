// A list of input sizes on the command line ("100,400,1600"): `cost --sizes` and
// `campaign --cost-sizes`, the sizes an input's lists and trees are grown to.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "campaigns/command_line_location.hpp"

namespace chad {

// Reads `text` as sizes >= 1, at least `at_least` of them; `increasing` asks each to be larger
// than the one before, otherwise they must only not all be equal. Anything else is a SourceError
// at `where` naming `option`.
std::vector<std::size_t> parse_sizes_option(const std::string& option, const std::string& text,
                                            std::size_t at_least, bool increasing,
                                            const Loc& where = command_line_loc());

}  // namespace chad
