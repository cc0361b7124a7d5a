// The generator: `gen` (a term of a goal type) chooses a leaf, an introduction form or an
// elimination; `leaf` is a variable of the goal type or the type's default inhabitant. The
// scope holds terms, not just names: a variable of a pair type also offers its projections.
// Choices are drawn in a fixed order: never in two arguments of one function call (whose order
// C++ leaves unspecified), only in separate statements or in braced lists (left to right), so
// a seed gives the same program with any compiler.
#include "generators/program_generator.hpp"

#include <sstream>
#include <stdexcept>

#include "generators/input_generator.hpp"
#include "syntax/printer.hpp"

namespace chad {

GeneratorFeatures GeneratorFeatures::parse(const std::string& text) {
  GeneratorFeatures f;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item.empty()) continue;
    bool on = true;
    if (item[0] == '-' || item[0] == '+') {
      on = item[0] == '+';
      item = item.substr(1);
    }
    bool* flags[] = {&f.functions, &f.sums,        &f.inductive, &f.coinductive,
                     &f.arrays,    &f.comparisons, &f.partial,   &f.higher_order};
    const char* names[] = {"functions", "sums",        "inductive", "coinductive",
                           "arrays",    "comparisons", "partial",   "higher-order"};
    if (item == "all" || item == "none") {
      for (bool* flag : flags) *flag = item == "all" ? on : !on;
      continue;
    }
    bool known = false;
    for (int i = 0; i < 8; ++i)
      if (item == names[i]) *flags[i] = on, known = true;
    if (!known)
      throw std::invalid_argument("unknown feature `" + item +
                                  "` (known: functions, sums, inductive, coinductive, arrays, "
                                  "comparisons, partial, higher-order, all, none; prefix - to turn one off)");
  }
  return f;
}

std::string GeneratorFeatures::describe() const {
  std::string s;
  auto add = [&](bool on, const char* name) { s += std::string(s.empty() ? "" : ",") + (on ? "" : "-") + name; };
  add(functions, "functions");
  add(sums, "sums");
  add(inductive, "inductive");
  add(coinductive, "coinductive");
  add(arrays, "arrays");
  add(comparisons, "comparisons");
  add(partial, "partial");
  add(higher_order, "higher-order");
  return s;
}

namespace {

struct InScope {
  TermP term;
  TypeP type;
};

TypeP list_type() {
  static const TypeP t = mu_type("l", sum_type({{"Nil", unit_type()}, {"Cons", prod_type(real_type(), var_type("l"))}}));
  return t;
}
TypeP tree_type() {
  static const TypeP t = mu_type("t", sum_type({{"Leaf", real_type()}, {"Node", prod_type(var_type("t"), var_type("t"))}}));
  return t;
}
TypeP shape_type() {
  static const TypeP t = sum_type({{"Dot", real_type()}, {"Box", prod_type(real_type(), real_type())}});
  return t;
}
TypeP stream_type() {
  static const TypeP t = nu_type("s", prod_type(real_type(), var_type("s")));
  return t;
}

class Generator {
 public:
  Generator(ChoiceSource& c, const GeneratorFeatures& f) : c_(c), f_(f) {}

  GeneratedCase generate(int max_size) {
    // Two random closed types of this program, beside the fixed palette: one data type (a
    // possible input or output), one of any kind (for intermediate values).
    random_data_ = random_type(2, true);
    random_any_ = random_type(2, false);
    TypeP input = input_type(), output = output_type();
    std::string x = "x";
    add_to_scope(make_var(x), input);
    TermP body = gen(output, max_size);
    Program program;
    program.file = "<generated>";
    program.defs.push_back(Def{"main", {Param{x, input, {}}}, output, body, {}});
    return {print_program(program), random_input_text(c_, input)};
  }

