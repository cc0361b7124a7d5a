// The cost check (cost/cost_check.hpp) of an outside AD tool behind the adapter protocol:
// `campaign --implementation adapter --check cost`. The tool's own wall time, not counts: the
// program's input is grown to each of the cost sizes, and at each size the adapter is asked for
// one VJP (reverse) or one JVP (forward) with "timing": true; it answers with the seconds of one
// evaluation of the program without derivatives and of that derivative, each the fastest of its
// repetitions (docs/adapter-protocol.md, "Timing"). The rows are judged as counts are
// (judge_cost_table): the ratio at every size and the marginal growth exponents. A table that
// fails is measured a second time and judged on the faster of the two times at each size (noise
// only adds time). The answer's numbers are not judged here: the derivative check does that.
//   unsupported  the adapter's hello does not offer timing, or the program is outside its fragment;
//   skip         the output holds a function or a stream, or a domain error at a grown input;
//   fault        no usable answer (as the derivative check), at the first size;
// a size that gets no answer within the timeout after the first stops the growth there.
#pragma once
#include <string>

#include "oracle/campaign.hpp"

namespace chad {

CheckOutcome check_cost_by_adapter(const CampaignOptions& options, const std::string& program_text,
                                   const CheckedProgram& program, const NormalForm<double>& input, ChadMode mode);

}  // namespace chad
