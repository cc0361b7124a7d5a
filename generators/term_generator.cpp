#include "generators/term_generator.hpp"

#include <algorithm>

#include "generators/input_generator.hpp"
#include "syntax/printer.hpp"

namespace chad {

GeneratedCase TermGenerator::generate(int max_size) {
  // Two random closed types of this program, beside the fixed palette: one data type (a
  // possible input or output), one of any kind (for intermediate values).
  random_data_ = types_.random_type(2, true);
  random_any_ = types_.random_type(2, false);
  TypeP input = input_type();
  TypeP output = output_type();
  const std::string x = input_name;
  add_to_scope(make_var(x), input);
  TermP body = gen(output, max_size);
  body_ = body;
  Program program;
  program.file = "<generated>";
  program.defs.push_back(Def{"main", {Param{x, input, {}}}, output, body, {}});
  // At the edges: every input with edges-only, else with `edges` kEdgeSharePercent of them (choice
  // 0: an ordinary input, the simplest).
  const bool edges = f_.edges_only || (f_.edges && c_.pick(100) >= 100 - kEdgeSharePercent);
  return {print_program(program), random_input_text(c_, input, 3, f_.second_set, edges)};
}

// ---- types -------------------------------------------------------------------------------

// The palettes below are lists of slots: a slot is picked first and only then is its type
// drawn (an array's shape), so that choices are spent only on what is used and a shrunk choice
// sequence keeps its meaning.
enum class Slot { Real, Pair, Vector, Matrix, Cube, Shape, List, Tree, Rose, Stream, Function, RandomData, RandomAny };

TypeP TermGenerator::slot_type(int slot) {
  switch (Slot(slot)) {
    case Slot::Real: return real_type();
    case Slot::Pair: return prod_type(real_type(), real_type());
    case Slot::Vector: return types_.array_of_rank(1);
    case Slot::Matrix: return types_.array_of_rank(2);
    case Slot::Cube: return types_.array_of_rank(3);
    case Slot::Shape: return generated_shape_type();
    case Slot::List: return generated_list_type();
    case Slot::Tree: return generated_tree_type();
    case Slot::Rose: return generated_rose_type();
    case Slot::Stream: return generated_stream_type();
    case Slot::Function: return arrow_type(real_type(), real_type());
    case Slot::RandomData: return random_data_;
    default: return random_any_;
  }
}

TypeP TermGenerator::pick_slot(const std::vector<int>& slots) {
  return slot_type(slots[std::size_t(c_.pick(int(slots.size())))]);
}

// Inputs hold reals in every value: reals, pairs, arrays of every rank, the two-constructor
// sum, lists and trees (non-empty mostly, see input_generator), rose trees (feature shapes), the random data type when it
// always holds reals.
TypeP TermGenerator::input_type() {
  std::vector<int> slots = {int(Slot::Real), int(Slot::Pair)};
  if (f_.arrays)
    slots.insert(slots.end(), {int(Slot::Vector), int(Slot::Matrix), int(Slot::Cube), int(Slot::Vector), int(Slot::Matrix)});
  if (f_.sums) slots.push_back(int(Slot::Shape));
  if (f_.inductive) slots.insert(slots.end(), {int(Slot::List), int(Slot::Tree)});
  if (always_has_reals(random_data_)) slots.push_back(int(Slot::RandomData));
  if (f_.inductive && f_.shapes) slots.insert(slots.end(), {int(Slot::Rose), int(Slot::Rose)});  // a nested mu
  std::vector<TypeP> parts;
  const int n = 1 + c_.pick(3);
  for (int i = 0; i < n; ++i) parts.push_back(pick_slot(slots));
  if (f_.inductive_input && f_.inductive)  // a list or tree first, for the cost check to grow
    parts.insert(parts.begin(), slot_type(c_.pick(2) == 0 ? int(Slot::List) : int(Slot::Tree)));
  return tuple_type(parts);
}

TypeP TermGenerator::output_type() {
  if (f_.higher_order && (f_.functions || f_.coinductive) && c_.pick(100) >= 80) {  // 0: data
    std::vector<TypeP> higher;
    if (f_.functions) higher.push_back(arrow_type(real_type(), real_type()));
    if (f_.functions) higher.push_back(prod_type(arrow_type(real_type(), real_type()), real_type()));
    if (f_.coinductive) higher.push_back(generated_stream_type());
    higher.push_back(random_any_);
    return higher[std::size_t(c_.pick(int(higher.size())))];
  }
  std::vector<int> slots = {int(Slot::Real), int(Slot::Real), int(Slot::Pair), int(Slot::Real)};
  if (f_.arrays) slots.insert(slots.end(), {int(Slot::Vector), int(Slot::Vector), int(Slot::Matrix)});
  if (f_.inductive) slots.push_back(int(Slot::List));
  if (always_has_reals(random_data_)) slots.push_back(int(Slot::RandomData));
  return pick_slot(slots);
}

TypeP TermGenerator::small_type() {
  std::vector<int> slots = {int(Slot::Real), int(Slot::Real), int(Slot::Pair)};
  if (f_.arrays) slots.push_back(int(Slot::RandomAny) + 1);  // an array of any rank
  if (f_.functions) slots.push_back(int(Slot::Function));
  if (f_.inductive) slots.insert(slots.end(), {int(Slot::List), int(Slot::Tree)});
  if (f_.coinductive) slots.push_back(int(Slot::Stream));
  if (f_.sums) slots.push_back(int(Slot::Shape));
  slots.push_back(int(Slot::RandomAny));
  const int slot = slots[std::size_t(c_.pick(int(slots.size())))];
  return slot == int(Slot::RandomAny) + 1 ? types_.random_array() : slot_type(slot);
}

// ---- scope -------------------------------------------------------------------------------

void TermGenerator::add_to_scope(const TermP& term, const TypeP& type) {
  scope_.push_back({term, type});
  if (type->kind == TypeKind::Prod) {
    add_to_scope(make_fst(term), type->left);
    add_to_scope(make_snd(term), type->right);
  }
}

bool TermGenerator::mentions(const Term& term, const std::string& name) {
  if (term.kind == TermKind::Var) return term.name == name;
  for (const auto& a : term.args)
    if (mentions(*a, name)) return true;
  return false;
}

bool TermGenerator::shadows(const std::string& name) const {
  for (const auto& s : scope_)
    if (s.term->kind == TermKind::Var && s.term->name == name) return true;
  return false;
}

std::string TermGenerator::let_name() {
  if (c_.pick(100) < 80) return fresh("v");
  std::vector<std::string> names;
  for (const auto& s : scope_)
    if (s.term->kind == TermKind::Var && std::find(names.begin(), names.end(), s.term->name) == names.end())
      names.push_back(s.term->name);
  if (names.empty()) return fresh("v");
  return names[std::size_t(c_.pick(int(names.size())))];
}

std::vector<TermP> TermGenerator::in_scope(const TypeP& type) const {
  std::vector<TermP> found;
  for (const auto& s : scope_)
    if (type_equal(s.type, type)) found.push_back(s.term);
  return found;
}

std::vector<const TermGenerator::InScope*> TermGenerator::in_scope_of_kind(TypeKind kind) const {
  std::vector<const InScope*> found;
  for (const auto& s : scope_)
    if (s.type->kind == kind) found.push_back(&s);
  return found;
}

// A value of that kind in scope, most often (choice 0 included) when there is one; else null.
const TermGenerator::InScope* TermGenerator::pick_in_scope(TypeKind kind) {
  auto found = in_scope_of_kind(kind);
  if (found.empty() || !c_.chance(70)) return nullptr;
  return found[std::size_t(c_.pick(int(found.size())))];
}

// ---- core --------------------------------------------------------------------------------

// A variable of the goal type (for a real, also an entry or the sum of an array in scope),
// the type's default inhabitant when none is in scope or on choice 0.
TermP TermGenerator::leaf(const TypeP& goal) {
  std::vector<TermP> vars = in_scope(goal);
  std::vector<const InScope*> arrays;
  if (goal->kind == TypeKind::Real && goal->shape.empty())
    for (const InScope* s : in_scope_of_kind(TypeKind::Real))
      if (!s->type->shape.empty()) arrays.push_back(s);
  // One choice: 0 (and about 1 in 9) the default inhabitant, else a candidate.
  const int candidates = int(vars.size() + arrays.size());
  const int choice = candidates == 0 ? 0 : c_.pick(8 * candidates + 1);
  if (choice % 9 == 0) {
    // An array of no type in scope: a real in scope weighting a constant array (choice 0: the
    // constant alone).
    if (goal->kind == TypeKind::Real && !goal->shape.empty() && !c_.chance(25)) {
      TermP weight = leaf(real_type());
      return make_prim(PrimOp::Scale, {weight, inhabitant(goal)});
    }
    return inhabitant(goal);
  }
  const std::size_t i = std::size_t((choice - 1) % candidates);
  TermP found;
  if (i < vars.size()) {
    found = vars[i];
  } else {
    const InScope* a = arrays[i - vars.size()];
    found = a->type->shape.size() == 1 ? make_prim(PrimOp::Get, {a->term}, {}, c_.pick(a->type->shape[0]))
                                       : make_prim(PrimOp::Sum, {a->term});
  }
  if (goal->kind != TypeKind::Real) return found;
  // A real variable is used as it is on small choices, else (3 in 8) weighted, passed through
  // sin, or squared: so that the leaves' derivatives are not all 1.
  switch ((choice - 1) / candidates) {
    case 5: return make_prim(goal->shape.empty() ? PrimOp::Mul : PrimOp::Scale, {make_literal(1.5), found});
    case 6: return make_prim(PrimOp::Sin, {found});
    case 7: return make_prim(PrimOp::Mul, {found, found});
    default: return found;
  }
}

// The default inhabitant of a type (base constructors for mu, a constant stream for nu).
TermP TermGenerator::inhabitant(const TypeP& goal) {
  switch (goal->kind) {
    case TypeKind::Real: {
      if (goal->shape.empty()) return literal();
      std::vector<int> row(goal->shape.begin() + 1, goal->shape.end());
      std::vector<TermP> elements;
      for (int i = 0; i < goal->shape[0]; ++i) elements.push_back(inhabitant(real_type(row)));
      return make_array_literal(elements);
    }
    case TypeKind::Unit: return make_unit();
    case TypeKind::Prod: {
      TermP left = leaf(goal->left);
      return make_pair(left, leaf(goal->right));
    }
    case TypeKind::Arrow: {
      std::string z = fresh("z");
      return make_lambda(z, goal->left, with_binding(z, goal->left, [&] { return leaf(goal->right); }));
    }
    case TypeKind::Sum:  // payloads are leaves: variables in scope where there are some
      return make_ascribe(make_inject(goal->ctors[0].name, leaf(goal->ctors[0].type)), goal);
    case TypeKind::Mu: {  // the base constructor (every generated mu type has one)
      TypeP unrolled = unroll_type(goal);
      if (unrolled->kind != TypeKind::Sum) return make_ascribe(make_roll(inhabitant(unrolled)), goal);
      const auto& ctor = unrolled->ctors[base_ctor(unrolled, goal)];
      return make_ascribe(make_roll(make_ascribe(make_inject(ctor.name, leaf(ctor.type)), unrolled)), goal);
    }
    case TypeKind::Nu: {
      std::string s = fresh("s");
      TypeP step = substitute(goal->body, goal->var, real_type());
      TermP seed = leaf(real_type());
      return make_ascribe(make_unfold(seed, s, with_binding(s, real_type(), [&] { return leaf(step); })), goal);
    }
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, "no inhabitant for " + print_type(goal));
}

TermP TermGenerator::gen(const TypeP& goal, int fuel) {
  if (fuel <= 1) return leaf(goal);
  const bool real = goal->kind == TypeKind::Real;
  // Choice 0 is a leaf (the simplest), but big budgets mostly build something: a leaf is 1 of
  // 16 options at small budgets, 1 of 46 at big ones.
  const int choice = c_.pick(fuel > 4 ? 46 : 16);
  switch (choice == 0 ? 0 : 1 + (choice - 1) % 15) {
    case 0: return leaf(goal);
    case 6: return let(goal, fuel - 1);
    case 7: return shared_let(goal, fuel - 1);
    case 8: return f_.functions && real ? shared_closure(goal, fuel - 1) : intro(goal, fuel - 1);
    case 9: return f_.functions && real ? higher_order_argument(goal, fuel - 1) : intro(goal, fuel - 1);
    case 10: return f_.functions ? app(goal, fuel - 1) : intro(goal, fuel - 1);
    case 11: return projection(goal, fuel - 1);
    case 12: return f_.sums ? case_of(goal, fuel - 1) : intro(goal, fuel - 1);
    case 13:
      if (f_.inductive_input && f_.functions && real && goal->shape.empty() && c_.chance(70))
        return closure_fold(goal, fuel - 1);
      return f_.inductive && real ? fold_every_element(goal, fuel - 1) : intro(goal, fuel - 1);
    case 14: return f_.inductive ? fold(goal, fuel - 1) : intro(goal, fuel - 1);
    case 15:
      if (f_.coinductive && real && goal->shape.empty()) return deep_stream(fuel - 1);
      return intro(goal, fuel - 1);
    default: return intro(goal, fuel - 1);
  }
}

TermP TermGenerator::intro(const TypeP& goal, int fuel) {
  switch (goal->kind) {
    case TypeKind::Real: return goal->shape.empty() ? scalar(fuel) : array(goal, fuel);
    case TypeKind::Unit: return make_unit();
    case TypeKind::Prod: {
      TermP left = gen(goal->left, fuel / 2);
      return make_pair(left, gen(goal->right, fuel - fuel / 2));
    }
    case TypeKind::Arrow: {
      std::string z = fresh("z");
      return make_lambda(z, goal->left, with_binding(z, goal->left, [&] { return gen(goal->right, fuel); }));
    }
    case TypeKind::Sum: {
      const auto& ctor = goal->ctors[std::size_t(c_.pick(int(goal->ctors.size())))];
      return make_ascribe(make_inject(ctor.name, gen(ctor.type, fuel)), goal);
    }
    case TypeKind::Mu: return make_ascribe(make_roll(gen(unroll_type(goal), fuel)), goal);
    case TypeKind::Nu: {
      std::string s = fresh("s");
      TypeP step = substitute(goal->body, goal->var, real_type());
      TermP seed = gen(real_type(), fuel / 2);
      return make_ascribe(
          make_unfold(seed, s, with_binding(s, real_type(), [&] { return gen(step, fuel - fuel / 2); })), goal);
    }
    default: return leaf(goal);
  }
}

TermP TermGenerator::let(const TypeP& goal, int fuel) {
  TypeP t = small_type();
  std::string v = let_name();
  TermP bound = gen(t, fuel / 2);
  return make_let(v, bound, with_binding(v, t, [&] { return gen(goal, fuel - fuel / 2); }));
}

TermP TermGenerator::app(const TypeP& goal, int fuel) {
  TypeP arg = small_type();
  TermP function = gen(arrow_type(arg, goal), fuel / 2);
  return make_app(make_ascribe(function, arrow_type(arg, goal)), gen(arg, fuel - fuel / 2));
}

TermP TermGenerator::projection(const TypeP& goal, int fuel) {
  TypeP other = small_type();
  if (c_.chance(50)) return make_fst(make_ascribe(gen(prod_type(goal, other), fuel), prod_type(goal, other)));
  return make_snd(make_ascribe(gen(prod_type(other, goal), fuel), prod_type(other, goal)));
}

// case s of { Ci yi -> gen(goal) } over a sum in scope or a generated one.
TermP TermGenerator::case_of(const TypeP& goal, int fuel) {
  TermP scrutinee;
  TypeP sum;
  if (const InScope* s = pick_in_scope(TypeKind::Sum)) {
    scrutinee = s->term;
    sum = s->type;
  } else {
    sum = generated_shape_type();
    scrutinee = make_ascribe(gen(sum, fuel / 3), sum);
  }
  return branches(scrutinee, sum, goal, fuel - fuel / 3);
}

TermP TermGenerator::branches(const TermP& scrutinee, const TypeP& sum, const TypeP& goal, int fuel) {
  std::vector<Branch> bs;
  const int each = std::max(1, fuel / int(sum->ctors.size()));
  for (const auto& ctor : sum->ctors) {
    std::string y = fresh("y");
    bs.push_back(Branch{ctor.name, y, with_binding(y, ctor.type, [&] { return gen(goal, each); }), -1, {}});
  }
  return make_case(scrutinee, bs);
}

// fold l with x -> case x of { ... }: over an inductive value in scope or a generated one.
TermP TermGenerator::fold(const TypeP& goal, int fuel) {
  if (goal->kind == TypeKind::Arrow && !f_.functions) return intro(goal, fuel);
  // A rose tree in scope (feature shapes) is folded as users fold one, through its children
  // (fold_every_element): a generic Node branch seldom folds the inner list, so its later
  // children would go unused.
  if (f_.shapes && goal->kind == TypeKind::Real && !in_scope(generated_rose_type()).empty())
    return fold_every_element(goal, fuel);
  TermP scrutinee;
  TypeP mu;
  if (const InScope* s = pick_in_scope(TypeKind::Mu)) {
    scrutinee = s->term;
    mu = s->type;
  } else {
    const int shape = c_.pick(100);  // a list, a tree, or under the feature shapes a rose tree
    mu = shape < 70 ? generated_list_type() : f_.shapes && shape >= 85 ? generated_rose_type() : generated_tree_type();
    scrutinee = make_ascribe(gen(mu, fuel / 3), mu);
  }
  std::string x = fresh("n");
  TypeP node = substitute(mu->body, mu->var, goal);
  TermP body = with_binding(x, node, [&] { return branches(make_var(x), node, goal, fuel - fuel / 3); });
  return make_ascribe(make_fold(scrutinee, x, body), goal);
}

}  // namespace chad
