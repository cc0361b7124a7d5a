#include "generators/generated_types.hpp"

#include <string>

namespace chad {

TypeP generated_list_type() {
  static const TypeP t =
      mu_type("l", sum_type({{"Nil", unit_type()}, {"Cons", prod_type(real_type(), var_type("l"))}}));
  return t;
}
TypeP generated_tree_type() {
  static const TypeP t =
      mu_type("t", sum_type({{"Leaf", real_type()}, {"Node", prod_type(var_type("t"), var_type("t"))}}));
  return t;
}
TypeP generated_rose_type() {
  static const TypeP t = mu_type(
      "t", sum_type({{"Leaf", real_type()},
                     {"Node", mu_type("l", sum_type({{"Nil", unit_type()}, {"Cons", prod_type(var_type("t"), var_type("l"))}}))}}));
  return t;
}
TypeP generated_shape_type() {
  static const TypeP t = sum_type({{"Dot", real_type()}, {"Box", prod_type(real_type(), real_type())}});
  return t;
}
TypeP generated_stream_type() {
  static const TypeP t = nu_type("s", prod_type(real_type(), var_type("s")));
  return t;
}

bool always_has_reals(const TypeP& t) {
  switch (t->kind) {
    case TypeKind::Real: return true;
    case TypeKind::Prod: return always_has_reals(t->left) || always_has_reals(t->right);
    case TypeKind::Sum:
      for (const auto& c : t->ctors)
        if (!always_has_reals(c.type)) return false;
      return true;
    case TypeKind::Mu: {
      const TypeP unrolled = t->body;
      if (unrolled->kind != TypeKind::Sum) return false;
      for (const auto& c : unrolled->ctors)  // the recursive position alone does not count
        if (!always_has_reals(c.type)) return false;
      return true;
    }
    default: return false;
  }
}

TypeP TypeChooser::array_of_rank(int rank) {
  if (rank <= 1) return real_type({1 + c_.pick(4)});
  if (rank == 2) {
    static const int shapes[][2] = {{1, 2}, {2, 2}, {3, 2}, {2, 3}, {4, 2}, {3, 3}};  // smallest first
    const auto& s = shapes[c_.pick(6)];
    return real_type({s[0], s[1]});
  }
  static const int shapes[][3] = {{1, 2, 2}, {3, 1, 2}, {2, 2, 2}, {2, 3, 2}};
  const auto& s = shapes[c_.pick(4)];
  return real_type({s[0], s[1], s[2]});
}

TypeP TypeChooser::random_array() {
  const int r = c_.pick(10);
  return array_of_rank(r < 6 ? 1 : r < 9 ? 2 : 3);
}

TypeP TypeChooser::random_type(int depth, bool data) {
  std::vector<int> options = {0, 1, 2, 0};  // real (twice), unit, product
  if (f_.arrays) options.insert(options.end(), {3, 3});
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
    case 3: return random_array();
    case 4: {
      static const char* const names[] = {"A", "B", "C"};
      std::vector<Constructor> ctors;
      const int n = 1 + c_.pick(3);
      // A later constructor repeats the previous one's payload type half the time (choice 0:
      // tagged alternatives of one type, `< A : real | B : real >`, as users' sums often are).
      for (int i = 0; i < n; ++i)
        if (i > 0 && c_.chance(50)) ctors.push_back({names[i], ctors.back().type});
        else ctors.push_back({names[i], random_type(depth - 1, data)});
      return sum_type(ctors);
    }
    case 5: {  // mu a. < Base : T0 | Step : T1 * a >, < Base : T0 | Step : a * a > or (nested, a rose
               // tree) < Base : T0 | Step : mu l. < Nil : unit | Cons : a * l > >
      const std::string a = "r" + std::to_string(counter_++);
      TypeP base = random_type(depth - 1, true), step = random_type(depth - 1, true);
      const int form = c_.pick(100);  // nested only under the feature shapes
      TypeP recursive = form < 70 ? prod_type(step, var_type(a)) : prod_type(var_type(a), var_type(a));
      if (f_.shapes && form >= 88) {
        const std::string l = "r" + std::to_string(counter_++);
        recursive = mu_type(l, sum_type({{"Nil", unit_type()}, {"Cons", prod_type(var_type(a), var_type(l))}}));
      }
      return mu_type(a, sum_type({{"Base", base}, {"Step", recursive}}));
    }
    case 6: {  // nu a. T * a
      const std::string a = "c" + std::to_string(counter_++);
      return nu_type(a, prod_type(random_type(depth - 1, true), var_type(a)));
    }
    default: {
      TypeP from = random_type(depth - 1, data);
      return arrow_type(from, random_type(depth - 1, data));
    }
  }
}

}  // namespace chad
