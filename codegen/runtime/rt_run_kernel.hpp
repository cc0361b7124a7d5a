// One kernel call (part of chad_runtime.hpp): run_kernel runs a kernel's body in a fresh arena on
// a deep stack and maps each exception to its ABI return code, its message in call->message.
#ifndef CHAD_RT_RUN_KERNEL_HPP
#define CHAD_RT_RUN_KERNEL_HPP

#include <cstring>
#include <exception>
#include <new>

#ifndef CHAD_RT_ERRORS_HPP
#include "rt_errors.hpp"
#endif
#ifndef CHAD_RT_ARENA_HPP
#include "rt_arena.hpp"
#endif
#ifndef CHAD_RT_DEEP_STACK_HPP
#include "rt_deep_stack.hpp"
#endif
#ifndef CHAD_KERNEL_ABI_H
#include "chad_kernel_abi.h"
#endif

namespace chad_rt {

namespace detail {
inline void set_message(chad_kernel_call* call, const char* text) {
  const std::size_t capacity = sizeof call->message;
  std::size_t n = std::strlen(text);
  if (n >= capacity) n = capacity - 1;
  std::memcpy(call->message, text, n);
  call->message[n] = '\0';
}
}  // namespace detail

// One kernel call: a fresh arena, body(state) on a deep stack, each exception mapped to its code
// with its message in call->message. Not a template: every kernel of a unit shares this code.
inline int run_kernel(chad_kernel_call* call, void (*body)(void*), void* state) {
  call->message[0] = '\0';
  try {
    run_on_deep_stack([&] {
      ArenaScope scope;
      body(state);
    });
    return CHAD_KERNEL_OK;
  } catch (const DomainError& e) {
    detail::set_message(call, e.what());
    return CHAD_KERNEL_DOMAIN_ERROR;
  } catch (const Fault& e) {
    detail::set_message(call, e.what());
    return CHAD_KERNEL_FAULT;
  } catch (const BadInput& e) {
    detail::set_message(call, e.what());
    return CHAD_KERNEL_BAD_INPUT;
  } catch (const std::bad_alloc&) {
    detail::set_message(call, "out of memory");
    return CHAD_KERNEL_FAULT;
  } catch (const std::exception& e) {
    detail::set_message(call, e.what());
    return CHAD_KERNEL_FAULT;
  } catch (...) {
    detail::set_message(call, "unknown exception");
    return CHAD_KERNEL_FAULT;
  }
}

// A generated kernel's call: its body is a plain function of the call.
inline int run_kernel(chad_kernel_call* call, void (*body)(chad_kernel_call*)) {
  struct Job {
    void (*body)(chad_kernel_call*);
    chad_kernel_call* call;
  } job{body, call};
  return run_kernel(call, [](void* j) { static_cast<Job*>(j)->body(static_cast<Job*>(j)->call); }, &job);
}

// Any callable body (the runtime's tests).
template <class F>
int run_kernel(chad_kernel_call* call, F body) {
  return run_kernel(call, [](void* f) { (*static_cast<F*>(f))(); }, &body);
}

}  // namespace chad_rt

#endif  // CHAD_RT_RUN_KERNEL_HPP
