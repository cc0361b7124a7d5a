#include "golden_adapter_timing.hpp"

#include "adapters/cpp/fastest_seconds.hpp"
#include "adapter_client/adapter_check.hpp"
#include "oracle/compute_jacobian.hpp"
#include "cost/cost_measure.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {

using chad_adapter::fastest_seconds;

AdapterSeconds time_golden_answer(const GoldenTimingRequest& r) {
  const CheckedProgram& program = *r.program;
  AdapterSeconds out;
  run_with_deep_stack([&] {
    out.primal = fastest_seconds(
        [&] { run_main<double>(program, rebuild<double>(program.input_type, r.input.index, r.input.coords)); });
    const bool one_product = (r.ask == AdapterAsk::Vjp && r.method == JacobianMethod::ChadReverse) ||
                             (r.ask == AdapterAsk::Jvp && r.method == JacobianMethod::ChadForward);
    if (one_product) {
      ChadOptions options{r.ask == AdapterAsk::Jvp ? ChadMode::Forward : ChadMode::Reverse, r.sums};
      options.functions = r.functions;
      const ChadProgram chad = chad_program(program, options);
      out.derivative = fastest_seconds([&] { run_one_product(program, chad, r.input, r.output_index, r.seed); });
    } else {
      out.derivative = fastest_seconds([&] {
        const JacobianResult j = compute_jacobian(program, r.input, r.method, r.sums, {}, {}, r.functions);
        if (j.differentiable && r.ask != AdapterAsk::Jacobian) jacobian_product(j.jacobian, r.input.coords.size(), r.seed, r.ask);
      });
    }
  });
  return out;
}

}  // namespace chad
