// Values of the wrong kind or shape where CHAD's output combines them (model/evaluation_fault.hpp):
// adding (co)tangents, a primitive's derivative reading its (co)tangent, reading a (co)tangent as
// coordinates. Each raises EvaluationFault naming what met, instead of reading memory that is
// not there; values of the right shapes still combine (the checks do not reject them).
#include <gtest/gtest.h>

#include "model/evaluation_fault.hpp"
#include "model/fibre.hpp"
#include "model/linear_values.hpp"
#include "model/normal_form.hpp"
#include "target_semantics/primitive_derivatives.hpp"
#include "syntax/term.hpp"

namespace chad {
namespace {

// The message of the EvaluationFault `work` throws ("" when it throws none).
template <class Work>
std::string fault_of(Work work) {
  try {
    work();
  } catch (const EvaluationFault& e) {
    EXPECT_NE(std::string(e.what()).find(e.reason()), std::string::npos);
    return e.reason();
  }
  return "";
}

ValueP<double> real(double x) { return scalar_value<double>(x); }
ValueP<double> array(std::vector<int> shape, std::vector<double> data) {
  return array_value<double>(std::move(shape), std::move(data));
}

TEST(EvaluationFault, AddingValuesOfDifferentKindsOrShapes) {
  EXPECT_EQ(fault_of([] { add_linear<double>(real(1), pair_value<double>(real(0), real(0))); }),
            "adding (co)tangents: a real and a pair");
  EXPECT_EQ(fault_of([] { add_linear<double>(array({2}, {1, 2}), array({3}, {1, 2, 3})); }),
            "adding (co)tangents: arrays of shapes [2] and [3]");
  // Same number of entries, different shapes: [2, 3] is not [3, 2].
  EXPECT_EQ(fault_of([] { add_linear<double>(array({2, 3}, {1, 2, 3, 4, 5, 6}), array({3, 2}, {1, 2, 3, 4, 5, 6})); }),
            "adding (co)tangents: arrays of shapes [2, 3] and [3, 2]");
  // Matching shapes still add: [1, 2] + [10, 20] = [11, 22].
  ValueP<double> sum = add_linear<double>(array({2}, {1, 2}), array({2}, {10, 20}));
  EXPECT_EQ(sum->extra->data, (std::vector<double>{11, 22}));
}

TEST(EvaluationFault, APrimitiveDerivativeReadingATangentOfTheWrongShape) {
  TermP mul = make_prim(PrimOp::Mul, {make_literal(0), make_literal(0)}, {}, -1);
  // (a b)' at a = 2, b = 3 with da a pair (a zero over a pair, say) and db = 1.
  ValueP<double> a = real(2), b = real(3), da = pair_value<double>(real(0), real(0)), db = real(1);
  const Value<double>* x[] = {a.get(), b.get()};
  const Value<double>* dx[] = {da.get(), db.get()};
  EXPECT_EQ(fault_of([&] { primitive_forward<double>(*mul, 2, x, dx); }),
            "a (co)tangent: expected a real or an array, found a pair");
  // An array tangent of 3 entries for operands of 2.
  ValueP<double> u = array({2}, {1, 2}), w = array({2}, {3, 4}), du = array({3}, {0, 0, 0});
  const Value<double>* xs[] = {u.get(), w.get()};
  const Value<double>* dxs[] = {du.get(), w.get()};
  EXPECT_EQ(fault_of([&] { primitive_forward<double>(*mul, 2, xs, dxs); }),
            "a (co)tangent: expected 2 entries, found an array of shape [3]");
  // The cotangent of sum (a real) given as an array.
  TermP sum = make_prim(PrimOp::Sum, {make_literal(0)}, {}, -1);
  const Value<double>* operand[] = {u.get()};
  EXPECT_EQ(fault_of([&] { primitive_transpose<double>(*sum, 1, operand, *u); }),
            "a cotangent: expected a real, found an array");
  // The right shapes: (a b)' = da b + a db = 1 * 3 + 2 * 1 = 5 with da = 1, db = 1.
  ValueP<double> one = real(1);
  const Value<double>* ones[] = {one.get(), one.get()};
  EXPECT_EQ(primitive_forward<double>(*mul, 2, x, ones)->scalar, 5);
}

TEST(EvaluationFault, ReadingATangentOfTheWrongShapeAsCoordinates) {
  const TypeP pair_of_reals = prod_type(real_type(), real_type());
  const NormalForm<double> point = normal_form<double>(pair_of_reals, pair_value<double>(real(1), real(2)));
  EXPECT_EQ(fault_of([&] { coords_from_tangent<double>(pair_of_reals, point.index, real(0), SumsStrategy::Biproduct); }),
            "the (co)tangent read as coordinates: expected a pair, found a real");
  EXPECT_EQ(fault_of([&] {
              coords_from_tangent<double>(real_type({2}), Index{Index::Kind::Reals, 2, -1, {}, {}}, real(0),
                                          SumsStrategy::Biproduct);
            }),
            "the (co)tangent read as coordinates: expected 2 entries, found a real");
}

}  // namespace
}  // namespace chad
