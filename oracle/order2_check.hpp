// The judge at second order: CHAD differentiated twice (oracle/chad_hessian.hpp: forward over
// its reverse derivative for a mode's Reverse check, forward over its forward derivative for
// Forward) against the certified Hessian (references/hessian.hpp), entry by entry, with the
// verdict words and discrepancy text of first order ("d2 output[i] / d input[j] d input[k]: CHAD
// gives x, the certified reference encloses [lo, hi]") and the same precision band
// (ScreenTolerance). Screen then certify: the hyper-dual Hessian in double first, the MPFI one
// only where the screen disagrees. Judged only where the program is twice differentiable at
// the point: a comparison, kink or domain edge there is a `skip` ("not differentiable here").
// `campaign --order 2` and `verify --order 2` run it.
#pragma once
#include <functional>
#include <string>

#include "oracle/campaign.hpp"
#include "oracle/case.hpp"

namespace chad {

// method: ChadForwardOverReverse or ChadForwardOverForward (the discrepancy names it).
CheckOutcome check_order2(Case& k, const CampaignOptions& options, ChadMode mode, SumsStrategy sums);

// Every order-2 check of a case: one per (mode, sums strategy) of the options; a skip with the
// reason where the program has no second derivative to judge here.
ProgramOutcome check_case_order2(const CampaignOptions& options, Case& k);

// Programs 0 .. count-1 of the campaign at order 2 (in this process), each outcome handed to
// on_program; the summary counts verdicts and checks.
CampaignSummary run_campaign_order2(const CampaignOptions& options,
                                    const std::function<void(const ProgramOutcome&)>& on_program);

}  // namespace chad
