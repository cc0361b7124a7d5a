// Blame: a first version that names nothing (the search over subterms follows).
#include "oracle/blame.hpp"

namespace chad {

Blame blame_failure(const CampaignOptions&, const GeneratedCase&, ChadMode mode, SumsStrategy sums) {
  Blame b;
  b.mode = mode;
  b.sums = sums;
  b.reason = "blame is not implemented yet";
  return b;
}

}  // namespace chad
