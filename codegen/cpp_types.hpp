// The C++ type of each closed type of the source and target languages, as generated code
// spells it (codegen/runtime/chad_runtime.hpp): S or chad_rt::Arr<S, N> for reals and arrays,
// chad_rt::Unit, chad_rt::Pair, chad_rt::Sum (lifted sums too), chad_rt::Fn for functions,
// linear functions and powers, chad_rt::Copower, and a pointer to a generated struct for each
// mu and nu type (one struct per type up to renaming of bound variables).
#pragma once
#include <string>
#include <vector>

#include "syntax/type.hpp"

namespace chad {

class CppTypes {
 public:
  // Precondition: `type` is closed. Registers the mu / nu types it meets.
  std::string name(const TypeP& type);
  // The struct of a mu / nu type (without the pointer), e.g. "List0<S>".
  std::string struct_name(const TypeP& fixpoint);
  // Forward declarations and definitions of every registered struct; call after every name().
  std::string declarations();

 private:
  struct Fixpoint {
    TypeP type;
    std::string name;
  };
  std::vector<Fixpoint> fixpoints_;
  std::size_t index_of(const TypeP& fixpoint);
};

// The number of reals in an array of this shape (1 for a scalar).
int shape_size(const std::vector<int>& shape);

}  // namespace chad
