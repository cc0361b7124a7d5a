// Live coverage: a probe on the source evaluator in dual numbers (see live_coverage.hpp).
#include "oracle/live_coverage.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

#include "logrel/related_sample.hpp"
#include "model/dual.hpp"
#include "oracle/campaign.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/term_former_names.hpp"

namespace chad {
namespace {

using D = Dual<double>;

// Distinct, non-zero weights of alternating sign with random mantissas (splitmix64 of k): no
// sum of a few of them with small integer coefficients cancels, so no program cancels them by
// design (evenly spaced weights do: 2 w0 + w1 = 0 for some).
double generic_weight(std::size_t k) {
  const double unit = double(program_seed(0x6c697665, k) >> 11) * 0x1p-53;  // in [0, 1)
  return (k % 2 == 1 ? -1.0 : 1.0) * (0.5 + unit);
}

std::vector<double> generic_direction(std::size_t dimension, bool moving) {
  std::vector<double> d(dimension, 0.0);
  if (moving)
    for (std::size_t i = 0; i < dimension; ++i) d[i] = generic_weight(i);
  return d;
}

// How many value nodes and reals a walk of one value looks at, at most.
constexpr std::size_t kWalkBudget = 512;

// Whether the eager part of `v` (reals, arrays, pairs, injections, rolls; not closures or
// unforced streams) holds a non-zero tangent.
bool carries_tangent(const Value<D>& v, std::size_t& budget) {
  if (budget == 0) return false;
  --budget;
  switch (v.kind) {
    case ValueKind::Scalar: return v.scalar.tangent != 0;
    case ValueKind::Array:
      for (const D& x : v.extra->data) {
        if (x.tangent != 0) return true;
        if (budget == 0) return false;
        --budget;
      }
      return false;
    case ValueKind::Pair: return carries_tangent(*v.first, budget) || carries_tangent(*v.second, budget);
    case ValueKind::Inject:
    case ValueKind::Roll: return carries_tangent(*v.first, budget);
    default: return false;
  }
}

// `v` with a distinct weight added to the tangent of every real of its eager part.
class Perturbation {
 public:
  ValueP<D> operator()(const ValueP<D>& v) {
    budget_ = kWalkBudget;
    return walk(v);
  }

 private:
  ValueP<D> walk(const ValueP<D>& v) {
    if (budget_ == 0) return v;
    --budget_;
    switch (v->kind) {
      case ValueKind::Scalar: return scalar_value<D>(moved(v->scalar));
      case ValueKind::Array: {
        std::vector<D> data = v->extra->data;
        for (D& x : data) x = moved(x);
        return array_value<D>(v->extra->shape, std::move(data));
      }
      case ValueKind::Pair: {
        ValueP<D> first = walk(v->first);
        return pair_value<D>(std::move(first), walk(v->second));
      }
      case ValueKind::Inject: return inject_value<D>(v->tag, walk(v->first));
      case ValueKind::Roll: return roll_value<D>(walk(v->first));
      default: return v;
    }
  }

  D moved(const D& x) { return {x.value, x.tangent + generic_weight(next_++)}; }
  std::size_t budget_ = 0;
  std::size_t next_ = 0;
};

// The coverage keys, numbered; the keys of each node the program's author wrote: the defs
// above the entry point and the entry point's body (not check_program's wrapper around them).
class NodeKeys {
 public:
  explicit NodeKeys(const TermP& main_function) {
    fun_ = id(former_name(TermKind::Lambda));
    unfold_ = id(former_name(TermKind::Unfold));
    for (const Term* t = main_function.get(); t->kind == TermKind::Let; t = t->args[1].get()) collect_def(*t->args[0]);
    collect(*user_body(main_function), {});
  }
  const std::vector<int>* of(const Term& node) const {
    auto it = keys_.find(&node);
    return it == keys_.end() ? nullptr : &it->second;
  }
  const std::string& name(int key) const { return names_[std::size_t(key)]; }
  std::size_t size() const { return names_.size(); }

