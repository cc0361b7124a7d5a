#include "codegen/scope_names.hpp"

#include "syntax/location.hpp"

namespace chad {

// The empty stack (-1) acts as a root of depth 0 that is its own jump.
void ScopeNames::push(std::string name) {
  const int parent = top_;
  const int up = parent < 0 ? -1 : node(parent).jump;
  const int up2 = up < 0 ? -1 : node(up).jump;
  const bool equal_steps = depth_of(parent) - depth_of(up) == depth_of(up) - depth_of(up2);
  pool_->push_back({std::move(name), depth_of(parent) + 1, parent, equal_steps ? up2 : parent});
  top_ = int(pool_->size() - 1);
}

void ScopeNames::pop() {
  CHAD_INTERNAL_ASSERT(top_ >= 0, "codegen: popping an empty scope");
  top_ = node(top_).parent;
}

const std::string& ScopeNames::lookup(std::size_t index) const {
  CHAD_INTERNAL_ASSERT(index < size(), "codegen: unbound variable (de Bruijn index " + std::to_string(index) + ")");
  const int wanted = int(size() - index);
  int at = top_;
  while (node(at).depth > wanted) at = depth_of(node(at).jump) >= wanted ? node(at).jump : node(at).parent;
  return node(at).name;
}

}  // namespace chad
