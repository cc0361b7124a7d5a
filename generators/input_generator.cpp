#include "generators/input_generator.hpp"

#include <cmath>
#include <optional>
#include <limits>
#include <vector>

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
  InputGenerator(ChoiceSource& c, bool zeros, bool edges) : c_(c), zeros_(zeros), edges_(edges) {}

  // At the edges (feature `edges`): one choice per real, 0 the simplest (exact 0). About a fifth
  // of the reals are subnormal or tiny (a few ulps from 0: log's and sqrt's edge, abs's kink), a
  // tenth a few ulps from 1 or -1 (log1p's edge), a seventh large up to near overflow, a seventh
  // the previous real again (ties of max and min, repeated entries), the rest exact 0, +-1 and
  // ordinary dyadic values (so that not every part of an input is extreme).
  std::string edge_real_text() {
    static const double tiny[] = {std::numeric_limits<double>::denorm_min(), -3 * std::numeric_limits<double>::denorm_min(),
                                  1e-310, -std::numeric_limits<double>::min(), 1e-300, -1e-200, 1e-100, -1e-30,
                                  1e-16, -1e-9, 1e-9, -1e-300};
    static const double ones[] = {std::nextafter(1.0, 2.0), std::nextafter(1.0, 0.0), -std::nextafter(1.0, 2.0),
                                  1 + 4 * std::numeric_limits<double>::epsilon(), std::nextafter(-1.0, 0.0),
                                  -1 + 1e-12, -std::nextafter(1.0, 0.0)};
    static const double large[] = {1e9, -1e15, 1e30, -1e100, 1e150, -1e200, 1e300,
                                   std::numeric_limits<double>::max(), -1e308};
    static const double dyadic[] = {0.75, -1.25, 1.5, -0.625, 2.25, 0.375, -1.75, 1.125, -2.5, 0.875, -0.3125};
    const int c = c_.pick(64);
    double v;
    if (c == 0) v = 0;
    else if (c < 3) v = c == 1 ? 1 : -1;
    else if (c < 15) v = tiny[c - 3];
    else if (c < 22) v = ones[c - 15];
    else if (c < 31) v = large[c - 22];
    else if (c < 40 && previous_) v = *previous_;
    else v = dyadic[c % 11];
    previous_ = v;
    return print_real(v);
  }

  // One choice per real (short recordings shrink faster). Choice 0: 0; below 128 (3%) the
  // small integers 0, 1, -1, 2, -2, 3, -3; then mostly non-trivial dyadic values (exact in
  // binary, away from 0 and +-1, where derivatives such as sin' and exp' take special
  // values), and a quarter any multiple of 2^-8 in (-3, 3).
  std::string real_text() {
    if (edges_) return edge_real_text();
    static const double dyadic[] = {0.75, -1.25, 1.5, -0.625, 2.25, 0.375, -1.75, 1.125, -2.5, 0.875, -0.3125, 1.6875};
    if (zeros_ && c_.pick(8) == 0) return print_real(0);
    const int c = c_.pick(4096);
    if (c < 128) return print_real(double(c % 7 % 2 ? (c % 7 + 1) / 2 : -(c % 7 / 2)));
    if (c < 3072) return print_real(dyadic[c % 12]);
    const int grid = c % 1535 - 767;  // -767 .. 767
    return print_real(grid / 256.0);
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
      case TypeKind::Mu: {  // the base constructor below the depth bound or on choice 0
        TypeP unrolled = unroll_type(t);
        if (unrolled->kind != TypeKind::Sum) return "roll " + paren_value(value_text(unrolled, depth - 1));
        const std::size_t base = base_ctor(unrolled, t);
        if (depth <= 0 || c_.chance(20))
          return "roll " + paren_value(sum_value_text(unrolled, base, depth - 1));
        std::vector<std::size_t> others;  // mostly a recursive constructor: non-empty values
        for (std::size_t i = 0; i < unrolled->ctors.size(); ++i)
          if (i != base) others.push_back(i);
        if (others.empty()) return "roll " + paren_value(sum_value_text(unrolled, base, depth - 1));
        const std::size_t tag = others[std::size_t(c_.pick(int(others.size())))];
        // A nested type's inner one (a rose tree's list of children, feature shapes) has its own
        // depth: counting it against the outer one left a node one child that is itself empty.
        const TypeP& inner = unrolled->ctors[tag].type;
        const bool nested = inner->kind == TypeKind::Mu && contains_type(inner, t);
        return "roll " + paren_value(sum_value_text(unrolled, tag, nested ? depth : depth - 1));
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
  bool zeros_, edges_;
  std::optional<double> previous_;  // the last real drawn at the edges (ties)
};

}  // namespace

std::size_t base_ctor(const TypeP& sum, const TypeP& fixpoint) {
  for (std::size_t i = 0; i < sum->ctors.size(); ++i)
    if (!contains_type(sum->ctors[i].type, fixpoint)) return i;
  return 0;
}

std::string random_input_text(ChoiceSource& choices, const TypeP& type, int depth, bool zeros, bool edges) {
  return InputGenerator(choices, zeros, edges).value_text(type, depth);
}

}  // namespace chad
