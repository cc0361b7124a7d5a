// Test support: the message of the SourceError a piece of code throws.
#pragma once
#include <functional>
#include <string>

#include "syntax/location.hpp"

namespace chad::testing {

// The what() of the SourceError `f` throws, or "<no error>".
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const SourceError& e) {
    return e.what();
  }
  return "<no error>";
}

}  // namespace chad::testing
