#include "generators/input_generator.hpp"

#include "syntax/printer.hpp"

namespace chad {
namespace {

// Whether `t` contains the type `target`.
bool contains_type(const TypeP& t, const TypeP& target) {
  if (type_equal(t, target)) return true;
  if (t->left && contains_type(t->left, target)) return true;
  if (t->right && contains_type(t->right, target)) return true;
  if (t->body && contains_type(t->body, target)) return true;
  for (const auto& c : t->ctors)
    if (contains_type(c.type, target)) return true;
  return false;
}

class InputGenerator {
 public:
  explicit InputGenerator(ChoiceSource& c) : c_(c) {}

  // An integer in [-n, n], choice 0 giving 0, then 1, -1, 2, -2, ... (shrinks towards 0).
  int signed_choice(int n) {
    const int c = c_.pick(2 * n + 1);
    return c % 2 ? (c + 1) / 2 : -(c / 2);
  }
  std::string real_text() {
    switch (c_.pick(4)) {
      case 0: return print_real(double(signed_choice(3)));         // a small integer
      case 1: return print_real(signed_choice(16) / 8.0);           // a dyadic fraction
      case 2: return print_real(signed_choice(20) / 10.0);          // one decimal
      default: return print_real(signed_choice(1 << 19) / double(1 << 18));  // anything
    }
  }

  std::string value_text(const TypeP& t, int depth) {
    switch (t->kind) {
      case TypeKind::Real: {
        if (t->shape.empty()) return real_text();
        std::vector<int> row(t->shape.begin() + 1, t->shape.end());
        std::string s = "[";
        for (int i = 0; i < t->shape[0]; ++i) s += (i ? ", " : "") + value_text(real_type(row), depth);
        return s + "]";
      }
      case TypeKind::Unit: return "()";
      case TypeKind::Prod: {
        std::string left = value_text(t->left, depth);
        return "(" + left + ", " + value_text(t->right, depth) + ")";
      }
      case TypeKind::Sum: return sum_value_text(t, std::size_t(c_.pick(int(t->ctors.size()))), depth);
      case TypeKind::Mu: {  // below the depth bound, the base constructor
        TypeP unrolled = unroll_type(t);
        if (unrolled->kind == TypeKind::Sum && depth <= 0)
          return "roll " + paren_value(sum_value_text(unrolled, base_ctor(unrolled, t), depth - 1));
        return "roll " + paren_value(value_text(unrolled, depth - 1));
      }
      default: CHAD_INTERNAL_ASSERT(false, "no input value for " + print_type(t));
    }
  }
  std::string sum_value_text(const TypeP& sum, std::size_t tag, int depth) {
    const auto& ctor = sum->ctors[tag];
    return ctor.name + " " + paren_value(value_text(ctor.type, depth));
  }
  // An argument of a constructor or roll: parenthesised unless it is an atom.
  static std::string paren_value(const std::string& s) {
    if (s[0] == '(' || s[0] == '[' || s.find(' ') == std::string::npos) return s[0] == '-' ? "(" + s + ")" : s;
    return "(" + s + ")";
  }

 private:
  ChoiceSource& c_;
};

}  // namespace

std::size_t base_ctor(const TypeP& sum, const TypeP& fixpoint) {
  for (std::size_t i = 0; i < sum->ctors.size(); ++i)
    if (!contains_type(sum->ctors[i].type, fixpoint)) return i;
  return 0;
}

std::string random_input_text(ChoiceSource& choices, const TypeP& type, int depth) {
  return InputGenerator(choices).value_text(type, depth);
}

}  // namespace chad
