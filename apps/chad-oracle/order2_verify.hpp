// `verify --order 2`: one program at its point judged at second order (oracle/order2_check.hpp):
// CHAD differentiated twice, or an outside tool's hvp and hessian (--adapter), against the
// certified Hessian. (`campaign --order 2` is the campaign engine's, through check_case.)
#pragma once
#include <string>

#include "oracle/campaign.hpp"

namespace chad {

// The program FILE at its point (`at`: a value, or the file's `-- at:` line) at order 2, by the
// implementation of `options`. Prints each check (or, with json, the campaign log's line of it).
// Returns the exit code (1 when a check failed).
int verify_order2(const std::string& file, const std::string& at, const CampaignOptions& options, bool json);

}  // namespace chad
