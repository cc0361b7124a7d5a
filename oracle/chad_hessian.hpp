// CHAD differentiated twice: CHAD's derivative program (reverse, or forward) evaluated over dual
// numbers Dual<double> (model/dual_math.hpp: the reference duals, not CHAD's table), with the
// input coordinates seeded with a tangent v, so that the tangent of each Jacobian entry is
// d/dt J(x + t v): forward-over-reverse (chad-fwd-over-rev) and forward-over-forward
// (chad-fwd-over-fwd). Seeding v = e_k gives column k of every output's Hessian (n passes in
// all); a cotangent w and one seed v give H_w v without forming the Hessian. Judged against
// the certified Hessian (references/hessian.hpp) in `verify --order 2` and `campaign --order 2`
// (oracle/order2_check.hpp).
#pragma once
#include "chad/transformer.hpp"
#include "references/hessian.hpp"

namespace chad {

// method: ChadForwardOverReverse or ChadForwardOverForward. A tie or kink at the point: "not
// differentiable here". Throws as jacobian_by_chad does on a fault of the transformation.
HessianResult hessian_by_chad(const CheckedProgram& program, const NormalForm<double>& input, HessianMethod method,
                              SumsStrategy sums = SumsStrategy::Biproduct,
                              FunctionsStrategy functions = kDefaultFunctionsStrategy,
                              const RuleTable* rules = nullptr);

// H_w v by one seeded pass of CHAD's reverse derivative over dual numbers.
HessianVectorProduct hessian_vector_product_by_chad(const CheckedProgram& program, const NormalForm<double>& input,
                                                    const std::vector<double>& cotangent,
                                                    const std::vector<double>& seed,
                                                    SumsStrategy sums = SumsStrategy::Biproduct);

// A Hessian method's result: the references' (taylor, interval, fd) or CHAD's.
HessianResult compute_hessian(const CheckedProgram& program, const NormalForm<double>& input, HessianMethod method,
                              SumsStrategy sums = SumsStrategy::Biproduct);

}  // namespace chad
