#include "chad/transformer.hpp"

#include "chad/inline_linear.hpp"
#include "chad/target_builders.hpp"
#include "syntax/target_checker.hpp"

namespace chad {

const RuleTable& RuleTable::standard() {
  static const RuleTable table = [] {
    RuleTable t;
    add_forward_rules(t);
    add_reverse_rules(t);
    return t;
  }();
  return table;
}

Transformer::Transformer(Context source_context, ChadOptions options)
    : options_(options), rules_(options.rules ? options.rules : &RuleTable::standard()) {
  context_tangents_.push_back(unit_type());
  for (const auto& [name, type] : source_context) {
    context_.emplace_back(name, type);
    context_tangents_.push_back(prod_type(context_tangents_.back(), tangent(type)));
  }
}

TermP Transformer::transform(const TermP& source) {
  CHAD_INTERNAL_ASSERT(source->type, "CHAD needs a checked source term");
  const ChadRule& rule = rules_->rule(options_.mode, source->kind);
  CHAD_INTERNAL_ASSERT(bool(rule), "no CHAD rule for this term former");
  return rule(source, *this);
}

TermP Transformer::transform_under(const std::string& name, const TypeP& type, const TermP& source) {
  context_.emplace_back(name, type);
  context_tangents_.push_back(prod_type(context_tangents_.back(), tangent(type)));
  TermP result = transform(source);
  context_.pop_back();
  context_tangents_.pop_back();
  return result;
}

std::string Transformer::fresh(const std::string& base) {
  return base + "#" + std::to_string(next_fresh_++);
}

TermP Transformer::zero_at(const TypeP& tangent_type, TermP primal) const {
  if (options_.sums == SumsStrategy::ZeroFunctions) return target::zero_of(tangent_type, std::move(primal));
  return target::zero(tangent_type);
}

ChadProgram chad_program(const CheckedProgram& program, const ChadOptions& options) {
  Transformer transformer({}, options);
  // Dfwd / Drev of the closed main function is <f, f'> with f' over the empty context.
  TermP target = target::fst(transformer.transform(program.main_function));
  if (options.inline_linear) target = inline_linear_lets(target);
  ChadProgram result;
  result.options = options;
  result.target = check_target({}, target);
  TypeP expected = primal_type(program.main_function->type, options.mode, options.sums);
  if (!type_equal(result.target->type, expected))
    throw TargetTypeError("the transformed program has type " + print_type(result.target->type) +
                          ", expected " + print_type(expected));
  result.source = program.main_function;
  return result;
}

}  // namespace chad
