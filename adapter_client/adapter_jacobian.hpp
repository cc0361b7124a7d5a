// The Jacobian an outside AD tool computes (`chad-oracle jacobian --method adapter`): one
// "jacobian" request to its adapter (docs/adapter-protocol.md), the answer read as a Jacobian
// of the same shape as the oracle's methods give, or the reason there is none: an error the
// adapter answered (unsupported, domain, crash), or a fault (a timeout, an exit, a malformed
// answer; the adapter is then restarted for the next request).
#pragma once
#include <string>

#include "adapter_client/adapter_client.hpp"
#include "references/jacobian.hpp"

namespace chad {

struct AdapterJacobian {
  enum class Outcome { Answered, ErrorAnswer, Fault };
  Outcome outcome = Outcome::Answered;
  AdapterHello hello;       // the tool, its version and precision
  JacobianResult result;    // Answered: method dual is meaningless here, the tool computed it
  // The output coordinates are the tool's (else the oracle's, in double: the tool sent none, or
  // one of another shape, which the campaign's verdict judges).
  bool output_from_tool = false;
  std::string error_kind;   // ErrorAnswer: "unsupported", "domain", "crash"
  std::string problem;      // ErrorAnswer: the adapter's message; Fault: what went wrong
};

// A program whose output type is not a data type is a located SourceError. Called inside
// run_with_deep_stack. The output's
// shape at `input` is found by running the program in double (its domain errors propagate as
// DomainError). Throws AdapterStartError when the adapter cannot be started.
AdapterJacobian jacobian_by_adapter(AdapterClient& client, const std::string& program_text,
                                    const CheckedProgram& program, const NormalForm<double>& input);

}  // namespace chad
