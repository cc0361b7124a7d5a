// The command-line options that name an adapter (docs/adapter-protocol.md), shared by campaign,
// verify, jacobian and replay: --adapter 'CMD' and --adapter-timeout SECONDS.
#pragma once
#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "oracle/adapter_client.hpp"

namespace chad {

void add_adapter_options(CLI::App& cmd, std::string& adapter, double& timeout_seconds);

// Starts the adapter and reads its handshake, so that a command that cannot start fails at once
// (a SourceError located at --adapter, exit code 3).
std::shared_ptr<AdapterClient> start_adapter(const std::string& command, double timeout_seconds);

}  // namespace chad
