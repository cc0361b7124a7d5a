// The dual numbers CHAD's target evaluator is instantiated for besides the plain scalars
// (model/scalar_list.hpp), as an X-macro: CHAD's derivative program evaluated over them is
// differentiated once more (oracle/chad_hessian.hpp).
#pragma once
#include "model/dual_math.hpp"

#define CHAD_FOR_EACH_TARGET_DUAL_SCALAR(M) M(::chad::Dual<double>)
