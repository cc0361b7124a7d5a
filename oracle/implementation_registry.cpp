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
  const char* name;  // as --implementation takes it, and logs and reports show it
  MakeImplementation make;
};

constexpr Registered kRegistry[] = {
    {Implementation::Chad, "chad", make_chad_under_test},
    {Implementation::ChadCompiled, "chad-compiled", make_compiled_under_test},
    {Implementation::StringDiagram, "sd-rev", make_string_diagrams_under_test},
    {Implementation::Adapter, "adapter", make_adapter_under_test},
};

}  // namespace

const char* implementation_name(Implementation i) {
  for (const Registered& r : kRegistry)
    if (r.implementation == i) return r.name;
  return "?";
}

std::optional<Implementation> implementation_named(const std::string& name) {
  for (const Registered& r : kRegistry)
    if (name == r.name) return r.implementation;
  return std::nullopt;
}

std::string implementation_names() {
  std::string names;
  for (const Registered& r : kRegistry) names += (names.empty() ? "" : ", ") + std::string(r.name);
  return names;
}

std::unique_ptr<ImplementationUnderTest> implementation_under_test(const CampaignOptions& options) {
  for (const Registered& r : kRegistry)
    if (r.implementation == options.implementation) return r.make(options);
  throw std::logic_error(std::string("no implementation under test is registered for ") +
                         implementation_name(options.implementation));
}

}  // namespace chad
