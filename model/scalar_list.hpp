// The scalar types every generic piece of the model and the evaluator is instantiated for,
// as one X-macro: CHAD_FOR_EACH_SCALAR(M) expands M(S) for each.
#pragma once
#include "model/dual.hpp"
#include "model/vector_dual.hpp"

#define CHAD_FOR_EACH_SCALAR(M) \
  M(double)                     \
  M(::chad::Mpfr)               \
  M(::chad::Mpfi)               \
  M(::chad::Dual<double>)       \
  M(::chad::Dual<::chad::Mpfr>) \
  M(::chad::Dual<::chad::Mpfi>) \
  M(::chad::VectorDual<double>) \
  M(::chad::VectorDual<::chad::Mpfi>)

// The plain scalar types (no dual numbers): CHAD's target terms are evaluated in these.
#define CHAD_FOR_EACH_PLAIN_SCALAR(M) \
  M(double)                           \
  M(::chad::Mpfr)                     \
  M(::chad::Mpfi)
