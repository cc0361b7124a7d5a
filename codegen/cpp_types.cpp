#include "codegen/cpp_types.hpp"

#include "codegen/emitter.hpp"
#include "syntax/location.hpp"

namespace chad {

int shape_size(const std::vector<int>& shape) {
  int n = 1;
  for (int s : shape) n *= s;
  return n;
}

std::size_t CppTypes::index_of(const TypeP& fixpoint) {
  for (std::size_t i = 0; i < fixpoints_.size(); ++i)
    if (fixpoints_[i].type->kind == fixpoint->kind && type_equal(fixpoints_[i].type, fixpoint)) return i;
  std::string base = fixpoint->kind == TypeKind::Mu ? "Mu" : "Nu";
  fixpoints_.push_back({fixpoint, base + std::to_string(fixpoints_.size())});
  const std::size_t index = fixpoints_.size() - 1;
  name(unroll_type(fixpoint));  // registers the types its body meets
  return index;
}

std::string CppTypes::struct_name(const TypeP& fixpoint) {
  return fixpoints_[index_of(fixpoint)].name + "<S>";
}

// The language's type beside its alias, cut short: a context's type is a chain of pairs as long
// as the program, and spelling each in full made the source quadratic in the program's length.
constexpr std::size_t kTypeCommentLength = 160;

std::string CppTypes::alias(const std::string& spelled, const TypeP& type) {
  if (auto it = aliases_.find(spelled); it != aliases_.end()) return it->second + "<S>";
  std::string name = "T";  // appended, not `"T" + ...`: GCC 12 warns falsely (-Wrestrict) on that
  name += std::to_string(aliases_.size());
  aliases_.emplace(spelled, name);
  std::string comment = print_type(type);
  if (comment.size() > kTypeCommentLength) {
    comment.resize(kTypeCommentLength);
    comment += " ...";
  }
  alias_definitions_ += "template <class S> using " + name + " = " + spelled + ";  // " + comment + "\n";
  return name + "<S>";
}

std::string CppTypes::name(const TypeP& t) {
  if (auto it = named_.find(t.get()); it != named_.end()) return it->second.second;
  std::string spelled = spell(t);
  named_.emplace(t.get(), std::make_pair(t, spelled));
  return spelled;
}

std::string CppTypes::spell(const TypeP& t) {
  CHAD_INTERNAL_ASSERT(t->closed(), "codegen: a C++ type for the open type " + print_type(t));
  switch (t->kind) {
    case TypeKind::Real:
      if (t->shape.empty()) return "S";
      return "chad_rt::Arr<S, " + std::to_string(shape_size(t->shape)) + ">";
    case TypeKind::Unit: return "chad_rt::Unit";
    case TypeKind::Prod: return alias("chad_rt::Pair<" + name(t->left) + ", " + name(t->right) + ">", t);
    case TypeKind::Arrow:
    case TypeKind::LinArrow: return alias("chad_rt::Fn<" + name(t->left) + ", " + name(t->right) + ">", t);
    case TypeKind::Copower: return alias("chad_rt::Copower<" + name(t->left) + ", " + name(t->right) + ">", t);
    case TypeKind::Sum: {
      std::string s = "chad_rt::Sum<";
      for (std::size_t i = 0; i < t->ctors.size(); ++i) s += (i ? ", " : "") + name(t->ctors[i].type);
      return alias(s + ">", t);
    }
    case TypeKind::Mu:
    case TypeKind::Nu: return fixpoints_[index_of(t)].name + "P<S>";  // a pointer to the struct
    case TypeKind::Env: return "chad_rt::Env";
    case TypeKind::Var: break;
  }
  CHAD_INTERNAL_ASSERT(false, "codegen: no C++ type for " + print_type(t));
}

std::string CppTypes::declarations() {
  // Naming a struct's payload may register more structs, so the loop runs by index.
  std::string definitions;
  for (std::size_t i = 0; i < fixpoints_.size(); ++i) {
    const Fixpoint f = fixpoints_[i];
    definitions += "// " + print_type(f.type) + "\ntemplate <class S> struct " + f.name +
                   " {\n  using Payload = " + name(unroll_type(f.type)) + ";\n";
    if (f.type->kind == TypeKind::Mu)
      definitions += "  Payload payload;\n";
    else
      definitions += "  chad_rt::Fn<chad_rt::Unit, Payload> thunk;\n  mutable bool forced = false;\n"
                     "  mutable Payload memo;\n";
    definitions += "};\n";
  }
  std::string out;
  for (const auto& f : fixpoints_)
    out += "template <class S> struct " + f.name + ";\ntemplate <class S> using " + f.name + "P = const " + f.name +
           "<S>*;\n";
  return out + "\n" + alias_definitions_ + "\n" + definitions;
}

}  // namespace chad
