#include "order2_verify.hpp"

#include <iostream>
#include <nlohmann/json.hpp>

#include "command_context.hpp"
#include "exit_codes.hpp"
#include "oracle/campaign_log.hpp"
#include "oracle/order2_check.hpp"
#include "point_option.hpp"

namespace chad {

int verify_order2(const std::string& file, const std::string& at, const CampaignOptions& options, bool json) {
  const CheckedProgram program = load_program(file);
  const std::string point = point_text(program, at, json);
  Case k(GeneratedCase{loaded_program_text(file), point}, file);
  ProgramOutcome o = check_case_order2(options, k);
  o.order = 2;
  if (json) {
    std::cout << outcome_json(o).dump(2) << "\n";
  } else {
    std::cout << "order 2: " << verdict_name(o.verdict) << (o.detail.empty() ? "" : ": " + o.detail) << "\n";
    for (const CheckOutcome& c : o.checks)
      std::cout << "  " << check_mode_name(c) << " (" << sums_strategy_name(c.sums) << "): " << verdict_name(c.verdict)
                << (c.detail.empty() ? "" : ": " + c.detail) << "\n";
  }
  return is_failure(o.verdict) ? kExitCheckFailed : kExitOk;
}

}  // namespace chad
