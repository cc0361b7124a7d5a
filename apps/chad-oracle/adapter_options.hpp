// The command-line options that name an adapter (docs/adapter-protocol.md), shared by campaign,
// verify, jacobian and replay: --adapter 'CMD' and --adapter-timeout SECONDS.
#pragma once
#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "campaigns/campaign_options_text.hpp"  // start_adapter
#include "adapter_client/adapter_client.hpp"

namespace chad {

void add_adapter_options(CLI::App& cmd, std::string& adapter, double& timeout_seconds);

}  // namespace chad
