// Where an error in a command's options is: `<command line>` (no line or column). The options
// read from text (campaign_options_text.hpp, shard.hpp, sizes_text.hpp) are located there.
#pragma once
#include "syntax/location.hpp"

namespace chad {

Loc command_line_loc();

}  // namespace chad
