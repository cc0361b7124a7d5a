#include "syntax/context_components.hpp"

namespace chad {

const ContextComponents::Spine& ContextComponents::spine(const TypeP& context) {
  if (auto it = spines_.find(context.get()); it != spines_.end()) return it->second;
  // The contexts on the left spine not seen yet, outermost last; then each from the outermost in,
  // so that its parent's jumps are known when its own are made.
  std::vector<TypeP> fresh;
  for (TypeP c = context; c && c->kind == TypeKind::Prod && !spines_.count(c.get()); c = c->left) fresh.push_back(c);
  for (auto it = fresh.rbegin(); it != fresh.rend(); ++it) {
    Spine s{*it, {}};
    const TypeP& parent = (*it)->left;
    if (parent && parent->kind == TypeKind::Prod) {
      s.jumps.push_back(parent);
      for (std::size_t k = 0;; ++k) {
        const Spine& from = spines_.at(s.jumps.back().get());
        if (k >= from.jumps.size()) break;
        s.jumps.push_back(from.jumps[k]);
      }
    }
    spines_.emplace(it->get(), std::move(s));
  }
  return spines_.at(context.get());
}

TypeP ContextComponents::component(const TypeP& context, int index) {
  if (!context || context->kind != TypeKind::Prod || index < 0) return nullptr;
  TypeP c = context;
  for (std::size_t k = 0; index > 0; ++k, index >>= 1) {
    if (!(index & 1)) continue;
    const Spine& s = spine(c);
    if (k >= s.jumps.size()) return nullptr;
    c = s.jumps[k];
  }
  return c->right;
}

}  // namespace chad
