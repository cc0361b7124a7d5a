// The hyper-dual numbers of the certified second derivatives (model/hyper_dual.hpp), as an
// X-macro like model/scalar_list.hpp's: the source evaluator and normal forms are instantiated
// for these too, nothing else.
#pragma once
#include "model/hyper_dual.hpp"

#define CHAD_FOR_EACH_SECOND_ORDER_SCALAR(M) \
  M(::chad::HyperDual<double>)              \
  M(::chad::HyperDual<::chad::Mpfi>)
