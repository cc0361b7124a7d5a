// A value of the program that overflows double while the logical relation applies one of the
// program's function values to a sampled argument (or observes one of its streams). At inputs
// at the edges a function output's body can overflow (inf, or NaN from inf - inf) only once it
// is applied: the campaign's probe of the program's own evaluation (oracle/campaign.cpp) never
// runs that body. Where the program's own value is not a number in double there is no
// derivative to compare: the check is a skip ("overflow: ..."), never a fail. Only the program
// (the source, in dual numbers over double) is watched, never CHAD's output: a NaN that CHAD
// produces where every value of the program is finite still fails.
#pragma once
#include <cmath>
#include <string>

#include "model/dual.hpp"
#include "semantics/evaluate.hpp"
#include "semantics/real_entries.hpp"

namespace chad {

// Raised by the relation (in double) at the first application or observation whose evaluation
// made a non-finite real; message: "a value of the program overflows double at this input (...)".
class SourceOverflow : public SourceError {
 public:
  using SourceError::SourceError;
};

// While alive, watches every value the program's evaluation in Dual<S> makes (chaining to a
// probe already installed, e.g. live coverage's); for S other than double it watches nothing
// (intervals over MPFR do not overflow double's range).
template <class S>
class SourceOverflowWatch {
 public:
  SourceOverflowWatch() {}
  void throw_if_overflowed(const std::string&) const {}
};

template <>
class SourceOverflowWatch<double> : ValueProbe<Dual<double>> {
 public:
  SourceOverflowWatch() : saved_(value_probe<Dual<double>>) { value_probe<Dual<double>> = this; }
  ~SourceOverflowWatch() override { value_probe<Dual<double>> = saved_; }
  SourceOverflowWatch(const SourceOverflowWatch&) = delete;
  SourceOverflowWatch& operator=(const SourceOverflowWatch&) = delete;

  ValueP<Dual<double>> observe(const Term& node, ValueP<Dual<double>> value) override {
    if (saved_ != nullptr) value = saved_->observe(node, std::move(value));
    if (!overflowed_ && (value->kind == ValueKind::Scalar || value->kind == ValueKind::Array)) {
      const Dual<double>* e = entries(*value);
      for (std::size_t i = 0, n = entry_count(*value); i < n; ++i)
        if (!std::isfinite(e[i].value) || !std::isfinite(e[i].tangent)) {
          overflowed_ = true;
          where_ = node.loc;
          break;
        }
    }
    return value;
  }

  // `what`: where the relation was, e.g. "applying the output to x = 1.5 + 0.5 r".
  void throw_if_overflowed(const std::string& what) const {
    if (overflowed_)
      throw SourceOverflow(where_, "a value of the program overflows double at this input (" + what + ")");
  }

 private:
  ValueProbe<Dual<double>>* saved_;
  bool overflowed_ = false;
  Loc where_;
};

}  // namespace chad
