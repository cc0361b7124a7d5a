// How CHAD's target represents the (co)tangent of a function type A -> B:
//   paper      the rules of shared/spec/chad.md: a power D1 A -> D2 B (forward) / a copower
//              !R1 A (x) R2 B (reverse); eliminating it re-runs the body's primal per pair;
//   efficient  closure conversion: the (co)tangent of the closure's captured environment,
//              packed into the opaque linear type `env`; no primal is re-run.
#pragma once
#include <optional>
#include <string>

namespace chad {

enum class FunctionsStrategy { Efficient, Paper };

inline const char* functions_strategy_name(FunctionsStrategy s) {
  return s == FunctionsStrategy::Efficient ? "efficient" : "paper";
}

inline std::optional<FunctionsStrategy> parse_functions_strategy(const std::string& name) {
  for (FunctionsStrategy s : {FunctionsStrategy::Efficient, FunctionsStrategy::Paper})
    if (name == functions_strategy_name(s)) return s;
  return std::nullopt;
}

inline constexpr FunctionsStrategy kAllFunctionsStrategies[] = {FunctionsStrategy::Efficient,
                                                                FunctionsStrategy::Paper};

// The strategy CHAD uses when none is asked for.
inline constexpr FunctionsStrategy kDefaultFunctionsStrategy = FunctionsStrategy::Efficient;

}  // namespace chad
