// A kernel's code bound to the scalar double. The emitter writes every kernel-local type and
// function as a template on the scalar S (`template <class S>`, used as `NAME<S>`), so that the
// same text serves ADOL-C's adouble or Ceres's Jet (`chad-oracle compile`). The oracle calls its
// kernels in double only, and instantiating those templates was most of clang's time on a
// campaign's kernels (issue #33): bound, each declaration is analysed once, as written.
#pragma once
#include <string>

namespace chad {

// `unit` (one kernel: `namespace <code_namespace> { ... }` and its extern "C" entry) with every
// `template <class S>` (`template <class S, class F...>`) declaration made a plain one (`template
// <class F...>`), every use `NAME<S>` of a name so declared written `NAME`, and `using S =
// double;` opening the namespace. Names the unit did not declare (the runtime's `zero<S>`) keep
// their argument. Throws InternalError where the unit lacks the namespace.
std::string bind_scalar_to_double(const std::string& unit, const std::string& code_namespace);

}  // namespace chad
