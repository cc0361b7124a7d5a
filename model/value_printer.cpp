#include "model/value_printer.hpp"

#include "model/scalar_list.hpp"
#include "model/type_env.hpp"

namespace chad {
namespace {

template <class S>
class ValuePrinter {
 public:
  explicit ValuePrinter(int lazy_depth) : lazy_budget_(lazy_depth) {}

  // `atomic`: the result is the argument of a constructor or of roll, where only a negative
  // number needs parentheses (their operand is an application-level expression).
  std::string print(const TypeP& type, const Value<S>& v, bool atomic) {
    TypeP t = env_.resolve(type);
    switch (t->kind) {
      case TypeKind::Real: {
        if (v.kind == ValueKind::Scalar) {
          std::string s = ScalarTraits<S>::describe(v.scalar);
          return atomic && s[0] == '-' ? "(" + s + ")" : s;
        }
        std::size_t next = 0;
        return array(v, 0, next);
      }
      case TypeKind::Unit: return "()";
      case TypeKind::Prod:
        return "(" + print(t->left, *v.first, false) + ", " + print(t->right, *v.second, false) + ")";
      case TypeKind::Sum:
        return t->ctors[v.tag].name + " " + print(t->ctors[v.tag].type, *v.first, true);
      case TypeKind::Mu: {
        env_.enter(t);
        std::string s = "roll " + print(t->body, *v.first, true);
        env_.leave();
        return s;
      }
      case TypeKind::Nu: {
        if (lazy_budget_ <= 0) return "...";
        --lazy_budget_;
        env_.enter(t);
        std::string s = print(t->body, *v.force(), atomic);
        env_.leave();
        ++lazy_budget_;
        return s;
      }
      case TypeKind::Arrow: return "<function>";
      case TypeKind::Var: break;
    }
    return "?";
  }

 private:
  std::string array(const Value<S>& v, std::size_t dim, std::size_t& next) {
    std::string s = "[";
    for (int i = 0; i < v.extra->shape[dim]; ++i) {
      if (i) s += ", ";
      if (dim + 1 == v.extra->shape.size())
        s += ScalarTraits<S>::describe(v.extra->data[next++]);
      else
        s += array(v, dim + 1, next);
    }
    return s + "]";
  }

  TypeEnv env_;
  int lazy_budget_;
};

}  // namespace

template <class S>
std::string print_value(const TypeP& type, const ValueP<S>& value, int lazy_depth) {
  return ValuePrinter<S>(lazy_depth).print(type, *value, false);
}

#define CHAD_INSTANTIATE_PRINT_VALUE(S) \
  template std::string print_value<S>(const TypeP&, const ValueP<S>&, int);
CHAD_FOR_EACH_SCALAR(CHAD_INSTANTIATE_PRINT_VALUE)

}  // namespace chad
