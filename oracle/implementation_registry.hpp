// The implementations under test by name: a campaign's `--implementation` to the
// ImplementationUnderTest that judges it (judge/implementation_under_test.hpp). A new one is one
// file defining its factory (oracle/<name>_under_test.cpp) and one line naming it and its factory
// in oracle/implementation_registry.cpp.
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "judge/implementation_under_test.hpp"

namespace chad {

// The implementation a campaign's options name, judging with those options (which it refers to:
// they must outlive it).
std::unique_ptr<ImplementationUnderTest> implementation_under_test(const CampaignOptions& options);

// The implementation registered as `name`, or nullopt.
std::optional<Implementation> implementation_named(const std::string& name);

// "chad, chad-compiled, sd-rev, adapter, ...": every implementation's name, as messages list them.
std::string implementation_names();

}  // namespace chad