 private:
  int id(const std::string& name) {
    auto [it, fresh] = ids_.emplace(name, int(names_.size()));
    if (fresh) names_.push_back(name);
    return it->second;
  }
  // A def's value `fun x1 -> ... -> (body : result)`: its parameters' functions are the
  // author's, the ascription check_program's.
  void collect_def(const Term& value) {
    std::vector<int> enclosing;
    const Term* t = &value;
    for (; t->kind == TermKind::Lambda; t = t->args[0].get()) {
      enclosing.push_back(fun_);
      keys_[t] = enclosing;
    }
    if (t->kind == TermKind::Ascribe) t = t->args[0].get();
    collect(*t, enclosing);
  }
  // `enclosing`: the derived keys of the bodies `node` is in (fun, unfold).
  void collect(const Term& node, std::vector<int> enclosing) {
    std::vector<int>& keys = keys_[&node];
    keys = enclosing;
    keys.push_back(node.kind == TermKind::Prim ? id(std::string("primitive ") + prim_name(node.op))
                                               : id(former_name(node.kind)));
    for (std::size_t i = 0; i < node.args.size(); ++i) {
      std::vector<int> inner = enclosing;
      if (node.kind == TermKind::Lambda) inner.push_back(fun_);
      if (node.kind == TermKind::Unfold && i == 1) inner.push_back(unfold_);
      collect(*node.args[i], inner);
    }
    for (const Branch& b : node.branches) collect(*b.body, enclosing);
  }

  std::unordered_map<const Term*, std::vector<int>> keys_;
  std::map<std::string, int> ids_;
  std::vector<std::string> names_;
  int fun_ = -1, unfold_ = -1;
};

// The probe: numbers every value the evaluator makes; in the first evaluation it marks the
// executions of the body's nodes whose value carries a tangent (and their keys), in the others
// it perturbs the values of the marked executions of one key.
class LiveProbe final : public ValueProbe<D> {
 public:
  explicit LiveProbe(const NodeKeys& keys) : keys_(keys), candidate_(keys.size(), false) {}

  void measure() { start(-1); }
  void seed(int key) { start(key); }
  const std::vector<bool>& candidates() const { return candidate_; }

  ValueP<D> observe(const Term& node, ValueP<D> value) override {
    const std::size_t execution = next_++;
    const std::vector<int>* keys = keys_.of(node);
    if (keys == nullptr) return value;  // check_program's wrapper
    if (seeded_ < 0) {
      std::size_t budget = kWalkBudget;
      if (carries_tangent(*value, budget)) {
        if (carrying_.size() <= execution) carrying_.resize(execution + 1, false);
        carrying_[execution] = true;
        for (int k : *keys) candidate_[std::size_t(k)] = true;
      }
      return value;
    }
    if (execution < carrying_.size() && carrying_[execution] &&
        std::find(keys->begin(), keys->end(), seeded_) != keys->end())
      return perturb_(value);
    return value;
  }

 private:
  void start(int key) {
    seeded_ = key;
    next_ = 0;
    perturb_ = Perturbation();
  }

  const NodeKeys& keys_;
  std::vector<bool> candidate_, carrying_;  // per key; per execution
  int seeded_ = -1;                         // -1: the measuring evaluation
  std::size_t next_ = 0;
  Perturbation perturb_;
};

// Installs a probe for one scope (also when the evaluation throws).
class ProbeScope {
 public:
  explicit ProbeScope(ValueProbe<D>* probe) : saved_(value_probe<D>) { value_probe<D> = probe; }
  ~ProbeScope() { value_probe<D> = saved_; }
  ProbeScope(const ProbeScope&) = delete;
  ProbeScope& operator=(const ProbeScope&) = delete;

 private:
  ValueProbe<D>* saved_;
};

// Observes a value of any type the way the logical relation does, and says whether what it
// observed has a non-zero tangent. It observes everything (no shortcut), so that every
// evaluation makes the same executions in the same order.
class OutputObserver {
 public:
  explicit OutputObserver(bool moving) : moving_(moving), rng_(1) {}

