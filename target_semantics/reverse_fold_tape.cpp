#include "target_semantics/reverse_fold_tape.hpp"

#include <memory>

#include "model/linear_values.hpp"
#include "model/scalar_list.hpp"
#include "model/target_dual_scalar_list.hpp"
#include "target_semantics/evaluate_target.hpp"
#include "target_semantics/evaluator_faults.hpp"
#include "semantics/functor_map.hpp"
#include "target_semantics/tangent_positions.hpp"

namespace chad {
namespace {

template <class S>
struct Tape {
  struct Node {
    ValueP<S> derivative;  // w': the body's backpropagator at this node
    ValueP<S> payload;     // the node's unrolled primal
    std::size_t first_child, children;  // its children's records: child_ids[first_child ...]
  };
  const Type* functor;  // F
  std::string var;      // a
  SumsStrategy sums;
  std::vector<Node> nodes;             // post-order: the root's record is the last
  std::vector<std::size_t> child_ids;  // the children's records of each node, in position order
};

// The payload of `node` with, at each recursive position, a stand-in for the child there: a
// unit value whose tag is the child's record. It guides map_tangent_positions, which reads a
// primal only at sums, products and rolls and hands what is at a position to its callback.
template <class S>
ValueP<S> child_markers(const Tape<S>& tape, const typename Tape<S>::Node& node) {
  NestedBinders nested;
  std::size_t next = node.first_child;
  return map_functor<S>(*tape.functor, node.payload, tape.var, nested, [&](const ValueP<S>&) {
    auto marker = make_local<Value<S>>();
    marker->kind = ValueKind::Unit;
    marker->tag = int(tape.child_ids[next++]);
    return ValueP<S>(std::move(marker));
  });
}

// The forward pass: the fold bottom-up (post-order, children in position order), recording
// each node. Returns the root's result w.
template <class S>
ValueP<S> record(Tape<S>& tape, const TermP& body, const Env<S>& env, const ValueP<S>& root) {
  struct Frame {
    ValueP<S> rolled;
    std::size_t children;
    bool expanded;
  };
  std::vector<Frame> stack;
  std::vector<std::pair<ValueP<S>, std::size_t>> results;  // (w, record) of finished children
  std::vector<ValueP<S>> positions;
  NestedBinders nested;
  stack.push_back({root, 0, false});
  while (!stack.empty()) {
    Frame frame = std::move(stack.back());
    stack.pop_back();
    if (!frame.expanded) {
      positions.clear();
      collect_positions<S>(*tape.functor, frame.rolled->first, tape.var, nested, positions);
      const std::size_t count = positions.size();
      stack.push_back({std::move(frame.rolled), count, true});
      for (auto it = positions.rbegin(); it != positions.rend(); ++it) stack.push_back({*it, 0, false});
      continue;
    }
    count_step();  // the node's visit, recorded
    const std::size_t base = results.size() - frame.children;
    const std::size_t first_child = tape.child_ids.size();
    std::size_t next = base;
    ValueP<S> x = map_functor<S>(*tape.functor, frame.rolled->first, tape.var, nested, [&](const ValueP<S>&) {
      std::size_t child = results[next].second;
      if (active_evaluator_fault == EvaluatorFault::TapeIndexWraps16) [[unlikely]]  // a mutant
        child &= 0xFFFF;
      tape.child_ids.push_back(child);
      return std::move(results[next++].first);
    });
    results.resize(base);
    ValueP<S> step = evaluate<S>(body, extend<S>(env, std::move(x)));
    tape.nodes.push_back({step->second, frame.rolled->first, first_child, frame.children});
    results.emplace_back(step->first, tape.nodes.size() - 1);
  }
  return std::move(results.back().first);
}

// The backward pass from the root's record with cotangent `v`.
template <class S>
ValueP<S> backpropagate(const Tape<S>& tape, const ValueP<S>& v) {
  struct Frame {
    std::size_t id;
    ValueP<S> v;  // before expansion: the node's cotangent; after: w' v
    std::size_t base;  // after expansion: where its children's results start
    bool expanded;
  };
  std::vector<Frame> stack;
  std::vector<ValueP<S>> results;  // finished children's back_c dx_c, in position order
  std::vector<std::pair<std::size_t, ValueP<S>>> children;
  NestedBinders nested;
  stack.push_back({tape.nodes.size() - 1, v, 0, false});
  while (!stack.empty()) {
    Frame& frame = stack.back();
    const auto& node = tape.nodes[frame.id];
    if (!frame.expanded) {
      count_step();  // the node's visit, backwards
      ValueP<S> q = node.derivative->kind == ValueKind::Zero ? node.derivative : node.derivative->call(frame.v);
      if (q->kind == ValueKind::Zero) {
        stack.pop_back();
        results.push_back(std::move(q));
        continue;
      }
      require_kind(*q, ValueKind::Pair, "a fold's backpropagator");
      children.clear();
      map_tangent_positions<S>(*tape.functor, child_markers<S>(tape, node), q->second, tape.var, nested,
                                 tape.sums, true, [&](const ValueP<S>& marker, const ValueP<S>& c) {
                                   children.emplace_back(std::size_t(marker->tag), c);
                                   return c;
                                 });
      frame.v = std::move(q);
      frame.base = results.size();
      frame.expanded = true;
      for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back({it->first, std::move(it->second), 0, false});
      continue;
    }
    const ValueP<S> q = std::move(frame.v);
    const std::size_t base = frame.base;
    stack.pop_back();
    ValueP<S> g = q->first;
    std::size_t next = base;
    ValueP<S> dx = map_tangent_positions<S>(*tape.functor, child_markers<S>(tape, node), q->second, tape.var, nested,
                                    tape.sums, true, [&](const ValueP<S>&, const ValueP<S>&) {
                                      ValueP<S> back = std::move(results[next++]);
                                      if (back->kind == ValueKind::Zero) return back;
                                      require_kind(*back, ValueKind::Pair, "a fold's backpropagator");
                                      g = add_linear<S>(g, back->first);
                                      return back->second;
                                    });
    results.resize(base);
    results.push_back(pair_value<S>(std::move(g), dx->kind == ValueKind::Zero ? dx : roll_value<S>(std::move(dx))));
  }
  return std::move(results.back());
}

}  // namespace

template <class S>
ValueP<S> reverse_fold_by_tape(const Type& functor, const std::string& var, SumsStrategy sums,
                               const TermP& body, const Env<S>& env, const ValueP<S>& start) {
  auto tape = std::make_shared<Tape<S>>();
  tape->functor = &functor;
  tape->var = var;
  tape->sums = sums;
  ValueP<S> w = record<S>(*tape, body, env, start);
  std::shared_ptr<const Tape<S>> done = std::move(tape);
  return pair_value<S>(std::move(w), closure_value<S>([done](const ValueP<S>& v) { return backpropagate<S>(*done, v); }));
}

#define CHAD_INSTANTIATE_REVERSE_FOLD(S)                                                            \
  template ValueP<S> reverse_fold_by_tape<S>(const Type&, const std::string&, SumsStrategy, const TermP&, \
                                             const Env<S>&, const ValueP<S>&);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_REVERSE_FOLD)
CHAD_FOR_EACH_TARGET_DUAL_SCALAR(CHAD_INSTANTIATE_REVERSE_FOLD)

}  // namespace chad
