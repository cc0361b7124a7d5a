// The kernel runtime's errors (part of chad_runtime.hpp): DomainError (the input's fault: log 0,
// x / 0), Fault (CHAD's bug), LiftedSumInconsistency, BadInput (tags, coordinates or `--at` text
// that are no value of the input type), throw_fault and throw_bad_input (the generated code's
// throws), and describe_real, the way messages print a double.
// describe_real copies syntax/printer.cpp's print_real: a kernel is one standalone C++ text
// (standard library only, compiled by the system compiler, also outside this project:
// `chad-oracle compile`), so it cannot link the core's syntax library. The domain errors' messages
// print reals with it; tests/codegen/runtime_primitives_test.cpp compares them with the evaluator's.
#ifndef CHAD_RT_ERRORS_HPP
#define CHAD_RT_ERRORS_HPP

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

namespace chad_rt {

// A partial primitive applied outside its domain (log 0, x / 0): the input's fault.
struct DomainError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// An internal fault of the program (CHAD's bug, never the input's).
struct Fault : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Adding (co)tangents of different constructors of a lifted sum.
struct LiftedSumInconsistency : Fault {
  LiftedSumInconsistency(int left_tag, int right_tag)
      : Fault("lifted-sum inconsistency: adding (co)tangents of constructors " + std::to_string(left_tag) +
              " and " + std::to_string(right_tag)) {}
};
// Tags or coordinates (or `--at` text) that do not describe a value of the input type.
struct BadInput : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The throws of the generated code and of the runtime's templates, each a call rather than a
// throw expression at its site: a campaign's unit has hundreds of sites and instantiations, and
// each built its exception and string in place, with the clean-ups that needs.
[[noreturn, gnu::noinline, gnu::cold]] inline void throw_fault(const char* message) { throw Fault(message); }
[[noreturn, gnu::noinline, gnu::cold]] inline void throw_bad_input(const char* message) { throw BadInput(message); }
[[noreturn, gnu::noinline, gnu::cold]] inline void throw_lifted_sum_inconsistency(int left_tag, int right_tag) {
  throw LiftedSumInconsistency(left_tag, right_tag);
}

// A double as the evaluator prints it in messages (syntax/printer.cpp print_real): the shortest
// text that reads back exactly, plain decimals for moderate magnitudes, 1e999 for infinity.
inline std::string describe_real(double value) {
  if (!std::isfinite(value)) return value > 0 ? "1e999" : (value < 0 ? "-1e999" : "nan");
  char buffer[400];
  const double magnitude = std::fabs(value);
  const bool plain = magnitude == 0 || (magnitude >= 1e-5 && magnitude < 1e16);
  auto result = plain ? std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed)
                      : std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

}  // namespace chad_rt

#endif  // CHAD_RT_ERRORS_HPP
