// The shapes where derivative faults hide, generated on purpose (each a few percent of the
// draws of a real goal): a let-bound value used twice (its cotangents are summed), a closure
// bound once and applied at two sites that both contribute, a closure passed to another
// function, folds over lists and trees whose result depends on every element (some reading
// it through an application that is the same at every node), streams
// observed 3 or 4 unrolls deep, and matrix literals whose rows are expressions.
#include "generators/term_generator.hpp"

namespace chad {

// let v = e in op(wrap(v), op'(v, e')): v is used twice, both uses contribute.
TermP TermGenerator::shared_let(const TypeP& goal, int fuel) {
  if (goal->kind != TypeKind::Real || fuel < 8) return let(goal, fuel);
  fuel -= 5;  // the let, the two uses and their operators
  const std::string v = fresh("v");
  TermP bound = gen(goal, fuel / 2);
  TermP body = with_binding(v, goal, [&] {
    TermP first = wrap(goal, make_var(v));
    TermP other = gen(goal, fuel - fuel / 2);
    TermP second = binary(goal, make_var(v), other);
    return binary(goal, first, second);
  });
  return make_let(v, bound, body);
}

// let f = fun (z : G) -> op(wrap(z), e) in op'(f a, f b): one closure, two application sites.
TermP TermGenerator::shared_closure(const TypeP& goal, int fuel) {
  if (fuel < 12) return intro(goal, fuel);
  fuel -= 9;  // the let, the fun, the two applications and the operators
  const std::string f = fresh("f"), z = fresh("z");
  const TypeP function = arrow_type(goal, goal);
  TermP closure_body = with_binding(z, goal, [&] {
    TermP use = wrap(goal, make_var(z));
    TermP other = gen(goal, fuel / 3);
    return binary(goal, use, other);
  });
  TermP closure = make_lambda(z, goal, closure_body);
  TermP body = with_binding(f, function, [&] {
    TermP a = gen(goal, fuel / 3);
    TermP b = gen(goal, fuel - 2 * (fuel / 3));
    TermP second = make_app(make_var(f), b);
    if (!c_.chance(70)) second = make_app(make_var(f), second);  // f (f b); choice 0: f b
    TermP first = make_app(make_var(f), a);
    return binary(goal, first, second);
  });
  return make_let(f, closure, body);
}

// let h = fun (g : G -> G) -> op(g a, e) in h k, k a closure in scope or a new one.
TermP TermGenerator::higher_order_argument(const TypeP& goal, int fuel) {
  if (fuel < 12) return intro(goal, fuel);
  fuel -= 9;  // the let, the two funs, the applications and the operators
  const std::string h = fresh("h"), g = fresh("g");
  const TypeP function = arrow_type(goal, goal);
  TermP h_body = with_binding(g, function, [&] {
    TermP a = gen(goal, fuel / 3);
    TermP applied = make_app(make_var(g), a);
    TermP other = gen(goal, fuel / 3);
    return binary(goal, applied, other);
  });
  TermP higher = make_lambda(g, function, h_body);
  TermP argument;
  std::vector<TermP> closures = in_scope(function);
  if (!closures.empty() && c_.chance(50)) {
    argument = closures[std::size_t(c_.pick(int(closures.size())))];
  } else {
    const std::string z = fresh("z");
    TermP body = with_binding(z, goal, [&] {
      TermP use = wrap(goal, make_var(z));
      TermP other = gen(goal, fuel - 2 * (fuel / 3));
      return binary(goal, use, other);
    });
    argument = make_lambda(z, goal, body);
  }
  return make_let(h, higher, with_binding(h, arrow_type(function, goal), [&] {
    return make_app(make_var(h), argument);
  }));
}

// fold over a list (Cons: op(element, rest)), a tree (Leaf: element, Node: op(left, right)) or
// a rose tree (Leaf: element, Node: a fold of the children's results, Cons: op(child, rest): the
// nested inductive type, whose fold maps cotangents through the inner list) into a real goal, the element weighted or passed through a function; for an array
// goal the element scales a generated array.
TermP TermGenerator::fold_every_element(const TypeP& goal, int fuel) {
  if (fuel < 9) return intro(goal, fuel);
  fuel -= 6;  // the fold, the case, the uses of the node's parts and the operator
  std::vector<TermP> candidates;
  // Choice 0: a list; then a binary tree; under the feature shapes a list, a binary tree or a rose
  // tree at 50, 25 and 25%, or 40, 10 and 50% when a rose tree is in scope (the input's: its fold
  // reaches the nested type's later children); without it 60 and 40%, as before.
  const int shape = c_.pick(100);
  const bool rose_in_scope = f_.shapes && !in_scope(generated_rose_type()).empty();
  const bool rose = f_.shapes && shape >= (rose_in_scope ? 50 : 75);
  const bool tree = !rose && shape >= (f_.shapes ? (rose_in_scope ? 40 : 50) : 60);
  const TypeP mu = rose ? generated_rose_type() : tree ? generated_tree_type() : generated_list_type();
  candidates = in_scope(mu);
  const bool from_scope = !candidates.empty() && c_.chance(70);
  // Under the feature shapes, 70% of the list folds read each element through `k a`, a curried
  // closure applied to an argument both bound outside the fold (fold_invariant_application).
  if (f_.shapes && f_.functions && !rose && !tree && !c_.chance(30))
    return fold_invariant_application(goal, fuel, from_scope ? candidates[std::size_t(c_.pick(int(candidates.size())))] : nullptr);
  TermP scrutinee;
  if (from_scope) scrutinee = candidates[std::size_t(c_.pick(int(candidates.size())))];
  else scrutinee = make_ascribe(gen(mu, fuel / 3), mu);
  const int each = std::max(1, (fuel - fuel / 3) / 2);
  auto element = [&](const TermP& e) -> TermP {
    TermP scalar_term;
    switch (c_.pick(3)) {
      case 0: scalar_term = e; break;
      case 1: scalar_term = wrap(real_type(), e); break;
      default: {
        TermP weight = literal();
        scalar_term = make_prim(PrimOp::Mul, {weight, e});
      }
    }
    if (goal->shape.empty()) return scalar_term;
    return make_prim(PrimOp::Scale, {scalar_term, gen(goal, each)});
  };
  const std::string n = fresh("n"), base = fresh("y"), step = fresh("p");
  const TypeP node = substitute(mu->body, mu->var, goal);
  TermP body = with_binding(n, node, [&] {
    TermP base_body, step_body;
    if (rose) {  // Leaf y -> element | Node ys -> fold ys with m -> case m of { Nil -> e | Cons q -> op(..) }
      base_body = with_binding(base, real_type(), [&] { return element(make_var(base)); });
      const TypeP children = substitute(mu->body->ctors[1].type, mu->var, goal);  // mu l. < Nil | Cons : goal * l >
      step_body = with_binding(step, children, [&] {
        const std::string m = fresh("m"), nil = fresh("u"), cons = fresh("q");
        const TypeP child_node = substitute(children->body, children->var, goal);
        TermP inner = with_binding(m, child_node, [&] {
          TermP nil_body = with_binding(nil, unit_type(), [&] { return gen(goal, std::max(1, each / 2)); });
          TermP cons_body = with_binding(cons, prod_type(goal, goal), [&] {
            TermP child = make_fst(make_var(cons));
            if (!c_.chance(60)) child = wrap(goal, child);
            return binary(goal, child, make_snd(make_var(cons)));
          });
          return make_case(make_var(m), {Branch{"Nil", nil, nil_body, -1, {}}, Branch{"Cons", cons, cons_body, -1, {}}});
        });
        return make_ascribe(make_fold(make_var(step), m, inner), goal);
      });
      return make_case(make_var(n), {Branch{"Leaf", base, base_body, -1, {}}, Branch{"Node", step, step_body, -1, {}}});
    }
    if (tree) {
      base_body = with_binding(base, real_type(), [&] { return element(make_var(base)); });
      step_body = with_binding(step, prod_type(goal, goal), [&] {
        TermP left = make_fst(make_var(step));
        if (!c_.chance(60)) left = wrap(goal, left);
        return binary(goal, left, make_snd(make_var(step)));
      });
      return make_case(make_var(n), {Branch{"Leaf", base, base_body, -1, {}}, Branch{"Node", step, step_body, -1, {}}});
    }
    base_body = with_binding(base, unit_type(), [&] { return gen(goal, each); });
    step_body = with_binding(step, prod_type(real_type(), goal), [&] {
      TermP head = element(make_fst(make_var(step)));
      return binary(goal, head, make_snd(make_var(step)));
    });
    return make_case(make_var(n), {Branch{"Nil", base, base_body, -1, {}}, Branch{"Cons", step, step_body, -1, {}}});
  });
  return make_ascribe(make_fold(scrutinee, n, body), goal);
}

// let k = fun (w : real) -> fun (z : real) -> op(wrap(z), op'(w, e)) in let a = e' in
// fold l with n -> case n of { Nil u -> e'' | Cons p -> op''(k a (fst p), snd p) }, l a list in
// scope or (null `list`) a literal of three elements, expressions plus 0.75, 1.5 and 2.25, so
// that the nodes differ (a generated list is often empty, its elements often equal): the
// application `k a` has the same value at every node (its function and argument are bound
// outside the fold), as a curried def applied to a program's parameters in a data loop (the
// GMM's `component_logs norm means prec`). The compiled path keeps such an application's value
// for the whole fold (codegen/fold_body_memos.cpp); this shape is what campaigns judge it on.
TermP TermGenerator::fold_invariant_application(const TypeP& goal, int fuel, TermP list) {
  fuel -= 6;  // the two lets, the two funs, the two applications
  const TypeP real = real_type();
  const TypeP curried = arrow_type(real, arrow_type(real, real));
  const std::string k = fresh("k"), w = fresh("w"), z = fresh("z"), a = fresh("a");
  const std::string n = fresh("n"), base = fresh("u"), step = fresh("p");
  const int part = std::max(1, fuel / 4);
  TermP inner = with_binding(w, real, [&] {
    return make_lambda(z, real, with_binding(z, real, [&] {
                         TermP weighted = binary(real, make_var(w), gen(real, part));
                         return binary(real, wrap(real, make_var(z)), weighted);
                       }));
  });
  TermP closure = make_lambda(w, real, inner);
  TermP argument = gen(real, part);
  const TypeP mu = generated_list_type();
  if (!list) {
    const TypeP node = unroll_type(mu);
    TermP literal = make_ascribe(make_roll(make_ascribe(make_inject("Nil", make_unit()), node)), mu);
    for (int i = 0; i < 3; ++i) {
      TermP element = make_prim(PrimOp::Add, {gen(real, std::max(1, part / 2)), make_literal(0.75 * (i + 1))});
      literal = make_ascribe(make_roll(make_ascribe(make_inject("Cons", make_pair(element, literal)), node)), mu);
    }
    list = literal;
  }
  TermP body = with_binding(k, curried, [&] {
    return with_binding(a, real, [&] {
      const TypeP node = substitute(mu->body, mu->var, goal);
      TermP cases = with_binding(n, node, [&] {
        TermP nil = with_binding(base, unit_type(), [&] { return gen(goal, part); });
        TermP cons = with_binding(step, prod_type(real, goal), [&] {
          TermP kept = make_app(make_var(k), make_var(a));
          TermP element = make_app(kept, make_fst(make_var(step)));
          if (!goal->shape.empty()) element = make_prim(PrimOp::Scale, {element, gen(goal, part)});
          return binary(goal, element, make_snd(make_var(step)));
        });
        return make_case(make_var(n), {Branch{"Nil", base, nil, -1, {}}, Branch{"Cons", step, cons, -1, {}}});
      });
      return make_ascribe(make_fold(list, n, cases), goal);
    });
  });
  return make_let(k, closure, make_let(a, argument, body));
}

// (fold l with n -> case n of { Nil u -> fun y -> e | Cons p -> fun y -> op(h(fst p, y),
// (snd p) (wrap(y))) } : real -> real) a: a fold of a list in scope into a chain of closures,
// each calling the next, applied once. Its derivative is where a cost fault of higher-order
// code shows (the paper's CHAD re-runs the chain's primal for each closure: quadratic in the
// list's length). Generated only with the feature inductive-input (the cost check's programs),
// so that the default campaigns' programs stay as they were.
TermP TermGenerator::closure_fold(const TypeP& goal, int fuel) {
  const TypeP mu = generated_list_type();
  std::vector<TermP> lists = in_scope(mu);
  if (fuel < 10 || lists.empty()) return fold_every_element(goal, fuel);
  fuel -= 8;  // the fold, the case, the two funs, the uses of the node's parts, the applications
  TermP scrutinee = lists[std::size_t(c_.pick(int(lists.size())))];
  const TypeP function = arrow_type(real_type(), real_type());
  const std::string n = fresh("n"), base = fresh("u"), step = fresh("p"), y = fresh("y");
  const TypeP node = substitute(mu->body, mu->var, function);
  TermP body = with_binding(n, node, [&] {
    TermP base_body = with_binding(base, unit_type(), [&] {
      return make_lambda(y, real_type(), with_binding(y, real_type(), [&] {
                           return binary(goal, wrap(goal, make_var(y)), gen(goal, fuel / 4));
                         }));
    });
    TermP step_body = with_binding(step, prod_type(real_type(), function), [&] {
      return make_lambda(y, real_type(), with_binding(y, real_type(), [&] {
                           TermP head = binary(goal, make_fst(make_var(step)), make_var(y));
                           TermP rest = make_app(make_snd(make_var(step)), wrap(goal, make_var(y)));
                           return binary(goal, head, rest);
                         }));
    });
    return make_case(make_var(n), {Branch{"Nil", base, base_body, -1, {}}, Branch{"Cons", step, step_body, -1, {}}});
  });
  TermP chain = make_ascribe(make_fold(scrutinee, n, body), function);
  return make_app(chain, gen(goal, fuel / 4));
}

// fst (unroll (snd (unroll ... s))): 1, 3 or 4 unrolls (choice 0: one) of a stream in
// scope or of unfold seed with s -> (head(s), op(wrap(s), e)).
TermP TermGenerator::deep_stream(int fuel) {
  if (fuel < 7) return intro(real_type(), fuel);
  fuel -= 4;  // the unfold, its pair and step, the unrolls
  const TypeP stream = generated_stream_type();
  std::vector<TermP> streams = in_scope(stream);
  TermP s;
  if (!streams.empty() && c_.chance(40)) {
    s = streams[std::size_t(c_.pick(int(streams.size())))];
  } else {
    const std::string state = fresh("s");
    TermP seed = gen(real_type(), fuel / 3);
    TermP step = with_binding(state, real_type(), [&] {
      TermP head = gen(real_type(), fuel / 3);
      TermP next_use = wrap(real_type(), make_var(state));
      TermP next_other = gen(real_type(), fuel - 2 * (fuel / 3));
      TermP next = binary(real_type(), next_use, next_other);
      return make_pair(head, next);
    });
    s = make_ascribe(make_unfold(seed, state, step), stream);
  }
  static const int depths[] = {1, 3, 4, 3};
  const int depth = depths[c_.pick(4)];
  for (int i = 1; i < depth; ++i) s = make_snd(make_unroll(s));
  return make_fst(make_unroll(s));
}

// [r1, ..., rm] : real[m, s], each row an expression of type real[s].
TermP TermGenerator::rows_literal(const TypeP& goal, int fuel) {
  const TypeP row = real_type(std::vector<int>(goal->shape.begin() + 1, goal->shape.end()));
  const int m = goal->shape[0];
  std::vector<TermP> rows;
  for (int i = 0; i < m; ++i) rows.push_back(gen(row, std::max(1, fuel / m)));
  return make_array_literal(rows);
}

}  // namespace chad
