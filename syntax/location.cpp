#include "syntax/location.hpp"

#include <memory>
#include <mutex>
#include <set>

namespace chad {

const std::string* intern_file_name(const std::string& name) {
  static std::mutex mutex;
  static std::set<std::string> names;
  std::lock_guard<std::mutex> lock(mutex);
  return &*names.insert(name).first;
}

std::string format_loc(const Loc& loc) {
  std::string out = loc.file ? *loc.file : std::string("<unknown>");
  if (loc.line > 0) out += ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col);
  return out;
}

SourceError::SourceError(Loc loc, const std::string& message)
    : std::runtime_error(format_loc(loc) + ": error: " + message), loc_(loc), message_(message) {}

DomainError::DomainError(Loc loc, const std::string& primitive, const std::string& value,
                         bool undecided)
    : SourceError(loc, undecided ? "domain of `" + primitive + "` cannot be decided: argument " +
                                       value + " straddles the boundary"
                                 : "domain error: `" + primitive + "` applied to " + value +
                                       ", outside its domain"),
      primitive_(primitive),
      undecided_(undecided) {}

ComparisonUndecided::ComparisonUndecided(Loc loc, const std::string& detail)
    : SourceError(loc, "comparison cannot be decided here: " + detail) {}

}  // namespace chad
