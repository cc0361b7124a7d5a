// How CHAD's target represents the (co)tangents of sum types, whose dimension depends on the
// primal's constructor (shared/spec/chad.md, "Representing the dependent types"):
//   biproduct   a tuple with a (co)tangent for every constructor, all but the primal's zero;
//   lifted      `0 | Ci dv`: zero or the primal constructor's (co)tangent;
//   zero-fn     `Ci dv` only; the zero at a primal `Ci v` is made from v.
#pragma once
#include <optional>
#include <string>

namespace chad {

enum class SumsStrategy { Biproduct, Lifted, ZeroFunctions };

inline const char* sums_strategy_name(SumsStrategy s) {
  switch (s) {
    case SumsStrategy::Biproduct: return "biproduct";
    case SumsStrategy::Lifted: return "lifted";
    case SumsStrategy::ZeroFunctions: return "zero-fn";
  }
  return "?";
}

inline std::optional<SumsStrategy> parse_sums_strategy(const std::string& name) {
  for (SumsStrategy s : {SumsStrategy::Biproduct, SumsStrategy::Lifted, SumsStrategy::ZeroFunctions})
    if (name == sums_strategy_name(s)) return s;
  return std::nullopt;
}

inline constexpr SumsStrategy kAllSumsStrategies[] = {
    SumsStrategy::Biproduct, SumsStrategy::Lifted, SumsStrategy::ZeroFunctions};

}  // namespace chad
