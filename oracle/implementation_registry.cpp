#include "oracle/implementation_registry.hpp"

#include <stdexcept>

namespace chad {

// Every implementation under test, one line each: its --implementation name (as logs and reports
// show it) and the factory its own file (oracle/<name>_under_test.cpp) defines. The order is the
// order messages list them in.
#define CHAD_IMPLEMENTATIONS_UNDER_TEST(REGISTER)                \
  REGISTER("chad", make_chad_under_test)                         \
  REGISTER("chad-compiled", make_compiled_under_test)            \
  REGISTER("sd-rev", make_string_diagrams_under_test)            \
  REGISTER("adapter", make_adapter_under_test)                   \
  REGISTER("chad-reverse-only", make_chad_reverse_only_under_test)

using MakeImplementation = std::unique_ptr<ImplementationUnderTest> (*)(const CampaignOptions&);
#define CHAD_DECLARE_FACTORY(name, factory) std::unique_ptr<ImplementationUnderTest> factory(const CampaignOptions&);
CHAD_IMPLEMENTATIONS_UNDER_TEST(CHAD_DECLARE_FACTORY)
#undef CHAD_DECLARE_FACTORY

namespace {

struct Registered {
  const char* name;
  MakeImplementation make;
};

#define CHAD_REGISTRY_ROW(name, factory) {name, factory},
constexpr Registered kRegistry[] = {CHAD_IMPLEMENTATIONS_UNDER_TEST(CHAD_REGISTRY_ROW)};
#undef CHAD_REGISTRY_ROW

}  // namespace

std::optional<Implementation> implementation_named(const std::string& name) {
  for (const Registered& r : kRegistry)
    if (name == r.name) return Implementation{name};
  return std::nullopt;
}

std::string implementation_names() {
  std::string names;
  for (const Registered& r : kRegistry) names += (names.empty() ? "" : ", ") + std::string(r.name);
  return names;
}

std::unique_ptr<ImplementationUnderTest> implementation_under_test(const CampaignOptions& options) {
  for (const Registered& r : kRegistry)
    if (options.implementation.name == r.name) return r.make(options);
  throw std::logic_error("no implementation under test is registered as `" + options.implementation.name + "`");
}

}  // namespace chad
