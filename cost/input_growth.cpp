#include "cost/input_growth.hpp"

#include <cmath>

#include "semantics/functor_map.hpp"

namespace chad {
namespace {

using V = ValueP<double>;

std::size_t reals_in(const V& v) {
  if (!v) return 0;
  switch (v->kind) {
    case ValueKind::Scalar: return 1;
    case ValueKind::Array: return v->extra->data.size();
    case ValueKind::Pair: return reals_in(v->first) + reals_in(v->second);
    case ValueKind::Inject:
    case ValueKind::Roll: return reals_in(v->first);
    default: return 0;
  }
}

// x * factor, or x where that overflows (an input near double's largest stays finite).
double scaled_real(double x, double factor) { return std::isfinite(x * factor) ? x * factor : x; }

// v with every real multiplied by `factor` (its recursive positions too: they are replaced after).
V scaled(const V& v, double factor) {
  if (!v) return v;
  switch (v->kind) {
    case ValueKind::Scalar: return scalar_value<double>(scaled_real(v->scalar, factor));
    case ValueKind::Array: {
      std::vector<double> data = v->extra->data;
      for (double& x : data) x = scaled_real(x, factor);
      return array_value<double>(v->extra->shape, std::move(data));
    }
    case ValueKind::Pair: return pair_value<double>(scaled(v->first, factor), scaled(v->second, factor));
    case ValueKind::Inject: return inject_value<double>(v->tag, scaled(v->first, factor));
    case ValueKind::Roll: return roll_value<double>(scaled(v->first, factor));
    default: return v;
  }
}

// The k-th node's factor under GrowthContents::Varied: 1 + (frac(k phi) - 1/2) / 8, in [15/16, 17/16),
// no two alike (phi irrational); a zero entry stays zero, a sign its sign.
double node_factor(std::size_t k) {
  const double golden = 0.6180339887498949;
  const double f = double(k) * golden;
  return 1 + (f - std::floor(f) - 0.5) / 8;
}

// A node's payload (the rolled value's contents) and its number of recursive positions.
struct NodeTemplate {
  V payload;
  std::size_t positions;
};

// The nodes of one mu value, sorted into those with recursive positions, the leaves that carry
// reals and the empty leaves; each kind is handed out cyclically.
class Templates {
 public:
  Templates(const Type& mu, const V& root, GrowthContents contents) : mu_(mu), varied_(contents == GrowthContents::Varied) {
    std::vector<V> stack{root};
    NestedBinders nested;
    std::vector<V> positions;
    while (!stack.empty()) {  // pre-order, children left to right
      V node = std::move(stack.back());
      stack.pop_back();
      positions.clear();
      collect_positions<double>(*mu.body, node->first, mu.var, nested, positions);
      NodeTemplate t{node->first, positions.size()};
      if (t.positions > 0)
        recursive_.push_back(t);
      else if (reals_in(node->first) > 0)
        leaves_.push_back(t);
      else
        empty_.push_back(t);
      for (auto it = positions.rbegin(); it != positions.rend(); ++it) stack.push_back(*it);
    }
  }

  bool has_recursive() const { return !recursive_.empty(); }

  // A value of `size` counted nodes (at least one node more where a tree's shape asks for it).
  V build(std::size_t size) {
    if (size == 0) return roll_value<double>(contents(next(empty_.empty() ? leaves_ : empty_, next_empty_).payload));
    if (size == 1 && !leaves_.empty()) return roll_value<double>(contents(next(leaves_, next_leaf_).payload));
    const NodeTemplate& t = next(recursive_, next_recursive_);
    const V payload = contents(t.payload);
    const std::size_t remaining = size - 1, k = t.positions;
    std::vector<V> children;
    children.reserve(k);
    for (std::size_t i = 0; i < k; ++i) children.push_back(build(remaining / k + (i < remaining % k ? 1 : 0)));
    std::size_t at = 0;
    NestedBinders nested;
    return roll_value<double>(
        map_functor<double>(*mu_.body, payload, mu_.var, nested, [&](const V&) { return children[at++]; }));
  }

 private:
  // A node's contents: the template's own, or under Varied scaled by the node's own factor.
  V contents(const V& payload) { return varied_ ? scaled(payload, node_factor(built_++)) : payload; }
  static const NodeTemplate& next(const std::vector<NodeTemplate>& pool, std::size_t& counter) {
    return pool[counter++ % pool.size()];
  }
  const Type& mu_;
  std::vector<NodeTemplate> recursive_, leaves_, empty_;
  std::size_t next_recursive_ = 0, next_leaf_ = 0, next_empty_ = 0;
  bool varied_;
  std::size_t built_ = 0;  // nodes built so far (Varied)
};

V grow_value(const TypeP& type, const V& v, std::size_t size, GrowthContents contents) {
  switch (type->kind) {
    case TypeKind::Mu: {
      Templates templates(*type, v, contents);
      if (!templates.has_recursive())
        throw GrowthError("the input's value of an inductive type has no node with a recursive position "
                          "to copy (give a longer value in --at)");
      return templates.build(size);
    }
    case TypeKind::Prod: return pair_value<double>(grow_value(type->left, v->first, size, contents),
                                                   grow_value(type->right, v->second, size, contents));
    case TypeKind::Sum:
      return inject_value<double>(v->tag, grow_value(type->ctors[v->tag].type, v->first, size, contents));
    default: return v;
  }
}

}  // namespace

bool has_growable_part(const TypeP& type) {
  switch (type->kind) {
    case TypeKind::Mu: return true;
    case TypeKind::Prod: return has_growable_part(type->left) || has_growable_part(type->right);
    case TypeKind::Sum:
      for (const Constructor& c : type->ctors)
        if (has_growable_part(c.type)) return true;
      return false;
    default: return false;
  }
}

NormalForm<double> grow_input(const TypeP& type, const NormalForm<double>& input, std::size_t size,
                              GrowthContents contents) {
  if (!has_growable_part(type))
    throw GrowthError("the input has nothing to grow: no list or tree (an inductive `mu` type) in it; "
                      "arrays have static shapes and are not grown");
  const V value = rebuild<double>(type, input.index, input.coords);
  return normal_form<double>(type, grow_value(type, value, size, contents));
}

double growth_exponent(const std::vector<double>& sizes, const std::vector<double>& costs) {
  const std::size_t n = sizes.size();
  double mean_x = 0, mean_y = 0;
  for (std::size_t i = 0; i < n; ++i) mean_x += std::log(sizes[i]), mean_y += std::log(costs[i]);
  mean_x /= double(n);
  mean_y /= double(n);
  double sxy = 0, sxx = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double dx = std::log(sizes[i]) - mean_x;
    sxy += dx * (std::log(costs[i]) - mean_y);
    sxx += dx * dx;
  }
  return sxy / sxx;
}

}  // namespace chad
