#include "references/jacobian.hpp"

namespace chad {

const char* method_name(JacobianMethod method) {
  switch (method) {
    case JacobianMethod::Dual: return "dual";
    case JacobianMethod::Interval: return "interval";
    case JacobianMethod::FiniteDifference: return "fd";
    case JacobianMethod::ChadForward: return "chad-fwd";
    case JacobianMethod::ChadReverse: return "chad-rev";
    case JacobianMethod::SdReverse: return "sd-rev";
    case JacobianMethod::ChadForwardCompiled: return "chad-fwd-compiled";
    case JacobianMethod::ChadReverseCompiled: return "chad-rev-compiled";
  }
  return "?";
}

std::optional<JacobianMethod> parse_method(const std::string& name) {
  if (name == "dual") return JacobianMethod::Dual;
  if (name == "interval") return JacobianMethod::Interval;
  if (name == "fd") return JacobianMethod::FiniteDifference;
  if (name == "chad-fwd") return JacobianMethod::ChadForward;
  if (name == "chad-rev") return JacobianMethod::ChadReverse;
  if (name == "sd-rev") return JacobianMethod::SdReverse;
  if (name == "chad-fwd-compiled") return JacobianMethod::ChadForwardCompiled;
  if (name == "chad-rev-compiled") return JacobianMethod::ChadReverseCompiled;
  return std::nullopt;
}

}  // namespace chad
