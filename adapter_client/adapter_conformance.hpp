// The adapter protocol's own conformance suite (docs/adapter-protocol.md; `chad-oracle
// check-adapter`): what an adapter must do before its campaigns mean anything.
//   handshake        a hello with protocol 1, a tool name, a version, a precision, known translations;
//   examples         each examples/*.chad whose input and output are data types: the full
//                    Jacobian, a JVP and a VJP at its `-- at:` point, judged by check_by_adapter
//                    (a pass is required; "unsupported" is allowed, and counted, except for a
//                    program inside the fragment the hello declares: declining it fails);
//   order 2          where the hello declares `hvp` or `hessian`: the Hessians of a handful of
//                    programs derived by hand, judged as `campaign --order 2` judges them
//                    (oracle/order2_conformance.hpp); not asked of an adapter declaring neither;
//   ids              two requests in a row: each answered once, echoing its id;
//   domain error     `log(x)` at x = -1 answered as an error of kind "domain";
//   unknown request  a request of an unknown kind answered by an error, the adapter still alive
//                    and answering the next request;
//   bye              `bye` makes the adapter exit with status 0 within 5 seconds.
#pragma once
#include <string>
#include <vector>

#include "adapter_client/adapter_client.hpp"

namespace chad {

struct ConformanceCheck {
  std::string name;
  bool passed = false;
  bool unsupported = false;  // an example outside the tool's fragment (passes, counted)
  std::string reason;        // why it failed, or what was seen
};

struct ConformanceReport {
  std::optional<AdapterHello> hello;  // none when the handshake failed
  std::vector<ConformanceCheck> checks;
  bool passed() const;
  std::size_t unsupported() const;
};

// The examples the suite judges: the *.chad files of `examples_dir` whose input and output are
// data types and which have a `-- at:` point, sorted by name.
std::vector<std::string> conformance_examples(const std::string& examples_dir);

// Runs the suite against the adapter `options.command` (started here, stopped at the end).
// Called inside run_with_deep_stack.
ConformanceReport check_adapter_conformance(const AdapterOptions& options, const std::string& examples_dir);

}  // namespace chad
