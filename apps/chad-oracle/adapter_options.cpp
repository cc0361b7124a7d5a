#include "adapter_options.hpp"

#include "command_context.hpp"
#include "syntax/location.hpp"

namespace chad {

void add_adapter_options(CLI::App& cmd, std::string& adapter, double& timeout_seconds) {
  cmd.add_option("--adapter", adapter,
                 "the adapter's command line, run by /bin/sh (campaign: with --implementation adapter; jacobian, "
                 "hessian: with --method adapter; verify, check-adapter: on its own) "
                 "(docs/adapter-protocol.md), e.g. '/usr/bin/python3 adapters/pytorch/chad_torch_adapter.py'");
  cmd.add_option("--adapter-timeout", timeout_seconds, "seconds the adapter has for each answer")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
}

}  // namespace chad
