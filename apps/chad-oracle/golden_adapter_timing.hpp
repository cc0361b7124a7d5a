// The golden adapter's answers to "timing" (`chad-oracle serve-adapter`; docs/adapter-protocol.md,
// "Timing"): the wall time of one evaluation of the program (the source evaluator) and of the
// asked derivative, each the fastest of its repetitions. A JVP asked of chad-fwd or a VJP of
// chad-rev is one product (the program transformed once, outside the timing: the translation
// an adapter may leave out); any other pairing is the method's whole Jacobian times the seed,
// as the adapter answers it.
#pragma once
#include <vector>

#include "chad/transformer.hpp"
#include "model/normal_form.hpp"
#include "adapter_client/adapter_protocol.hpp"
#include "references/jacobian.hpp"

namespace chad {

struct GoldenTimingRequest {
  const CheckedProgram* program = nullptr;
  NormalForm<double> input;
  Index output_index;
  AdapterAsk ask = AdapterAsk::Vjp;
  std::vector<double> seed;
  JacobianMethod method = JacobianMethod::ChadReverse;
  SumsStrategy sums = SumsStrategy::Biproduct;
  FunctionsStrategy functions = kDefaultFunctionsStrategy;
};

AdapterSeconds time_golden_answer(const GoldenTimingRequest& request);

}  // namespace chad
