// Fam(Vect) at a point: the (co)tangent space of a data type at a primal is the fibre R^n of
// the primal's Euclidean normal form (paper §10.4, Def. 10.12; model/normal_form.hpp). These
// convert between a vector of that fibre (coordinates in normal-form order) and a (co)tangent
// value of CHAD's target (sums in the representation of the SumsStrategy, the zero value of
// model/linear_values.hpp anywhere). Inactive biproduct components are not part of the fibre
// and are ignored.
#pragma once
#include <vector>

#include "model/normal_form.hpp"
#include "syntax/sums_strategy.hpp"

namespace chad {

// Precondition: is_data_type(type), index describes a value of it, coords has its dimension.
template <class S>
ValueP<S> tangent_from_coords(const TypeP& type, const Index& index, const std::vector<S>& coords,
                              SumsStrategy sums);

// The coordinates of a (co)tangent value at the primal with this index.
template <class S>
std::vector<S> coords_from_tangent(const TypeP& type, const Index& index, const ValueP<S>& tangent,
                                   SumsStrategy sums);

}  // namespace chad
