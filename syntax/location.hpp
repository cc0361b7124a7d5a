// Source locations and the two kinds of failure: bad input from the user (SourceError, located,
// exit code 3) and our own bugs (InternalError). Every user-facing error passes through here.
#pragma once
#include <stdexcept>
#include <string>

namespace chad {

// A position in a source file. `file` points into a registry that lives for the whole run.
struct Loc {
  const std::string* file = nullptr;
  int line = 0;  // 1-based; 0 means "no location known"
  int col = 0;   // 1-based
};

// Returns a stable pointer for a file name (e.g. "examples/sum.chad" or "<--at>").
const std::string* intern_file_name(const std::string& name);

// "file:line:col" (or "file" / "<unknown>" when parts are missing).
std::string format_loc(const Loc& loc);

// Bad input: a syntax error, an ill-typed program, an unbound name, a value of the wrong type,
// a domain error. what() reads "file:line:col: error: message".
class SourceError : public std::runtime_error {
 public:
  SourceError(Loc loc, const std::string& message);
  const Loc& loc() const { return loc_; }
  const std::string& message() const { return message_; }

 private:
  Loc loc_;
  std::string message_;
};

// A primitive applied outside its domain (log, sqrt of a non-positive value, division by zero),
// or a domain check that cannot be decided (an interval straddling the boundary).
class DomainError : public SourceError {
 public:
  DomainError(Loc loc, const std::string& primitive, const std::string& value, bool undecided);
  const std::string& primitive() const { return primitive_; }
  bool undecided() const { return undecided_; }

 private:
  std::string primitive_;
  bool undecided_;
};

// A comparison `<` / `>` whose outcome cannot be trusted at this point: its operands are equal
// (a tie, where the comparison flips) or, for intervals, overlap.
class ComparisonUndecided : public SourceError {
 public:
  ComparisonUndecided(Loc loc, const std::string& detail);

 protected:
  struct WholeMessage {};
  ComparisonUndecided(Loc loc, const std::string& message, WholeMessage) : SourceError(loc, message) {}
};

// A primitive at a kink or cut, where it is continuous but not differentiable (`abs` at 0, `max`
// at a tie, `atan2` on its cut), or, for intervals, too near one to certify: handled as a
// comparison that flips ("not differentiable at this point", never a number).
class KinkUndecided : public ComparisonUndecided {
 public:
  KinkUndecided(Loc loc, const std::string& primitive, const std::string& detail)
      : ComparisonUndecided(loc, "`" + primitive + "` is not differentiable here: " + detail, WholeMessage{}) {}
};

// Our bug, not the user's. Carries where in our code it was detected.
class InternalError : public std::logic_error {
 public:
  explicit InternalError(const std::string& message) : std::logic_error("internal error: " + message) {}
};

#define CHAD_INTERNAL_ASSERT(cond, msg)                                                     \
  do {                                                                                       \
    if (!(cond)) throw ::chad::InternalError(std::string(__FILE__) + ":" +                   \
                                             std::to_string(__LINE__) + ": " + (msg));       \
  } while (0)

}  // namespace chad