  bool moves(const TypeP& type, const ValueP<D>& v, int depth) {
    if (is_data_type(type)) {
      bool any = false;
      for (const D& x : normal_form<D>(type, v).coords) any = any || x.tangent != 0;
      return any;
    }
    switch (type->kind) {
      case TypeKind::Prod: {
        const bool left = moves(type->left, v->first, depth);
        return moves(type->right, v->second, depth) || left;
      }
      case TypeKind::Sum: return moves(type->ctors[std::size_t(v->tag)].type, v->first, depth);
      case TypeKind::Mu: return moves(unroll_type(type), v->first, depth);
      case TypeKind::Nu: {
        if (depth <= 0) return false;
        ValueP<D> unrolled;
        try {
          unrolled = v->force();
        } catch (const SourceError&) {  // a domain error or a tie further along the stream
          return false;
        }
        return moves(unroll_type(type), unrolled, depth - 1);
      }
      case TypeKind::Arrow: {
        if (depth <= 0 || !is_data_type(type->left)) return false;
        bool any = false;
        for (int k = 0; k < 2; ++k) any = apply_and_observe(type, v, depth) || any;
        return any;
      }
      default: return false;
    }
  }

 private:
  bool apply_and_observe(const TypeP& arrow, const ValueP<D>& function, int depth) {
    std::optional<RelatedSample<double>> sample =
        sample_related<double>(arrow->left, ChadMode::Forward, SumsStrategy::Biproduct, rng_);
    if (!sample) return false;  // (data types can always be sampled)
    NormalForm<D> drawn = normal_form<D>(arrow->left, sample->source);
    NormalForm<double> point{drawn.index, {}};
    for (const D& x : drawn.coords) point.coords.push_back(x.value);
    ValueP<D> argument = curve_through<double>(arrow->left, point, generic_direction(point.coords.size(), moving_),
                                               SumsStrategy::Biproduct)
                             .source;
    ValueP<D> result;
    try {
      result = function->call(argument);
    } catch (const SourceError&) {  // no value at this argument
      return false;
    }
    return moves(arrow->right, result, depth - 1);
  }

  bool moving_;
  SampleRng rng_;
};

constexpr int kObservationDepth = 3;  // as logrel's RelationOptions

}  // namespace

const std::vector<std::string>& live_coverage_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> k;
    for (TermKind f = TermKind::Var; f <= TermKind::Prim; f = TermKind(int(f) + 1)) k.push_back(former_name(f));
    for (PrimOp op : all_prim_ops()) k.push_back(std::string("primitive ") + prim_name(op));
    std::sort(k.begin(), k.end());  // `-` names both subtraction and negation
    k.erase(std::unique(k.begin(), k.end()), k.end());
    return k;
  }();
  return keys;
}

std::vector<std::string> live_features(const CheckedProgram& program, const NormalForm<double>& input) {
  const NodeKeys keys(program.main_function);
  LiveProbe probe(keys);
  auto evaluate_once = [&](bool moving) {
    ProbeScope scope(&probe);
    ValueP<D> argument = curve_through<double>(program.input_type, input,
                                               generic_direction(input.coords.size(), moving), SumsStrategy::Biproduct)
                             .source;
    ValueP<D> output = run_main<D>(program, argument);
    return OutputObserver(moving).moves(program.output_type, output, kObservationDepth);
  };
  probe.measure();
  evaluate_once(true);
  std::vector<std::string> live;
  bool primitive = false;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (!probe.candidates()[k]) continue;
    probe.seed(int(k));
    if (!evaluate_once(false)) continue;
    live.push_back(keys.name(int(k)));
    primitive = primitive || live.back().starts_with("primitive ");
  }
  if (primitive) live.push_back(former_name(TermKind::Prim));
  std::sort(live.begin(), live.end());
  return live;
}

}  // namespace chad
