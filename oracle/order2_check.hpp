// The judge at second order: CHAD differentiated twice (oracle/chad_hessian.hpp: forward over
// its reverse derivative for a mode's Reverse check, forward over its forward derivative for
// Forward) against the certified Hessian (references/hessian.hpp), entry by entry, with the
// verdict words and discrepancy text of first order ("d2 output[i] / d input[j] d input[k]: CHAD
// gives x, the certified reference encloses [lo, hi]") and the same precision band
// (ScreenTolerance). Screen then certify: the hyper-dual Hessian in double first, the MPFI one
// only where the screen disagrees. Judged only where the program is twice differentiable at
// the point: a comparison, kink or domain edge there is a `skip` ("not differentiable here").
// `campaign --order 2` (through check_case) and `verify --order 2` run it.
#pragma once
#include <string>

#include "oracle/campaign.hpp"
#include "judge/case.hpp"
#include "judge/implementation_under_test.hpp"

namespace chad {

// method: ChadForwardOverReverse or ChadForwardOverForward (the discrepancy names it).
CheckOutcome check_order2(Case& k, const CampaignOptions& options, ChadMode mode, SumsStrategy sums);

// The second-order checks of `tested` (ImplementationUnderTest::second_order_checks) of a case,
// into `out` (its order, verdict and checks): a skip with the reason where the output is not a
// data type or the program has no second derivative to judge here. check_case
// (oracle/campaign.hpp) calls it when the options' order is 2, so campaigns at order 2 have the
// engine's workers, resume, shrinking and reports.
void judge_at_order2(const ImplementationUnderTest& tested, Case& k, ProgramOutcome& out, StageSeconds* seconds);

// Every order-2 check of a case by the options' implementation (its order need not be 2).
ProgramOutcome check_case_order2(const CampaignOptions& options, Case& k);

}  // namespace chad
