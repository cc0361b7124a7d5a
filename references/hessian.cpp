#include "references/hessian.hpp"

namespace chad {

const char* hessian_method_name(HessianMethod method) {
  switch (method) {
    case HessianMethod::Taylor: return "taylor";
    case HessianMethod::Interval: return "interval";
    case HessianMethod::FiniteDifference: return "fd";
    case HessianMethod::ChadForwardOverReverse: return "chad-fwd-over-rev";
    case HessianMethod::ChadForwardOverForward: return "chad-fwd-over-fwd";
  }
  return "?";
}

std::optional<HessianMethod> parse_hessian_method(const std::string& name) {
  for (HessianMethod m : {HessianMethod::Taylor, HessianMethod::Interval, HessianMethod::FiniteDifference,
                          HessianMethod::ChadForwardOverReverse, HessianMethod::ChadForwardOverForward})
    if (name == hessian_method_name(m)) return m;
  return std::nullopt;
}

HessianResult reference_hessian(HessianMethod method, const CheckedProgram& program, const NormalForm<double>& input) {
  switch (method) {
    case HessianMethod::Taylor: return hessian_by_taylor(program, input);
    case HessianMethod::Interval: return hessian_by_interval(program, input);
    case HessianMethod::FiniteDifference: return hessian_by_finite_differences(program, input);
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, std::string("reference_hessian: not a reference method: ") + hessian_method_name(method));
}

}  // namespace chad
