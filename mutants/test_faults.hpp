// Forwards to mutants/broken_output_faults.hpp (the faults' product name). Kept only because
// apps/chad-oracle/campaign_command.cpp includes this name and is being moved by another change
// (issue 28's campaign engine); delete this file once that file includes
// mutants/broken_output_faults.hpp.
#pragma once
#include "mutants/broken_output_faults.hpp"
