#include "cost/cost_measure.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "model/fibre.hpp"
#include "model/linear_values.hpp"
#include "semantics/evaluate.hpp"
#include "semantics/functor_map.hpp"

namespace chad {
namespace {

// The derivative map applied to a (co)tangent; the zero map gives zero without a call.
ValueP<double> apply_map(const ValueP<double>& map, const ValueP<double>& direction) {
  return map->kind == ValueKind::Zero ? map : map->call(direction);
}

// Forces up to `budget` lazy values of `v`, breadth-first (pairs, injections and rolls are
// looked through, functions are not applied).
void observe(const ValueP<double>& v, std::size_t budget) {
  std::vector<ValueP<double>> frontier{v}, next;
  while (!frontier.empty()) {
    next.clear();
    for (const ValueP<double>& value : frontier) {
      if (!value) continue;
      switch (value->kind) {
        case ValueKind::Pair: next.push_back(value->first), next.push_back(value->second); break;
        case ValueKind::Inject:
        case ValueKind::Roll: next.push_back(value->first); break;
        case ValueKind::Lazy:
          if (budget == 0) return;
          --budget;
          next.push_back(value->force());
          break;
        default: break;
      }
    }
    std::swap(frontier, next);
  }
}

// The cotangent of all ones at an output observed `budget` times, for outputs built from
// reals, unit, products and nu types whose bodies are built from those and their own variable
// (a stream of reals, of tuples, a tree-shaped stream): each node of the nu types, depth first,
// until the budget is spent, then zero. Null for any other type (sums or nested fixpoints in a
// nu type: the VJP is not measured).
ValueP<double> observed_cotangent(const Type& type, std::vector<const Type*>& binders, std::size_t& budget) {
  switch (type.kind) {
    case TypeKind::Real:
      if (type.shape.empty()) return scalar_value<double>(1.0);
      return array_value<double>(type.shape, std::vector<double>(std::size_t(type.real_count()), 1.0));
    case TypeKind::Unit: return zero_value<double>();
    case TypeKind::Prod: {
      ValueP<double> left = observed_cotangent(*type.left, binders, budget);
      if (!left) return nullptr;
      ValueP<double> right = observed_cotangent(*type.right, binders, budget);
      return right ? pair_value<double>(left, right) : nullptr;
    }
    case TypeKind::Var:
      for (std::size_t i = binders.size(); i-- > 0;)
        if (binders[i]->var == type.var) return observed_cotangent(*binders[i], binders, budget);
      return nullptr;
    case TypeKind::Nu: {
      if (budget == 0) return zero_value<double>();
      --budget;
      binders.push_back(&type);
      ValueP<double> node = observed_cotangent(*type.body, binders, budget);
      binders.pop_back();
      return node ? roll_value<double>(node) : nullptr;
    }
    default: return nullptr;
  }
}

// CHAD's program applied to the input: (output, derivative map).
ValueP<double> run_transformed(const ChadProgram& chad, const ValueP<double>& x) {
  return apply<double>(evaluate<double>(chad.target, nullptr), x);
}

DerivativeCost measure_mode(const CheckedProgram& program, const NormalForm<double>& input,
                            const ValueP<double>& x, const CostOptions& options, ChadMode mode,
                            bool observed) {
  ChadOptions chad_options = options.chad;
  chad_options.mode = mode;
  const ChadProgram chad = chad_program(program, chad_options);
  DerivativeCost out;
  out.code_size = chad.target_size();
  const bool forward = mode == ChadMode::Forward;
  const SumsStrategy sums = chad_options.sums;

  ValueP<double> result;
  CostCounts pass;
  {
    CostScope scope;
    result = run_transformed(chad, x);
    if (observed) observe(result->first, options.observations);
    pass = scope.counts();
  }
  if (observed && !forward) {  // the cotangent of the observed output; no reverse Jacobian
    std::vector<const Type*> binders;
    std::size_t budget = options.observations;
    const ValueP<double> ones = observed_cotangent(*program.output_type, binders, budget);
    if (!ones) return out;  // not measured (measured = false)
    CostScope scope;
    ValueP<double> image = apply_map(result->second, ones);
    out.one = pass + scope.counts();
    out.measured = true;
    return out;
  }
  out.measured = true;
  const Index output_index =
      observed ? Index{} : normal_form<double>(program.output_type, result->first).index;
  const TypeP& direction_type = forward ? program.input_type : program.output_type;
  const Index& direction_index = forward ? input.index : output_index;
  const std::size_t dimension = std::size_t(direction_index.dimension());
  out.jacobian_measured = options.full_jacobian;
  {
    ValueP<double> ones = tangent_from_coords<double>(direction_type, direction_index,
                                                      std::vector<double>(dimension, 1.0), sums);
    CostScope scope;
    ValueP<double> image = apply_map(result->second, ones);
    if (observed) observe(image, options.observations);
    out.one = pass + scope.counts();
  }
  if (!options.full_jacobian) return out;
  result = nullptr;  // a fresh pass: no value the JVP / VJP forced is reused
  {
    CostScope scope;
    result = run_transformed(chad, x);
    if (observed) observe(result->first, options.observations);
    out.jacobian = scope.counts();
  }
  out.directions = dimension;
  for (std::size_t j = 0; j < dimension; ++j) {
    std::vector<double> e(dimension, 0.0);
    e[j] = 1.0;
    ValueP<double> direction = tangent_from_coords<double>(direction_type, direction_index, e, sums);
    CostScope scope;
    ValueP<double> image = apply_map(result->second, direction);
    if (observed) observe(image, options.observations);
    out.jacobian = out.jacobian + scope.counts();
  }
  return out;
}

}  // namespace

double cost_ratio(const CostCounts& derivative, const CostCounts& primal) {
  return double(derivative.total()) / double(std::max<std::uint64_t>(primal.total(), 1));
}

bool measurable_output(const TypeP& output, bool& observed) {
  observed = !is_data_type(output) && contains_nu(*output);
  auto first_order = [](const auto& self, const Type& t) -> bool {
    switch (t.kind) {
      case TypeKind::Arrow: case TypeKind::LinArrow: case TypeKind::Copower: return false;
      case TypeKind::Prod: return self(self, *t.left) && self(self, *t.right);
      case TypeKind::Sum:
        for (const Constructor& c : t.ctors)
          if (!self(self, *c.type)) return false;
        return true;
      case TypeKind::Mu: case TypeKind::Nu: return self(self, *t.body);
      default: return true;
    }
  };
  return first_order(first_order, *output);
}

ProgramCost measure_cost(const CheckedProgram& program, const NormalForm<double>& input,
                         const CostOptions& options) {
  bool observed = false;
  CHAD_INTERNAL_ASSERT(measurable_output(program.output_type, observed), "measure_cost: a function output");
  ProgramCost out;
  out.source_size = term_size(program.main_function);
  out.input_dimension = std::size_t(input.index.dimension());
  const ValueP<double> x = rebuild<double>(program.input_type, input.index, input.coords);
  try {
    std::optional<CostLimit> limit;
    if (options.primal_step_limit > 0) limit.emplace(options.primal_step_limit);
    ValueP<double> y;
    CostScope scope;
    y = run_main<double>(program, x);
    if (observed) observe(y, options.observations);
    out.primal = scope.counts();
    if (!observed)
      out.output_dimension = std::size_t(normal_form<double>(program.output_type, y).index.dimension());
  } catch (const CostLimitExceeded& e) {
    if (options.primal_step_limit == 0) throw;  // an outer limit's
    throw PrimalCostLimitExceeded(std::string("the primal: ") + e.what());
  }
  out.observed_output = observed;
  try {
    std::optional<CostLimit> limit;
    if (options.derivative_step_limit > 0) limit.emplace(options.derivative_step_limit);
    if (options.forward) out.forward = measure_mode(program, input, x, options, ChadMode::Forward, observed);
    if (options.reverse) {
      DerivativeCost reverse = measure_mode(program, input, x, options, ChadMode::Reverse, observed);
      if (reverse.measured) out.reverse = reverse;
    }
  } catch (const CostLimitExceeded& e) {
    if (options.derivative_step_limit == 0) throw;  // an outer limit's
    throw DerivativeCostLimitExceeded(std::string("the derivatives: ") + e.what(), out.primal);
  }
  return out;
}

void run_one_product(const CheckedProgram& program, const ChadProgram& chad, const NormalForm<double>& input,
                     const Index& output_index, const std::vector<double>& direction) {
  const bool forward = chad.options.mode == ChadMode::Forward;
  const ValueP<double> x = rebuild<double>(program.input_type, input.index, input.coords);
  const ValueP<double> result = run_transformed(chad, x);
  apply_map(result->second, tangent_from_coords<double>(forward ? program.input_type : program.output_type,
                                                        forward ? input.index : output_index, direction,
                                                        chad.options.sums));
}

}  // namespace chad
