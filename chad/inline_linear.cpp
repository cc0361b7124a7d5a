#include "chad/inline_linear.hpp"

#include <unordered_map>
#include <unordered_set>
#include <algorithm>

#include "chad/target_builders.hpp"
#include "chad/transform_faults.hpp"
#include "chad/transformer.hpp"

namespace chad {
namespace {

class Inliner {
 public:
  explicit Inliner(const TermP& root) { count(root); }

  TermP rewrite(const TermP& t) {
    if (t->kind == TermKind::Let && inlinable(t)) {
      pending_[t->name] = t->args[0];
      return rewrite(t->args[1]);
    }
    if (t->kind == TermKind::Var) {
      auto it = pending_.find(t->name);
      if (it != pending_.end()) return rewrite(it->second);  // used as a value: build it here
      return t;
    }
    if (t->kind == TermKind::LinApp && t->args[0]->kind == TermKind::Var) {
      auto it = pending_.find(t->args[0]->name);
      if (it != pending_.end()) {  // dx @ a  ->  let v = a in B
        const TermP& lambda = it->second;
        if (active_transform_fault == TransformFault::InlinerDropsLaterUses && !inlined_.insert(lambda.get()).second)
          return target::let(lambda->name, target::zero(lambda->annot), rewrite(lambda->args[0]));  // a mutant
        return target::let(lambda->name, rewrite(t->args[1]), rewrite(lambda->args[0]));
      }
    }
    // Copy the node only when a child changes (most do not).
    std::shared_ptr<Term> copy;
    for (std::size_t i = 0; i < t->args.size(); ++i) {
      TermP a = rewrite(t->args[i]);
      if (a == t->args[i]) continue;
      if (!copy) copy = std::make_shared<Term>(*t);
      copy->args[i] = std::move(a);
    }
    for (std::size_t i = 0; i < t->branches.size(); ++i) {
      TermP b = rewrite(t->branches[i].body);
      if (b == t->branches[i].body) continue;
      if (!copy) copy = std::make_shared<Term>(*t);
      copy->branches[i].body = std::move(b);
    }
    return copy ? TermP(copy) : t;
  }

 private:
  void count(const TermP& t) {
    if (t->kind == TermKind::Var) ++uses_[t->name];
    for (const auto& a : t->args) count(a);
    for (const auto& b : t->branches) count(b.body);
  }

  // let dx = \v. B in ... with dx fresh, used once, and B's free variables all fresh.
  bool inlinable(const TermP& let) const {
    if (!Transformer::is_fresh(let->name) || let->args[0]->kind != TermKind::LinLambda) return false;
    auto it = uses_.find(let->name);
    const bool several = active_transform_fault == TransformFault::InlinerDropsLaterUses;  // a mutant
    if (it == uses_.end() || (it->second != 1 && !several)) return false;
    std::vector<std::string> bound;
    return free_names_fresh(let->args[0], bound);
  }

  static bool free_names_fresh(const TermP& t, std::vector<std::string>& bound) {
    if (t->kind == TermKind::Var)
      return Transformer::is_fresh(t->name) ||
             std::find(bound.begin(), bound.end(), t->name) != bound.end();
    const bool binds = t->kind == TermKind::Lambda || t->kind == TermKind::LinLambda ||
                       t->kind == TermKind::FwdFold || t->kind == TermKind::RevFold ||
                       t->kind == TermKind::FwdUnfold || t->kind == TermKind::RevUnfold;
    if (t->kind == TermKind::Let) {
      if (!free_names_fresh(t->args[0], bound)) return false;
      bound.push_back(t->name);
      bool ok = free_names_fresh(t->args[1], bound);
      bound.pop_back();
      return ok;
    }
    if (binds) bound.push_back(t->name);
    bool ok = true;
    for (std::size_t i = 0; ok && i < t->args.size(); ++i) ok = free_names_fresh(t->args[i], bound);
    if (binds) bound.pop_back();
    for (const auto& b : t->branches) {
      if (!ok) break;
      bound.push_back(b.var);
      ok = free_names_fresh(b.body, bound);
      bound.pop_back();
    }
    return ok;
  }

  std::unordered_map<std::string, int> uses_;
  std::unordered_map<std::string, TermP> pending_;
  std::unordered_set<const Term*> inlined_;  // (the mutant InlinerDropsLaterUses only)
};

}  // namespace

TermP inline_linear_lets(const TermP& target) { return Inliner(target).rewrite(target); }

}  // namespace chad
