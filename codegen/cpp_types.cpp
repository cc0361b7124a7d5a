#include "codegen/cpp_types.hpp"

#include "codegen/emitter.hpp"
#include "syntax/location.hpp"
#include "syntax/stable_hash.hpp"

namespace chad {

namespace {

// A shared name: `prefix` and a hash of what it names (16 hex digits).
std::string hashed_name(const std::string& prefix, const std::string& spelled) {
  return prefix + "_" + hex_key({spelled}).substr(0, 16);
}

}  // namespace

std::string guarded(const std::string& macro, const std::string& text) {
  return "#ifndef " + macro + "\n#define " + macro + "\n" + text + "#endif\n";
}

std::string CppTypes::shared_name(const std::string& prefix, const TypeP& type, const std::string& variant) const {
  CHAD_INTERNAL_ASSERT(shared_, "codegen: a shared name in a kernel whose names are numbered");
  // Bound variables renamed: every kernel names a mu or nu type alike whichever of its spellings
  // it met first (a struct's payload spells the types inside it).
  return hashed_name(prefix, print_type(rename_bound_by_depth(type)) + "|" + variant);
}

int shape_size(const std::vector<int>& shape) {
  int n = 1;
  for (int s : shape) n *= s;
  return n;
}

std::size_t CppTypes::index_of(const TypeP& fixpoint) {
  for (std::size_t i = 0; i < fixpoints_.size(); ++i)
    if (fixpoints_[i].type->kind == fixpoint->kind && type_equal(fixpoints_[i].type, fixpoint)) return i;
  std::string base = fixpoint->kind == TypeKind::Mu ? "Mu" : "Nu";
  fixpoints_.push_back({fixpoint, shared_ ? shared_name(base, fixpoint, "") : base + std::to_string(fixpoints_.size())});
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
  if (shared_)
    name = hashed_name(name, spelled);
  else
    name += std::to_string(aliases_.size());
  aliases_.emplace(spelled, name);
  std::string comment = print_type(type);
  if (comment.size() > kTypeCommentLength) {
    comment.resize(kTypeCommentLength);
    comment += " ...";
  }
  const std::string definition = "template <class S> using " + name + " = " + spelled + ";  // " + comment + "\n";
  alias_definitions_ += shared_ ? guarded("CHAD_KT_" + name, definition) : definition;
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

std::string CppTypes::declarations(const std::string& shared_functions) {
  // Naming a struct's payload may register more structs, so the loop runs by index.
  std::string definitions;
  for (std::size_t i = 0; i < fixpoints_.size(); ++i) {
    const Fixpoint f = fixpoints_[i];
    std::string definition = "// " + print_type(f.type) + "\ntemplate <class S> struct " + f.name +
                             " {\n  using Payload = " + name(unroll_type(f.type)) + ";\n";
    if (f.type->kind == TypeKind::Mu)
      definition += "  Payload payload;\n";
    else
      definition += "  chad_rt::Fn<chad_rt::Unit, Payload> thunk;\n  mutable bool forced = false;\n"
                    "  mutable Payload memo;\n";
    definition += "};\n";
    definitions += shared_ ? guarded("CHAD_KD_" + f.name, definition) : definition;
  }
  CHAD_INTERNAL_ASSERT(shared_ || shared_functions.empty(), "codegen: shared functions in a kernel of its own");
  std::string out;
  for (const auto& f : fixpoints_) {
    const std::string declaration = "template <class S> struct " + f.name + ";\ntemplate <class S> using " + f.name +
                                    "P = const " + f.name + "<S>*;\n";
    out += shared_ ? guarded("CHAD_KT_" + f.name, declaration) : declaration;
  }
  out += "\n" + alias_definitions_ + "\n" + definitions;
  if (!shared_) return out;
  // In an unnamed namespace: the types and what the runtime instantiates on them stay internal.
  return std::string("namespace {\nnamespace ") + kSharedNamespace +
         " {  // the unit's types, each declared once (codegen/cpp_types.hpp)\nusing S = double;\n\n" + out +
         "\n" + shared_functions + "}  // namespace " + kSharedNamespace + "\n}  // namespace\n\n";
}

}  // namespace chad