 private:
  // ---- types ----------------------------------------------------------------------------
  // A random closed type. `data`: no functions and no nu (the inputs and outputs, and the
  // bodies of mu and nu, which must be polynomial); a generated mu always has a base
  // constructor first.
  TypeP random_type(int depth, bool data) {
    std::vector<int> options = {0, 1, 2};  // real, unit, product
    if (f_.arrays) options.push_back(3);
    if (depth > 0) {
      if (f_.sums) options.push_back(4);
      if (f_.inductive) options.push_back(5);
      if (f_.coinductive && !data) options.push_back(6);
      if (f_.functions && !data) options.push_back(7);
    }
    switch (options[std::size_t(c_.pick(int(options.size())))]) {
      case 0: return real_type();
      case 1: return unit_type();
      case 2: {
        TypeP left = random_type(depth - 1, data);
        return prod_type(left, random_type(depth - 1, data));
      }
      case 3: return real_type({1 + c_.pick(3)});
      case 4: {
        static const char* const names[] = {"A", "B", "C"};
        std::vector<Constructor> ctors;
        const int n = 1 + c_.pick(3);
        for (int i = 0; i < n; ++i) ctors.push_back({names[i], random_type(depth - 1, data)});
        return sum_type(ctors);
      }
      case 5: {  // mu a. < Base : T0 | Step : T1 * a > or < Base : T0 | Node : a * a >
        const std::string a = "r" + std::to_string(type_counter_++);
        TypeP base = random_type(depth - 1, true), step = random_type(depth - 1, true);
        TypeP recursive = c_.chance(70) ? prod_type(step, var_type(a)) : prod_type(var_type(a), var_type(a));
        return mu_type(a, sum_type({{"Base", base}, {"Step", recursive}}));
      }
      case 6: {  // nu a. T * a
        const std::string a = "c" + std::to_string(type_counter_++);
        return nu_type(a, prod_type(random_type(depth - 1, true), var_type(a)));
      }
      default: {
        TypeP from = random_type(depth - 1, data);
        return arrow_type(from, random_type(depth - 1, data));
      }
    }
  }

  std::vector<TypeP> data_palette() const {
    std::vector<TypeP> p = {real_type(), prod_type(real_type(), real_type())};
    if (f_.arrays) p.push_back(real_type({2}));
    if (f_.sums) p.push_back(shape_type());
    if (f_.inductive) p.push_back(list_type());
    p.push_back(random_data_);
    return p;
  }
  TypeP input_type() {
    auto palette = data_palette();
    std::vector<TypeP> parts;
    const int n = 1 + c_.pick(3);
    for (int i = 0; i < n; ++i) parts.push_back(palette[std::size_t(c_.pick(int(palette.size())))]);
    return tuple_type(parts);
  }
  TypeP output_type() {
    if (f_.higher_order && (f_.functions || f_.coinductive) && c_.pick(100) >= 75) {  // 0: data
      std::vector<TypeP> higher;
      if (f_.functions) higher.push_back(arrow_type(real_type(), real_type()));
      if (f_.functions) higher.push_back(prod_type(arrow_type(real_type(), real_type()), real_type()));
      if (f_.coinductive) higher.push_back(stream_type());
      higher.push_back(random_any_);
      return higher[std::size_t(c_.pick(int(higher.size())))];
    }
    auto palette = data_palette();
    return palette[std::size_t(c_.pick(int(palette.size())))];
  }
  // The types of intermediate values (let, application arguments).
  TypeP small_type() {
    std::vector<TypeP> p = data_palette();
    if (f_.functions) p.push_back(arrow_type(real_type(), real_type()));
    if (f_.inductive) p.push_back(tree_type());
    if (f_.coinductive) p.push_back(stream_type());
    p.push_back(random_any_);
    return p[std::size_t(c_.pick(int(p.size())))];
  }

