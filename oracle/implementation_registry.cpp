#include "oracle/implementation_registry.hpp"

#include <stdexcept>

namespace chad {

// Each defined in its own file (oracle/*_under_test.cpp).
using MakeImplementation = std::unique_ptr<ImplementationUnderTest> (*)(const CampaignOptions&);
std::unique_ptr<ImplementationUnderTest> make_chad_under_test(const CampaignOptions&);
std::unique_ptr<ImplementationUnderTest> make_compiled_under_test(const CampaignOptions&);
std::unique_ptr<ImplementationUnderTest> make_string_diagrams_under_test(const CampaignOptions&);
std::unique_ptr<ImplementationUnderTest> make_adapter_under_test(const CampaignOptions&);

namespace {

struct Registered {
  Implementation implementation;
  MakeImplementation make;
};

constexpr Registered kRegistry[] = {
    {Implementation::Chad, make_chad_under_test},
    {Implementation::ChadCompiled, make_compiled_under_test},
    {Implementation::StringDiagram, make_string_diagrams_under_test},
    {Implementation::Adapter, make_adapter_under_test},
};

}  // namespace

std::unique_ptr<ImplementationUnderTest> implementation_under_test(const CampaignOptions& options) {
  for (const Registered& r : kRegistry)
    if (r.implementation == options.implementation) return r.make(options);
  throw std::logic_error(std::string("no implementation under test is registered for ") +
                         implementation_name(options.implementation));
}

}  // namespace chad
