// The conformance suite at second order (`chad-oracle check-adapter`, docs/adapter-protocol.md
// "Second order"): a handful of programs whose Hessians are derived by hand (a list's product,
// Horner's polynomial, a softplus network of two outputs, a fold, a case on a sum-typed input),
// asked of an adapter whose hello declares `hvp` or `hessian` in its `asks` (an adapter that
// declares neither is not asked). Each answer is judged as `campaign --order 2` judges it
// (oracle/adapter_order2_check.hpp: every entry within the tool's band of the certified
// enclosure); a wrong entry fails the suite, naming the entry, the answer and the enclosure.
// The hand-derived Hessian of each case is itself checked against the certified Hessian of
// references/ (never against CHAD), so that a wrong case is the suite's fault, said as such.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "adapter_client/adapter_conformance.hpp"
#include "judge/campaign_options.hpp"
#include "references/hessian.hpp"

namespace chad {

struct Order2ConformanceCase {
  std::string name;     // "product", "horner", ...
  std::string program;  // the program's text
  std::string at;       // its point, as `--at` text
  // The Hessians by hand, [output][input][input], over the point's input coordinates.
  std::function<std::vector<Matrix>()> by_hand;
};

// The cases, in a fixed order.
const std::vector<Order2ConformanceCase>& order2_conformance_cases();

// "" when every entry of the case's hand-derived Hessian lies in the certified (MPFI) enclosure
// (widened by the hand formula's own rounding: relative 1e-14), else the first entry outside.
// Called inside run_with_deep_stack.
std::string hand_hessian_problem(const Order2ConformanceCase& c);

// Whether the hello declares a second-order ask (`hvp` or `hessian` in its `asks`).
bool declares_second_order(const AdapterHello& hello);

// One check per case ("order 2: NAME") when options.adapter's hello declares a second-order
// ask, none otherwise. Called inside run_with_deep_stack.
std::vector<ConformanceCheck> order2_conformance_checks(const CampaignOptions& options);

}  // namespace chad
