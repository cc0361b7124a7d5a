// The runtime every generated kernel includes (issue 13, DESIGN13 "The runtime API"), one header
// per concern, in the order the build joins them into the one text embedded in every generated
// kernel (codegen/CMakeLists.txt, CHAD_RUNTIME_FILES; kernel_runtime_source()). This header
// includes the same parts, for code that compiles against the include path (tests, benchmarks).
// Self-contained: the standard library and chad_kernel_abi.h only; everything inline or a
// template, in namespace chad_rt. A kernel is one standalone C++ text, so where the runtime does
// what the core also does (primitive formulas, a deep stack, reading values as text) it has its
// own copy: each part says why.
#ifndef CHAD_RUNTIME_HPP
#define CHAD_RUNTIME_HPP

#include "chad_kernel_abi.h"
#include "rt_errors.hpp"       // DomainError, Fault, BadInput; describe_real
#include "rt_scalars.hpp"      // to_double, from_double: the ABI's scalar customisation points
#include "rt_arena.hpp"        // the arena of one kernel call
#include "rt_values.hpp"       // Unit, Pair, Arr, Sum, Fn, mu and nu nodes, copowers
#include "rt_linear.hpp"       // zero, add, Env, zero_at
#include "rt_primitives.hpp"   // each primitive's value, forward derivative and transpose
#include "rt_array_primitives.hpp"  // the same for the second set's array primitives
#include "rt_primitives_second_set.hpp"  // the same for the second set's elementwise half
#include "rt_abi_io.hpp"       // InputReader, OutputWriter: normal forms at the ABI
#include "rt_deep_stack.hpp"   // run_on_deep_stack
#include "rt_run_kernel.hpp"   // run_kernel: one call, exceptions to return codes
#include "rt_text_reader.hpp"  // TextReader: a standalone kernel's --at

#endif  // CHAD_RUNTIME_HPP
