// The CHAD transformations (shared/spec/chad.md): for G |- t : T,
//   forward  D1(G) |- Dfwd_G(t) : D1(T) * (D2(G) -o D2(T))
//   reverse  R1(G) |- Drev_G(t) : R1(T) * (R2(T) -o R2(G))
// as one table of rules keyed by term former (chad/forward_rules.cpp, chad/reverse_rules.cpp).
// Each subterm is transformed exactly once and its primal result let-bound (the sharing
// version of §8), so |D(t)| <= c |t|. A rule can be replaced from outside: tests and the
// oracle inject faults by copying the standard table and overriding an entry.
#pragma once
#include <array>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "syntax/chad_types.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

class Transformer;

// A rule: the target term for a checked source node, in the transformer's current context.
using ChadRule = std::function<TermP(const TermP& source, Transformer& self)>;

inline constexpr int kTermKindCount = int(TermKind::EnvUnpack) + 1;

struct RuleTable {
  std::array<ChadRule, kTermKindCount> forward, reverse;
  ChadRule& rule(ChadMode mode, TermKind kind) {
    return (mode == ChadMode::Forward ? forward : reverse)[int(kind)];
  }
  const ChadRule& rule(ChadMode mode, TermKind kind) const {
    return (mode == ChadMode::Forward ? forward : reverse)[int(kind)];
  }
  // The rules of shared/spec/chad.md.
  static const RuleTable& standard();
};

// Registers the standard rules of one mode (one file each).
void add_forward_rules(RuleTable& table);
void add_reverse_rules(RuleTable& table);

struct ChadOptions {
  ChadMode mode = ChadMode::Reverse;
  SumsStrategy sums = SumsStrategy::Biproduct;
  const RuleTable* rules = nullptr;  // null: RuleTable::standard()
  bool inline_linear = true;         // chad/inline_linear.hpp on the output
  FunctionsStrategy functions = kDefaultFunctionsStrategy;  // function (co)tangents' representation
};

// The state the rules share: the source context G (names and source types, innermost last),
// fresh names, and the type translations of the chosen mode and sums strategy.
class Transformer {
 public:
  Transformer(Context source_context, ChadOptions options);

  // D_G(t) for a checked source subterm in the current context.
  TermP transform(const TermP& source);
  // D_{G, x}(t): the current context extended by x : type (a source type).
  TermP transform_under(const std::string& name, const TypeP& type, const TermP& source);

  // A name no source program can write ("base#n").
  std::string fresh(const std::string& base);
  static bool is_fresh(const std::string& name) { return name.find('#') != std::string::npos; }

  ChadMode mode() const { return options_.mode; }
  SumsStrategy sums() const { return options_.sums; }
  FunctionsStrategy functions() const { return options_.functions; }
  // The translations of source types, cached by node (the cache keeps the node alive, so its
  // address is never reused for another type while the transformer lives).
  TypeP primal(const TypeP& source) { return cached(primal_cache_, source, primal_type); }
  TypeP tangent(const TypeP& source) { return cached(tangent_cache_, source, tangent_type); }
  // The (co)tangent type of the current context: ((unit * T2(x1)) * ...) * T2(xn).
  const TypeP& context_tangent() const { return context_tangents_.back(); }
  // 0 at a (co)tangent type, at a primal value when the strategy makes zeros from primals.
  TermP zero_at(const TypeP& tangent_type, TermP primal) const;

 private:
  ChadOptions options_;
  const RuleTable* rules_;
  Context context_;
  std::vector<TypeP> context_tangents_;  // [i] = the (co)tangent type of the first i variables
  std::size_t next_fresh_ = 0;
  using TypeCache = std::unordered_map<const Type*, std::pair<TypeP, TypeP>>;  // source, translation
  TypeCache primal_cache_, tangent_cache_;
  TypeP cached(TypeCache& cache, const TypeP& source,
               TypeP (*translate)(const TypeP&, ChadMode, SumsStrategy, FunctionsStrategy)) {
    auto [it, fresh] = cache.try_emplace(source.get());
    if (fresh) it->second = {source, translate(source, options_.mode, options_.sums, options_.functions)};
    return it->second.second;
  }
};

// The transformation of a closed, checked program's main function `A -> B`: a closed, checked
// target term of type D1(A -> B) (forward) or R1(A -> B) (reverse). Applied to an input it
// gives the output and its derivative map D2 A -o D2 B, or reverse R2 B -o R2 A. (Efficient
// functions strategy: main's own env, of its empty context, is left out of that map; see
// entry_primal_type.)
struct ChadProgram {
  ChadOptions options;
  TermP target;                  // checked
  TermP source;                  // the source main function
  // Code size (term_size) of the source and of the target, for Corollary 15.1's |D(t)| <= c |t|.
  std::size_t source_size() const { return term_size(source); }
  std::size_t target_size() const { return term_size(target); }
};

// The type of chad_program's target: D1(A -> B) / R1(A -> B), under the efficient functions
// strategy with the derivative map D2 A -o D2 B / R2 B -o R2 A (main's env left out).
TypeP entry_primal_type(const TypeP& main_type, const ChadOptions& options);

// Throws TargetTypeError if the output does not type-check (a bug of a rule).
ChadProgram chad_program(const CheckedProgram& program, const ChadOptions& options);

}  // namespace chad
