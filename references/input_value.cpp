#include "references/input_value.hpp"

#include "semantics/evaluate.hpp"
#include "syntax/list_literal.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

const char* kValueFile = "<--at>";

// Rejects every form that is not part of the value syntax.
void require_value_form(const TermP& t) {
  switch (t->kind) {
    case TermKind::Literal:
    case TermKind::Unit:
      return;
    case TermKind::ArrayLit:
    case TermKind::Pair:
    case TermKind::Inject:
    case TermKind::Roll:
    case TermKind::Ascribe:
      for (const auto& a : t->args) require_value_form(a);
      return;
    case TermKind::Prim:
      if (t->op == PrimOp::Neg && t->args[0]->kind == TermKind::Literal) return;
      throw SourceError(t->loc, std::string("an input value may use unary minus on literals, "
                                            "but no other primitive; found `") +
                                    prim_name(t->op) + "`" +
                                    (t->op == PrimOp::Sub
                                         ? " (a negative argument of a constructor or `roll` needs "
                                           "parentheses: `roll Leaf (-1)`; `roll Leaf -1` reads as "
                                           "`(roll Leaf) - 1`)"
                                         : ""));
    default:
      throw SourceError(t->loc, "an input value may contain only literals, arrays, (), pairs, "
                                "constructors, roll and ascriptions; found `" +
                                    print_term(t) + "`");
  }
}

// The value of the value-form term `t` at `type`: pairs and list literals are built directly,
// a list's spine in a loop (a literal of a million elements makes no million checked rolls and
// no recursion as deep as the list); every other form, and any form the checker would reject
// here, goes through check_term and evaluate, whose messages are the ones a program gets.
// Recurses only as deep as the value's nesting away from list spines.
ValueP<double> value_of(const TermP& t, const TypeP& type) {
  if (t->kind == TermKind::Pair && type->kind == TypeKind::Prod)
    return pair_value<double>(value_of(t->args[0], type->left), value_of(t->args[1], type->right));
  if (t->kind == TermKind::ArrayLit && type->kind == TypeKind::Mu) {
    const std::optional<ListShape> shape = list_shape(type);
    if (shape && !(shape->non_empty && t->args.empty())) {
      std::vector<ValueP<double>> elements;
      elements.reserve(t->args.size());
      for (const TermP& e : t->args) elements.push_back(value_of(e, shape->element));
      std::size_t n = elements.size();
      ValueP<double> list = roll_value<double>(
          inject_value<double>(shape->end, shape->non_empty ? std::move(elements[--n]) : unit_value<double>()));
      while (n-- > 0)
        list = roll_value<double>(
            inject_value<double>(shape->cons, pair_value<double>(std::move(elements[n]), std::move(list))));
      return list;
    }
  }
  return evaluate<double>(check_term({}, t, type), nullptr);
}

}  // namespace

// `text` parsed as a value term (aliases of `program` in scope), refused unless in value form.
static TermP value_term(const CheckedProgram& program, const std::string& text) {
  TermP term = parse_term(text, kValueFile, program.program.aliases);
  require_value_form(term);
  return term;
}

ValueP<double> read_value(const CheckedProgram& program, const TypeP& type,
                          const std::string& text) {
  return value_of(value_term(program, text), type);
}

std::string readable_input(const CheckedProgram& program, const std::string& text) {
  try {
    return print_term_with_list_literals(check_term({}, value_term(program, text), program.input_type));
  } catch (const SourceError&) {
    return text;
  }
}

NormalForm<double> read_input_point(const CheckedProgram& program, const std::string& text) {
  if (!is_data_type(program.input_type)) {
    // At the first parameter whose type is not data (the entry's def when there is none).
    const Def& entry = entry_point(program.program);
    Loc loc = entry.loc;
    for (const Param& p : entry.params)
      if (!is_data_type(p.type)) {
        loc = p.loc;
        break;
      }
    throw SourceError(loc, "the input type `" + print_type(program.input_type) +
                               "` of `" + program.entry +
                               "` is not a data type (it holds a function or a `nu` type), "
                               "so it has no coordinates to differentiate by");
  }
  return normal_form<double>(program.input_type, read_value(program, program.input_type, text));
}

}  // namespace chad
