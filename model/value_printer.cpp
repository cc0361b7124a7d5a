#include "model/value_printer.hpp"

#include "model/scalar_list.hpp"
#include "model/type_env.hpp"

namespace chad {
namespace {

template <class S>
class ValuePrinter {
 public:
  ValuePrinter(int lazy_depth, std::string& out) : lazy_budget_(lazy_depth), out_(out) {}

  // Appends the value to the output. `atomic`: the value is the argument of a constructor or
  // of roll, where only a negative number needs parentheses (their operand is an
  // application-level expression). Loops down the last component (the tail of a list) and
  // recurses only into the others; appending to one string keeps the cost linear.
  void print(const Type* type, const Value<S>* v, bool atomic) {
    const std::size_t mark = env_.mark();
    const int budget = lazy_budget_;
    std::size_t closing = 0;
    for (;;) {
      const Type* t = env_.resolve(type);
      switch (t->kind) {
        case TypeKind::Real:
          if (v->kind == ValueKind::Scalar) {
            std::string s = ScalarTraits<S>::describe(v->scalar);
            if (atomic && s[0] == '-')
              out_ += "(" + s + ")";
            else
              out_ += s;
          } else {
            std::size_t next = 0;
            array(*v, 0, next);
          }
          break;
        case TypeKind::Unit: out_ += "()"; break;
        case TypeKind::Prod:
          out_ += "(";
          print(t->left.get(), v->first.get(), false);
          out_ += ", ";
          ++closing;
          type = t->right.get();
          v = v->second.get();
          atomic = false;
          continue;
        case TypeKind::Sum:
          out_ += t->ctors[v->tag].name;
          out_ += " ";
          type = t->ctors[v->tag].type.get();
          v = v->first.get();
          atomic = true;
          continue;
        case TypeKind::Mu:
          out_ += "roll ";
          env_.enter(t);
          type = t->body.get();
          v = v->first.get();
          atomic = true;
          continue;
        case TypeKind::Nu:
          if (lazy_budget_ <= 0) {
            out_ += "...";
            break;
          }
          --lazy_budget_;
          env_.enter(t);
          type = t->body.get();
          v = v->force().get();
          continue;
        case TypeKind::Arrow: out_ += "<function>"; break;
        case TypeKind::LinArrow: out_ += "<linear function>"; break;
        case TypeKind::Copower: out_ += "<copower>"; break;
        case TypeKind::Env: out_ += "<env>"; break;
        case TypeKind::Var: CHAD_INTERNAL_ASSERT(false, "print_value: unbound type variable");
      }
      break;
    }
    out_.append(closing, ')');
    lazy_budget_ = budget;
    env_.restore(mark);
  }

 private:
  void array(const Value<S>& v, std::size_t dim, std::size_t& next) {
    out_ += "[";
    for (int i = 0; i < v.extra->shape[dim]; ++i) {
      if (i) out_ += ", ";
      if (dim + 1 == v.extra->shape.size())
        out_ += ScalarTraits<S>::describe(v.extra->data[next++]);
      else
        array(v, dim + 1, next);
    }
    out_ += "]";
  }

  TypeEnv env_;
  int lazy_budget_;
  std::string& out_;
};

}  // namespace

template <class S>
std::string print_value(const TypeP& type, const ValueP<S>& value, int lazy_depth) {
  std::string out;
  ValuePrinter<S>(lazy_depth, out).print(type.get(), value.get(), false);
  return out;
}

#define CHAD_INSTANTIATE_PRINT_VALUE(S) \
  template std::string print_value<S>(const TypeP&, const ValueP<S>&, int);
CHAD_FOR_EACH_SCALAR(CHAD_INSTANTIATE_PRINT_VALUE)

}  // namespace chad
