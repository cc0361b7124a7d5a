#include "diagrams/faults.hpp"

namespace chad::diagrams {
namespace {

// Copy's dual keeps the first use's cotangent only (not addition): the fan-out of Remark 12
// loses the sensitivities of every use but one.
RuleTable copy_dual_first_only() {
  RuleTable t = default_rules();
  t[NodeKind::Copy].reverse = [](AdjointBuilder& b, std::size_t i) {
    const Node& n = b.leaf(i);
    b.emit_reverse(NodeKind::Discard, {b.cotangent[n.outputs[1]]}, {});
    b.cotangent[n.inputs[0]] = b.cotangent[n.outputs[0]];
  };
  return t;
}

// The application's reverse pass drops the closure's cotangent (the captured variables'
// sensitivities): what flows into a function through its environment is lost.
RuleTable apply_drops_environment() {
  RuleTable t = default_rules();
  AdjointRule original = t[NodeKind::Apply];
  t[NodeKind::Apply].reverse = [original](AdjointBuilder& b, std::size_t i) {
    original.reverse(b, i);
    const Node& n = b.leaf(i);
    int env = b.cotangent[n.inputs[0]];
    b.emit_reverse(NodeKind::Discard, {env}, {});
    b.cotangent[n.inputs[0]] = b.emit_reverse(NodeKind::Zero, {}, {b.reverse->wire_types[env]})[0];
  };
  return t;
}

}  // namespace

const std::vector<SdFault>& sd_fault_catalogue() {
  static const std::vector<SdFault> all = {
      {"sd-copy-dual-first-only",
       "copy's dual keeps the first use's cotangent instead of adding both (the fan-out of Remark 12)",
       copy_dual_first_only()},
      {"sd-apply-drops-environment",
       "the application's reverse pass drops the function's cotangent (what flows into its captured variables)",
       apply_drops_environment()},
  };
  return all;
}

const SdFault* find_sd_fault(const std::string& name) {
  for (const SdFault& f : sd_fault_catalogue())
    if (f.name == name) return &f;
  return nullptr;
}

}  // namespace chad::diagrams
