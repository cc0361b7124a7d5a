// The implementations under test by name: `Implementation` (a campaign's --implementation) to the
// ImplementationUnderTest that judges it (oracle/implementation_under_test.hpp). A new one is
// one file defining its factory, and one line in oracle/implementation_registry.cpp.
#pragma once
#include <memory>

#include "oracle/implementation_under_test.hpp"

namespace chad {

// The implementation a campaign's options name, judging with those options (which it refers to:
// they must outlive it).
std::unique_ptr<ImplementationUnderTest> implementation_under_test(const CampaignOptions& options);

}  // namespace chad
