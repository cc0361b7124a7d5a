// An outside AD tool judged at second order (docs/adapter-protocol.md, "Second order"): the tool
// is asked, among what its hello's `asks` declares, for the whole Hessian (`hessian`) and for one
// Hessian-vector product H_w v (`hvp`, fixed dyadic w and v: adapter_client/adapter_check.hpp's
// adapter_seed); each entry is judged as CHAD's second derivatives are (oracle/order2_check.hpp):
// within the band of the double hyper-dual reference, else within the band of the certified
// (MPFI) enclosure, else `fail`. The band is relative: the tool's hello declares it
// (`second_order_band`: what its nesting rounds at second order), else CHAD's (1e-9); a fail
// names it. Errors and malformed answers as at first order: `unsupported`,
// `fault` (a crash, a timeout, an answer of the wrong shape), `fail` (a domain error where the
// program is twice differentiable). A program not twice differentiable at its point (a
// comparison, kink or domain edge touched) is a `skip`, never judged.
#pragma once
#include "judge/campaign_options.hpp"
#include "judge/case.hpp"

namespace chad {

// One check of the tool's second derivatives at the case's point (options.adapter is set).
CheckOutcome check_order2_by_adapter(Case& k, const CampaignOptions& options);

}  // namespace chad
