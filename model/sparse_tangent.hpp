// The tangent of a vector-mode dual number (model/vector_dual.hpp): its K components, one per
// direction of a pass, stored sparsely as a persistent 64-way trie keyed by direction. Only the
// components some operation produced are present; an absent component is zero. A one-hot seed
// is one path of nodes, a dense tangent is a full trie (a leaf holds up to 64 components: a pass of 64 directions
// or fewer is one node), and
// adding a tangent with few components to one with many copies only the paths they share: the
// rest of the trie is shared, so summing n one-hot products in a fold costs O(n log n), not the
// O(n^2) of dense or sorted-list tangents. Nodes are immutable once built (shared by LocalP).
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "model/local_ptr.hpp"
#include "syntax/location.hpp"

namespace chad {

template <class S>
struct TangentNode {
  std::uint64_t mask = 0;  // bit s: slot s is present
  std::vector<S> values;   // at the leaves: the present slots' components, in slot order
  std::vector<LocalP<const TangentNode>> children;  // above them: the present slots' subtrees
};

// For SparseTangent::merge: a component present on one side only is kept as it is (shared).
struct KeepComponent {};

template <class S>
class SparseTangent {
 public:
  using Node = TangentNode<S>;
  using NodeP = LocalP<const Node>;

  SparseTangent() = default;
  SparseTangent(std::nullptr_t) {}  // absent: zero in every direction

  // `value` in direction `direction` (< width), every other component absent.
  static SparseTangent unit(std::size_t width, std::size_t direction, S value) {
    SparseTangent t(width);
    NodeP node;
    for (int level = 0; level < t.levels_; ++level) {
      auto n = make_local<Node>();
      n->mask = std::uint64_t(1) << slot(direction, level);
      if (level == 0)
        n->values.push_back(std::move(value));
      else
        n->children.push_back(std::move(node));
      node = std::move(n);
    }
    t.root_ = std::move(node);
    return t;
  }

  // Every component present: f(k) for k < width, computed in increasing k.
  template <class F>
  static SparseTangent dense(std::size_t width, const F& f) {
    SparseTangent t(width);
    t.root_ = build_dense(t.levels_ - 1, 0, width, f);
    return t;
  }

  explicit operator bool() const { return root_ != nullptr; }
  std::size_t width() const { return width_; }

  // Component k (< width): S(0) when absent.
  S at(std::size_t k) const {
    const Node* node = root_.get();
    for (int level = levels_ - 1; node; --level) {
      const unsigned s = slot(k, level);
      if (!(node->mask >> s & 1)) break;
      if (level == 0) return node->values[position(node->mask, s)];
      node = node->children[position(node->mask, s)].get();
    }
    return S(0);
  }

  // The number of present components.
  std::size_t present_count() const { return count(root_.get(), levels_ - 1); }

  // f(component) on every present component; the absent ones stay absent.
  template <class F>
  static SparseTangent map(const SparseTangent& a, const F& f) {
    SparseTangent t = a.shape();
    t.root_ = map_node(a.root_, a.levels_ - 1, f);
    return t;
  }

  // The components present in a or b (at least one present): both(a_k, b_k) where both are
  // present, only_a(a_k) / only_b(b_k) where one is; KeepComponent keeps the component as it is
  // and shares every subtree the other side has nothing in.
  template <class Both, class OnlyA, class OnlyB>
  static SparseTangent merge(const SparseTangent& a, const SparseTangent& b, const Both& both,
                             const OnlyA& only_a, const OnlyB& only_b) {
    CHAD_INTERNAL_ASSERT(!a || !b || a.width_ == b.width_, "merging tangents of different widths");
    SparseTangent t = a ? a.shape() : b.shape();
    t.root_ = merge_node(a.root_, b.root_, t.levels_ - 1, both, only_a, only_b);
    return t;
  }

 private:
  static constexpr int kBits = 6;

  explicit SparseTangent(std::size_t width) : width_(width) {
    while ((std::size_t(1) << (kBits * levels_)) < width) ++levels_;
  }
  SparseTangent shape() const {
    SparseTangent t;
    t.width_ = width_;
    t.levels_ = levels_;
    return t;
  }

  static unsigned slot(std::size_t k, int level) { return unsigned(k >> (kBits * level)) & 63u; }
  // Where slot s is among the present slots of `mask`.
  static std::size_t position(std::uint64_t mask, unsigned s) {
    return std::size_t(std::popcount(mask & ((std::uint64_t(1) << s) - 1)));
  }

  template <class F>
  static NodeP build_dense(int level, std::size_t first, std::size_t width, const F& f) {
    auto n = make_local<Node>();
    const std::size_t span = std::size_t(1) << (kBits * level);
    for (unsigned s = 0; s < 64 && first + s * span < width; ++s) {
      n->mask |= std::uint64_t(1) << s;
      if (level == 0)
        n->values.push_back(f(first + s));
      else
        n->children.push_back(build_dense(level - 1, first + s * span, width, f));
    }
    return n;
  }

  static std::size_t count(const Node* node, int level) {
    if (!node) return 0;
    if (level == 0) return node->values.size();
    std::size_t total = 0;
    for (const NodeP& child : node->children) total += count(child.get(), level - 1);
    return total;
  }

  template <class F>
  static NodeP map_node(const NodeP& a, int level, const F& f) {
    if constexpr (std::is_same_v<F, KeepComponent>) {
      return a;
    } else {
      if (!a) return nullptr;
      auto n = make_local<Node>();
      n->mask = a->mask;
      if (level == 0) {
        n->values.reserve(a->values.size());
        for (const S& x : a->values) n->values.push_back(f(x));
      } else {
        n->children.reserve(a->children.size());
        for (const NodeP& child : a->children) n->children.push_back(map_node(child, level - 1, f));
      }
      return n;
    }
  }

  template <class Both, class OnlyA, class OnlyB>
  static NodeP merge_node(const NodeP& a, const NodeP& b, int level, const Both& both,
                          const OnlyA& only_a, const OnlyB& only_b) {
    if (!b) return map_node(a, level, only_a);
    if (!a) return map_node(b, level, only_b);
    auto n = make_local<Node>();
    n->mask = a->mask | b->mask;
    if (level == 0)
      n->values.reserve(std::size_t(std::popcount(n->mask)));
    else
      n->children.reserve(std::size_t(std::popcount(n->mask)));
    std::size_t ia = 0, ib = 0;  // the next present slot's position in a, in b
    for (std::uint64_t rest = n->mask; rest; rest &= rest - 1) {
      const unsigned s = unsigned(std::countr_zero(rest));
      const bool in_a = a->mask >> s & 1, in_b = b->mask >> s & 1;
      if (level == 0) {
        if (in_a && in_b)
          n->values.push_back(both(a->values[ia], b->values[ib]));
        else if (in_a)
          n->values.push_back(apply(only_a, a->values[ia]));
        else
          n->values.push_back(apply(only_b, b->values[ib]));
      } else {
        n->children.push_back(merge_node(in_a ? a->children[ia] : NodeP(), in_b ? b->children[ib] : NodeP(),
                                         level - 1, both, only_a, only_b));
      }
      ia += in_a;
      ib += in_b;
    }
    return n;
  }

  template <class F>
  static S apply(const F& f, const S& x) {
    if constexpr (std::is_same_v<F, KeepComponent>)
      return x;
    else
      return f(x);
  }

  NodeP root_;  // null: every component absent
  std::size_t width_ = 0;
  int levels_ = 1;  // 64^levels >= width
};

}  // namespace chad
