// Human-readable output of normal forms and Jacobians (the default, non-JSON form).
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "references/jacobian.hpp"

namespace chad {

void print_normal_form(std::ostream& out, const std::string& label, const Index& index,
                       const std::vector<double>& coords);
void print_jacobian(std::ostream& out, const JacobianResult& result);

}  // namespace chad
