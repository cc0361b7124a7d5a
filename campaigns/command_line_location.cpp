#include "campaigns/command_line_location.hpp"

namespace chad {

Loc command_line_loc() { return Loc{intern_file_name("<command line>"), 0, 0}; }

}  // namespace chad
