// Interpreted CHAD in reverse mode only (`--implementation chad-reverse-only`): the mode every
// outside tool's VJP is compared with, at half the checks of `chad`, whatever `--modes` says. It
// is interpreted CHAD (oracle/chad_under_test.cpp) with its checks, and its cost checks, narrowed
// to reverse mode (one per sums strategy); everything else, blame and the report's pictures
// included, is CHAD's. It is also the example of a new implementation under test: this file and
// one line in oracle/implementation_registry.cpp.
#include <memory>

#include "judge/implementation_under_test.hpp"

namespace chad {

std::unique_ptr<ImplementationUnderTest> make_chad_under_test(const CampaignOptions& options);

namespace {

std::vector<CheckPlan> reverse_only(const CampaignOptions& options) {
  std::vector<CheckPlan> plans;
  for (SumsStrategy sums : options.sums) plans.push_back({ChadMode::Reverse, sums});
  return plans;
}

class ChadReverseOnlyUnderTest : public ImplementationUnderTest {
 public:
  explicit ChadReverseOnlyUnderTest(const CampaignOptions& options)
      : options_(options), chad_(make_chad_under_test(options)) {}

  std::string name() const override { return chad_->name(); }
  std::optional<std::string> outside_fragment(const CheckedProgram& p) const override { return chad_->outside_fragment(p); }
  std::vector<CheckPlan> checks() const override { return reverse_only(options_); }
  CheckOutcome check(Case& k, const CheckPlan& plan, StageSeconds* s) const override { return chad_->check(k, plan, s); }
  CheckOutcome check_by_relation(Case& k, const CheckPlan& plan, StageSeconds* s) const override {
    return chad_->check_by_relation(k, plan, s);
  }
  std::vector<CheckPlan> cost_checks() const override { return reverse_only(options_); }
  CheckOutcome check_cost(Case& k, const CheckPlan& plan, StageSeconds* s) const override {
    return chad_->check_cost(k, plan, s);
  }
  bool blamed_by_chad_rules() const override { return chad_->blamed_by_chad_rules(); }
  bool draws_chad_output() const override { return chad_->draws_chad_output(); }

 private:
  const CampaignOptions& options_;
  std::unique_ptr<ImplementationUnderTest> chad_;
};

}  // namespace

std::unique_ptr<ImplementationUnderTest> make_chad_reverse_only_under_test(const CampaignOptions& options) {
  return std::make_unique<ChadReverseOnlyUnderTest>(options);
}

}  // namespace chad
