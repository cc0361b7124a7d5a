#include "judge/implementation_under_test.hpp"

#include <stdexcept>

namespace chad {

CheckOutcome ImplementationUnderTest::check_by_relation(Case&, const CheckPlan&, StageSeconds*) const {
  throw std::logic_error(name() + " has no check by the logical relation (its fragment has data outputs only)");
}

CheckOutcome ImplementationUnderTest::check_cost(Case&, const CheckPlan&, StageSeconds*) const {
  throw std::logic_error(name() + " has no cost check");
}

CheckOutcome ImplementationUnderTest::check_second_order(Case&, const CheckPlan&, StageSeconds*) const {
  throw std::logic_error(name() + " has no second-order check");
}

std::optional<VerifyCase> ImplementationUnderTest::enclose_at(const CheckedProgram&, const NormalForm<double>&,
                                                              const CheckPlan&, const JacobianResult&,
                                                              const std::vector<Enclosure>&) const {
  return std::nullopt;
}

std::optional<std::string> ImplementationUnderTest::derivative_source(const CheckedProgram&, const CheckPlan&) const {
  return std::nullopt;
}

StageTimer::StageTimer(StageSeconds* seconds, const char* stage)
    : seconds_(seconds), stage_(stage), start_(std::chrono::steady_clock::now()) {}

StageTimer::~StageTimer() {
  if (seconds_)
    (*seconds_)[stage_] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::vector<CheckPlan> every_mode_and_sums(const CampaignOptions& options) {
  std::vector<CheckPlan> plans;
  for (ChadMode mode : options.modes)
    for (SumsStrategy sums : options.sums) plans.push_back({mode, sums});
  return plans;
}

}  // namespace chad
