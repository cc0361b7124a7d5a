// The conformance suite's second-order cases (oracle/order2_conformance.hpp: a list's product,
// Horner, a softplus network, a fold, a case) as test vectors, for a tool run without the oracle:
// `chad-oracle vectors` writes them to DIR/order2_cases.jsonl, one JSON object per case with the
// program, its translations, the input and output as a `differentiate` request carries them, and
// `hessian` (the Hessians derived by hand as hex floats, `by_hand`, and their certified (MPFI)
// enclosures, [output][input][input]) and `hvp` (a cotangent w, one seed v and the certified
// enclosure of H_w v). An answer entry is judged inside its enclosure widened by `band` relative
// to max(1, |entry|) (the default band; a tool declaring `second_order_band` is judged in its own).
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace chad {

// Every case's vector, in the suite's order. Called inside run_with_deep_stack.
std::vector<nlohmann::json> order2_conformance_vectors(const std::vector<std::string>& translations);

}  // namespace chad
