// Cheap primal values recomputed in a backpropagator instead of copied into it (emitter.hpp).
// A backpropagator closure copies the locals of the block that makes it; in a reverse fold that
// block runs once per node, and the closure lives until the backward pass. The GMM d10 k25's
// copied two 25 x 10 arrays per data point, `prec * (xs - means)` and `xs - means` with `xs` the
// point repeated 25 times: 4 KB per point, 400 MB at 100,000 points, so the gradient ran at
// memory speed. Both are elementwise functions of the point (10 reals, copied) and of arrays
// bound outside the block (read by reference): the closure now computes them again at its start,
// under the same names, and copies the point only.
//
// A local is recomputed when it was bound by an elementwise primitive (+, -, *, negation, scale)
// or an array literal of locals and constants, and what recomputing it copies instead (its
// operands, themselves recomputed where that copies less) is smaller than it. The recomputation
// is the same call on the same operands, so the value is the same. Only a closure whose body makes
// no closure of its own is changed: a nested closure may capture a local by reference, and the
// recomputed one lives only during the call.
#include <algorithm>

#include "codegen/emitter.hpp"

namespace chad {

namespace {

bool is_elementwise(PrimOp op) {
  return op == PrimOp::Add || op == PrimOp::Sub || op == PrimOp::Mul || op == PrimOp::Neg || op == PrimOp::Scale;
}

// The reals a value of type t holds; a type that is no tuple of reals and arrays counts as large.
long reals_in(const TypeP& t) {
  switch (t->kind) {
    case TypeKind::Real: return t->shape.empty() ? 1 : shape_size(t->shape);
    case TypeKind::Unit: return 0;
    case TypeKind::Prod: return reals_in(t->left) + reals_in(t->right);
    default: return 1L << 30;
  }
}

// A recomputed value of fewer reals than this is copied: its copy costs little.
constexpr long kSmallestRecomputed = 8;

bool is_literal(const std::string& operand) { return operand.rfind("S(", 0) == 0; }

}  // namespace

void Emitter::note_recipe(const std::string& name, const TermP& t, const std::vector<std::string>& operands,
                          const std::string& text) {
  if (t->kind == TermKind::Prim && !is_elementwise(t->op)) return;
  if (reals_in(t->type) < kSmallestRecomputed) return;
  Recipe recipe{t->type, text, {}, next_name_};
  for (std::size_t i = 0; i < operands.size(); ++i) {
    const std::string& operand = operands[i];
    if (is_literal(operand)) continue;
    // Only locals that keep their value: not one its one user may add into (owned_local).
    if (!local_depth_.count(operand) || owned_.count(operand)) return;
    recipe.operands.emplace_back(operand, t->args[i]->type);
  }
  recipes_[name] = std::move(recipe);
}

// What recomputing `name` in the closure copies that it does not copy already, in `copied`
// (operands of the making block) and `recomputed` (operands recomputed in turn); its reals.
long Emitter::recomputation_cost(const std::string& name, int making, const std::set<std::string>& captured,
                                 std::set<std::string>& recomputed, std::set<std::string>& copied) const {
  long cost = 0;
  for (const auto& [operand, operand_type] : recipes_.at(name).operands) {
    if (local_depth_.at(operand) < making) continue;  // read by reference (closure_captures.cpp)
    if (captured.count(operand) || recomputed.count(operand) || copied.count(operand)) continue;
    const long size = reals_in(operand_type);
    if (auto recipe = recipes_.find(operand); recipe != recipes_.end()) {
      std::set<std::string> deeper_recomputed = recomputed, deeper_copied = copied;
      deeper_recomputed.insert(operand);
      const long deeper = recomputation_cost(operand, making, captured, deeper_recomputed, deeper_copied);
      if (deeper < size) {
        recomputed = std::move(deeper_recomputed);
        copied = std::move(deeper_copied);
        cost += deeper;
        continue;
      }
    }
    copied.insert(operand);
    cost += size;
  }
  return cost;
}

void Emitter::recompute_captures(std::size_t body_start) {
  const int making = lambda_depth_ - 1;  // the block that makes the closure
  const std::string body = out_.substr(body_start);
  if (body.find("[=") != std::string::npos) return;  // it makes a closure
  // The making block's locals the body reads, each copied into the closure.
  std::set<std::string> captured;
  for_each_word(body, [&](const std::string& word, std::size_t) {
    const auto declared = declared_depth_.find(word);
    if (declared != declared_depth_.end() && declared->second == making && local_depth_.at(word) == making)
      captured.insert(word);
  });
  std::vector<std::string> candidates;
  for (const std::string& name : captured)
    if (recipes_.count(name)) candidates.push_back(name);
  std::sort(candidates.begin(), candidates.end(),
            [&](const std::string& a, const std::string& b) { return recipes_.at(a).order > recipes_.at(b).order; });
  std::set<std::string> recomputed;
  for (const std::string& name : candidates) {
    std::set<std::string> more{name}, copied;
    if (recomputation_cost(name, making, captured, more, copied) >= reals_in(recipes_.at(name).type)) continue;
    recomputed.insert(more.begin(), more.end());
    captured.insert(copied.begin(), copied.end());
  }
  if (recomputed.empty()) return;
  std::vector<std::string> order(recomputed.begin(), recomputed.end());
  std::sort(order.begin(), order.end(),
            [&](const std::string& a, const std::string& b) { return recipes_.at(a).order < recipes_.at(b).order; });
  std::string text;
  for (const std::string& name : order) {
    const Recipe& recipe = recipes_.at(name);
    std::string lines = recipe.text;
    if (fault == CodegenFault::RecomputedValueZeroed && lines.find('\n') == std::string::npos)
      lines = "const " + type(recipe.type) + " " + name + " = chad_rt::zero<" + type(recipe.type) + ">();";  // injected
    for (std::size_t from = 0; from < lines.size();) {
      const std::size_t end = std::min(lines.find('\n', from), lines.size());
      text += indentation(indent_) + lines.substr(from, end - from) + "\n";
      from = end + 1;
    }
    for (const auto& operand : recipe.operands) note_use(operand.first);
  }
  out_.insert(body_start, text);
}

}  // namespace chad