  // ---- scope -----------------------------------------------------------------------------
  std::string fresh(const char* base) { return base + std::to_string(counter_++); }
  void add_to_scope(const TermP& term, const TypeP& type) {
    scope_.push_back({term, type});
    if (type->kind == TypeKind::Prod) {
      add_to_scope(make_fst(term), type->left);
      add_to_scope(make_snd(term), type->right);
    }
  }
  template <class F>
  TermP with_binding(const std::string& name, const TypeP& type, F body) {
    const std::size_t mark = scope_.size();
    add_to_scope(make_var(name), type);
    TermP result = body();
    scope_.resize(mark);
    return result;
  }
  std::vector<TermP> in_scope(const TypeP& type) const {
    std::vector<TermP> found;
    for (const auto& s : scope_)
      if (type_equal(s.type, type)) found.push_back(s.term);
    return found;
  }
  std::vector<const InScope*> in_scope_of_kind(TypeKind kind) const {
    std::vector<const InScope*> found;
    for (const auto& s : scope_)
      if (s.type->kind == kind) found.push_back(&s);
    return found;
  }

  // ---- terms -----------------------------------------------------------------------------
  TermP literal() {
    static const double values[] = {1, 2, 0.5, 3, 0.25, 1.5};
    return make_literal(values[c_.pick(6)]);
  }

  TermP leaf(const TypeP& goal) {
    std::vector<TermP> vars = in_scope(goal);
    if (!vars.empty()) {
      int i = c_.pick(int(vars.size()) + 1);
      if (i > 0) return vars[std::size_t(i - 1)];
    }
    return inhabitant(goal);
  }

