// The C++ type of each closed type of the source and target languages, as generated code
// spells it (codegen/runtime/chad_runtime.hpp): S or chad_rt::Arr<S, N> for reals and arrays,
// chad_rt::Unit, chad_rt::Pair, chad_rt::Sum (lifted sums too), chad_rt::Fn for functions,
// linear functions and powers, chad_rt::Copower, and a pointer to a generated struct for each
// mu and nu type (one struct per type up to renaming of bound variables). Composite types get
// an alias each (`T3<S>`, with the language's type in a comment), so that generated code reads.
// Shared names (the oracle's own kernels, many to a translation unit): each alias and struct is
// named by a hash of its spelling (`T_<16 hex digits>`, `Mu_...`), declared in one namespace
// before the kernel's under include guards, so that a unit's kernels share one definition of
// each type and the compiler instantiates the runtime's templates on it once (issue #33).
#pragma once
#include <string>
#include <unordered_map>
#include <vector>

#include "syntax/type.hpp"

namespace chad {

class CppTypes {
 public:
  CppTypes() = default;
  explicit CppTypes(bool shared_names) : shared_(shared_names) {}
  bool shared_names() const { return shared_; }
  // The namespace of shared names (a kernel's namespace opens with a using-directive of it).
  static constexpr const char* kSharedNamespace = "chad_kernel_types";
  // Precondition: `type` is closed. Registers the mu / nu types it meets.
  std::string name(const TypeP& type);
  // The struct of a mu / nu type (without the pointer), e.g. "List0<S>".
  std::string struct_name(const TypeP& fixpoint);
  // Forward declarations and definitions of every registered struct; call after every name().
  // With shared names: the whole block, in the shared namespace, each declaration guarded, to go
  // before the kernel's namespace (bound to double: it declares `using S = double;`), with
  // `shared_functions` (Emitter::shared_helpers) after the types.
  std::string declarations(const std::string& shared_functions = {});
  // With shared names: `prefix_<hash>` of `type` (up to renaming of bound variables) and
  // `variant` (what else the named thing depends on), e.g. a reader of the type.
  std::string shared_name(const std::string& prefix, const TypeP& type, const std::string& variant) const;

 private:
  struct Fixpoint {
    TypeP type;
    std::string name;
  };
  bool shared_ = false;
  std::vector<Fixpoint> fixpoints_;
  std::unordered_map<std::string, std::string> aliases_;  // spelled C++ type -> alias name
  std::string alias_definitions_;
  // name() of each type met, by its node (kept alive, so that no address is reused): a context
  // of n variables is a chain of n pairs, and naming it again must not walk the chain again.
  std::unordered_map<const Type*, std::pair<TypeP, std::string>> named_;
  std::string alias(const std::string& spelled, const TypeP& type);
  std::string spell(const TypeP& type);
  std::size_t index_of(const TypeP& fixpoint);
};

// `text` under an include guard `macro`: a unit's later kernels skip what an earlier one declared.
std::string guarded(const std::string& macro, const std::string& text);

// The number of reals in an array of this shape (1 for a scalar).
int shape_size(const std::vector<int>& shape);

}  // namespace chad
