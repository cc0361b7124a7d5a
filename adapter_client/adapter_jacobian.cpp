#include "adapter_client/adapter_jacobian.hpp"

#include "model/normal_form.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/printer.hpp"

namespace chad {

AdapterJacobian jacobian_by_adapter(AdapterClient& client, const std::string& program_text,
                                    const CheckedProgram& program, const NormalForm<double>& input) {
  if (!is_data_type(program.output_type))
    throw SourceError(entry_point(program.program).loc, "the output type `" + print_type(program.output_type) +
                                                            "` is not a data type: an adapter answers over normal forms");
  AdapterJacobian out;
  out.hello = client.hello();
  const NormalForm<double> primal = normal_form<double>(
      program.output_type, run_main<double>(program, rebuild<double>(program.input_type, input.index, input.coords)));
  AdapterRequest request{program_text, &program, input, primal.index, AdapterAsk::Jacobian, {}};
  AdapterExchange exchanged = exchange_and_read(client, differentiate_request(request, 0, out.hello), request);
  if (!exchanged.answer) {
    out.outcome = AdapterJacobian::Outcome::Fault;
    out.problem = exchange_failure(out.hello.tool, exchanged, "");
    return out;
  }
  AdapterAnswer& answer = *exchanged.answer;
  if (answer.error) {
    out.outcome = AdapterJacobian::Outcome::ErrorAnswer;
    out.error_kind = answer.error_kind;
    out.problem = answer.message;
    return out;
  }
  JacobianResult& r = out.result;
  r.method = JacobianMethod::Dual;
  r.input_index = input.index;
  r.input_coords = input.coords;
  out.output_from_tool = answer.output && answer.output->index == primal.index;
  r.output_index = out.output_from_tool ? answer.output->index : primal.index;
  r.output_coords = out.output_from_tool ? answer.output->coords : primal.coords;
  r.jacobian = answer.rows;
  return out;
}

}  // namespace chad