  // The default inhabitant of a type (base constructors for mu, a constant stream for nu).
  TermP inhabitant(const TypeP& goal) {
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
        std::string x = fresh("z");
        return make_lambda(x, goal->left, with_binding(x, goal->left, [&] { return leaf(goal->right); }));
      }
      case TypeKind::Sum:
        return make_ascribe(make_inject(goal->ctors[0].name, inhabitant(goal->ctors[0].type)), goal);
      case TypeKind::Mu: {  // the base constructor (every generated mu type has one)
        TypeP unrolled = unroll_type(goal);
        if (unrolled->kind != TypeKind::Sum) return make_ascribe(make_roll(inhabitant(unrolled)), goal);
        const auto& ctor = unrolled->ctors[base_ctor(unrolled, goal)];
        return make_ascribe(make_roll(make_ascribe(make_inject(ctor.name, inhabitant(ctor.type)), unrolled)), goal);
      }
      case TypeKind::Nu: {
        std::string s = fresh("s");
        TypeP step = substitute(goal->body, goal->var, real_type());
        return make_ascribe(make_unfold(literal(), s, with_binding(s, real_type(), [&] { return leaf(step); })), goal);
      }
      default: break;
    }
    CHAD_INTERNAL_ASSERT(false, "no inhabitant for " + print_type(goal));
  }

  TermP gen(const TypeP& goal, int fuel) {
    if (fuel <= 1) return leaf(goal);
    switch (c_.pick(9)) {
      case 0: return leaf(goal);
      case 1: case 2: case 3: return intro(goal, fuel - 1);
      case 4: return let(goal, fuel - 1);
      case 5: return f_.functions ? app(goal, fuel - 1) : intro(goal, fuel - 1);
      case 6: return projection(goal, fuel - 1);
      case 7: return f_.sums ? case_of(goal, fuel - 1) : intro(goal, fuel - 1);
      default:
        if (f_.inductive && c_.chance(70)) return fold(goal, fuel - 1);
        if (f_.coinductive && goal->kind == TypeKind::Real && goal->shape.empty()) return unroll(fuel - 1);
        return intro(goal, fuel - 1);
    }
  }

  TermP intro(const TypeP& goal, int fuel) {
    switch (goal->kind) {
      case TypeKind::Real: return goal->shape.empty() ? scalar(fuel) : array(goal, fuel);
      case TypeKind::Unit: return make_unit();
      case TypeKind::Prod: {
        TermP left = gen(goal->left, fuel / 2);
        return make_pair(left, gen(goal->right, fuel - fuel / 2));
      }
      case TypeKind::Arrow: {
        std::string x = fresh("z");
        return make_lambda(x, goal->left, with_binding(x, goal->left, [&] { return gen(goal->right, fuel); }));
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
        return make_ascribe(make_unfold(seed, s, with_binding(s, real_type(), [&] { return gen(step, fuel - fuel / 2); })), goal);
      }
      default: return leaf(goal);
    }
  }

  // softplus(e) + 1 > 0: the argument of a partial primitive.
  TermP positive(int fuel) {
    return make_prim(PrimOp::Add, {make_prim(PrimOp::Softplus, {gen(real_type(), fuel)}), make_literal(1)});
  }

  TermP scalar(int fuel) {
    const int half = fuel / 2, rest = fuel - fuel / 2;
    switch (c_.pick(8)) {
      case 0: return literal();
      case 1: {
        static const PrimOp unary[] = {PrimOp::Sin, PrimOp::Cos, PrimOp::Tanh, PrimOp::Sigmoid,
                                       PrimOp::Softplus, PrimOp::Neg, PrimOp::Exp};
        PrimOp op = unary[c_.pick(7)];
        if (op == PrimOp::Exp) return make_prim(op, {make_prim(PrimOp::Tanh, {gen(real_type(), fuel)})});
        return make_prim(op, {gen(real_type(), fuel)});
      }
      case 2: case 3: {
        static const PrimOp binary[] = {PrimOp::Add, PrimOp::Sub, PrimOp::Mul};
        return make_prim(binary[c_.pick(3)], {gen(real_type(), half), gen(real_type(), rest)});
      }
      case 4:
        if (!f_.partial) return literal();
        switch (c_.pick(3)) {
          case 0: return make_prim(PrimOp::Log, {positive(fuel)});
          case 1: return make_prim(PrimOp::Sqrt, {positive(fuel)});
          default: return make_prim(PrimOp::Div, {gen(real_type(), half), positive(rest)});
        }
      case 5: {
        if (!f_.arrays) return literal();
        TypeP v = real_type({2});
        switch (c_.pick(3)) {
          case 0: return make_prim(PrimOp::Sum, {gen(v, fuel)});
          case 1: return make_prim(PrimOp::Dot, {gen(v, half), gen(v, rest)});
          default: return make_prim(PrimOp::Get, {gen(v, fuel)}, {}, c_.pick(2));
        }
      }
      case 6:
        if (!f_.comparisons) return literal();
      {
        const PrimOp op = c_.pick(2) ? PrimOp::Lt : PrimOp::Gt;
        TermP test = make_prim(op, {gen(real_type(), half / 2), gen(real_type(), half - half / 2)});
        return make_case(test, {Branch{"False", "u", gen(real_type(), rest / 2), -1, {}},
                                Branch{"True", "u", gen(real_type(), rest - rest / 2), -1, {}}});
      }
      default: return make_prim(PrimOp::Mul, {literal(), gen(real_type(), fuel)});
    }
  }

  TermP array(const TypeP& goal, int fuel) {
    const int half = fuel / 2, rest = fuel - fuel / 2;
    if (goal->shape.size() != 1) return inhabitant(goal);
    const int n = goal->shape[0];
    switch (c_.pick(5)) {
      case 0: {
        std::vector<TermP> elements;
        for (int i = 0; i < n; ++i) elements.push_back(gen(real_type(), fuel / n));
        return c_.chance(50) ? make_array_literal(elements) : make_prim(PrimOp::Vec, elements);
      }
      case 1: return make_prim(c_.pick(2) ? PrimOp::Sin : PrimOp::Tanh, {gen(goal, fuel)});
      case 2: return make_prim(c_.pick(2) ? PrimOp::Add : PrimOp::Mul, {gen(goal, half), gen(goal, rest)});
      case 3: return make_prim(PrimOp::Scale, {gen(real_type(), half), gen(goal, rest)});
      default: return make_prim(PrimOp::Matvec, {gen(real_type({n, 2}), half), gen(real_type({2}), rest)});
    }
  }

  TermP let(const TypeP& goal, int fuel) {
    TypeP t = small_type();
    std::string v = fresh("v");
    TermP bound = gen(t, fuel / 2);
    return make_let(v, bound, with_binding(v, t, [&] { return gen(goal, fuel - fuel / 2); }));
  }

  TermP app(const TypeP& goal, int fuel) {
    TypeP arg = small_type();
    if (arg->kind == TypeKind::Arrow && c_.chance(50)) arg = real_type();
    TermP function = gen(arrow_type(arg, goal), fuel / 2);
    return make_app(make_ascribe(function, arrow_type(arg, goal)), gen(arg, fuel - fuel / 2));
  }

  TermP projection(const TypeP& goal, int fuel) {
    TypeP other = small_type();
    if (c_.chance(50)) return make_fst(make_ascribe(gen(prod_type(goal, other), fuel), prod_type(goal, other)));
    return make_snd(make_ascribe(gen(prod_type(other, goal), fuel), prod_type(other, goal)));
  }

  // case s of { Ci yi -> gen(goal) } over a sum in scope or a generated one.
  TermP case_of(const TypeP& goal, int fuel) {
    auto sums = in_scope_of_kind(TypeKind::Sum);
    TermP scrutinee;
    TypeP sum;
    if (!sums.empty() && c_.chance(70)) {
      const InScope* s = sums[std::size_t(c_.pick(int(sums.size())))];
      scrutinee = s->term;
      sum = s->type;
    } else {
      sum = shape_type();
      scrutinee = make_ascribe(gen(sum, fuel / 3), sum);
    }
    return branches(scrutinee, sum, goal, fuel - fuel / 3);
  }

  TermP branches(const TermP& scrutinee, const TypeP& sum, const TypeP& goal, int fuel) {
    std::vector<Branch> bs;
    const int each = std::max(1, fuel / int(sum->ctors.size()));
    for (const auto& ctor : sum->ctors) {
      std::string y = fresh("y");
      bs.push_back(Branch{ctor.name, y, with_binding(y, ctor.type, [&] { return gen(goal, each); }), -1, {}});
    }
    return make_case(scrutinee, bs);
  }

  // fold l with x -> case x of { ... }: over a list or tree in scope or a generated one.
  TermP fold(const TypeP& goal, int fuel) {
    if (goal->kind == TypeKind::Arrow && !f_.functions) return intro(goal, fuel);
    auto mus = in_scope_of_kind(TypeKind::Mu);
    TermP scrutinee;
    TypeP mu;
    if (!mus.empty() && c_.chance(70)) {
      const InScope* s = mus[std::size_t(c_.pick(int(mus.size())))];
      scrutinee = s->term;
      mu = s->type;
    } else {
      mu = c_.chance(70) ? list_type() : tree_type();
      scrutinee = make_ascribe(gen(mu, fuel / 3), mu);
    }
    std::string x = fresh("n");
    TypeP node = substitute(mu->body, mu->var, goal);
    TermP body = with_binding(x, node, [&] { return branches(make_var(x), node, goal, fuel - fuel / 3); });
    return make_ascribe(make_fold(scrutinee, x, body), goal);
  }

  // fst (unroll s) or fst (unroll (snd (unroll s))) for a stream s.
  TermP unroll(int fuel) {
    TypeP stream = stream_type();
    auto streams = in_scope(stream);
    TermP s = !streams.empty() && c_.chance(50) ? streams[std::size_t(c_.pick(int(streams.size())))]
                                                 : make_ascribe(gen(stream, fuel), stream);
    if (c_.chance(50)) s = make_snd(make_unroll(s));
    return make_fst(make_unroll(s));
  }

  ChoiceSource& c_;
  const GeneratorFeatures& f_;
  std::vector<InScope> scope_;
  int counter_ = 0, type_counter_ = 0;
  TypeP random_data_, random_any_;
};

}  // namespace

GeneratedCase generate_case(ChoiceSource& choices, const GeneratorFeatures& features, int max_size) {
  return Generator(choices, features).generate(max_size);
}

}  // namespace chad
