#include "target_semantics/closure_capture.hpp"

#include <algorithm>

namespace chad {
namespace {

void collect_free(const Term& t, int depth, std::vector<int>& out) {
  if (t.kind == TermKind::Var && t.index >= depth) out.push_back(t.index - depth);
  for (std::size_t i = 0; i < t.args.size(); ++i) collect_free(*t.args[i], depth + binders_of_operand(t, i), out);
  for (const Branch& b : t.branches) collect_free(*b.body, depth + 1, out);
}

TermP renumber(const TermP& t, int depth, const std::vector<int>& captured) {
  auto copy = std::make_shared<Term>(*t);
  if (t->kind == TermKind::Var && t->index >= depth) {
    const auto at = std::lower_bound(captured.begin(), captured.end(), t->index - depth);
    copy->index = depth + int(at - captured.begin());
  }
  for (std::size_t i = 0; i < copy->args.size(); ++i)
    copy->args[i] = renumber(copy->args[i], depth + binders_of_operand(*t, i), captured);
  for (Branch& b : copy->branches) b.body = renumber(b.body, depth + 1, captured);
  return copy;
}

}  // namespace

CapturePlan capture_plan(const TermP& body, int binders) {
  CapturePlan plan;
  collect_free(*body, binders, plan.captured);
  std::sort(plan.captured.begin(), plan.captured.end());
  plan.captured.erase(std::unique(plan.captured.begin(), plan.captured.end()), plan.captured.end());
  plan.body = renumber(body, binders, plan.captured);
  return plan;
}

}  // namespace chad
