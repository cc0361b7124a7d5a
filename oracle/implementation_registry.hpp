// The implementations under test by name: `Implementation` and its name (a campaign's
// --implementation) to the ImplementationUnderTest that judges it
// (oracle/implementation_under_test.hpp). A new one is one file defining its factory, its row
// (and its factory's declaration) in oracle/implementation_registry.cpp, and its value of
// `Implementation` (oracle/campaign.hpp).
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "oracle/implementation_under_test.hpp"

namespace chad {

// The implementation a campaign's options name, judging with those options (which it refers to:
// they must outlive it).
std::unique_ptr<ImplementationUnderTest> implementation_under_test(const CampaignOptions& options);

// The implementation called `name` (implementation_name's), or nullopt.
std::optional<Implementation> implementation_named(const std::string& name);

// "chad, chad-compiled, sd-rev, adapter": every implementation's name, as messages list them.
std::string implementation_names();

}  // namespace chad
