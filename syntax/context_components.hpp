// The component at de Bruijn index i of a context (co)tangent type ((unit * T1) * ...) * Tn, found
// in O(log n) rather than by walking i steps of its left spine: each context type seen is given
// its ancestors at distances 1, 2, 4, ... (binary lifting), computed once. A chain of n lets
// makes n contexts, each sharing its parent's spine, so looking up every variable of a let chain
// costs O(n log n) instead of O(n^2) (issue #34: CHAD linear in program size).
#pragma once
#include <unordered_map>
#include <vector>

#include "syntax/type.hpp"

namespace chad {

class ContextComponents {
 public:
  // Tn for index 0, T(n-1) for 1, ...; null when `index` is out of range or `context` is not a
  // context (co)tangent type.
  TypeP component(const TypeP& context, int index);

 private:
  struct Spine {
    TypeP self;                 // kept alive, so that no other type reuses its address
    std::vector<TypeP> jumps;   // jumps[k]: the context 2^k steps to the left (a Prod), while there is one
  };
  const Spine& spine(const TypeP& context);
  std::unordered_map<const Type*, Spine> spines_;
};

}  // namespace chad
