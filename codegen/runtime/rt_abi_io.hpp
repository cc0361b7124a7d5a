// Normal forms at the kernel ABI (part of chad_runtime.hpp): InputReader reads a value's
// pre-order constructor tags and coordinates from a chad_kernel_call (BadInput on too few, too
// many or a tag out of range); OutputWriter collects them and hands them to the call's sink.
#ifndef CHAD_RT_ABI_IO_HPP
#define CHAD_RT_ABI_IO_HPP

#include <cstddef>
#include <string>
#include <vector>

#ifndef CHAD_RT_VALUES_HPP
#include "rt_values.hpp"
#endif
#ifndef CHAD_RT_SCALARS_HPP
#include "rt_scalars.hpp"
#endif
#ifndef CHAD_RT_ERRORS_HPP
#include "rt_errors.hpp"
#endif
#ifndef CHAD_KERNEL_ABI_H
#include "chad_kernel_abi.h"
#endif

namespace chad_rt {

// Reads a value's pre-order constructor tags and its coordinates; BadInput on too few, too many
// or a tag out of range.
struct InputReader {
  explicit InputReader(const chad_kernel_call& call)
      : InputReader(call.input_tags, call.input_tag_count, call.input, call.input_dimension) {}
  InputReader(const int* tags, std::size_t tag_count, const double* coords, std::size_t coord_count)
      : tags_(tags), tag_count_(tag_count), coords_(coords), coord_count_(coord_count) {}
  // Coordinates already in the program's scalar type S (an AD tool's active variables: ADOL-C's
  // adouble, Ceres's Jet), read by real<S>() with the same S.
  template <class S>
  static InputReader typed(const int* tags, std::size_t tag_count, const S* coords, std::size_t coord_count) {
    InputReader in(tags, tag_count, nullptr, coord_count);
    in.typed_coords_ = coords;
    return in;
  }

  // The checks' failures are out of line, so that the readers inline these.
  int tag(int ctor_count) {
    if (next_tag_ >= tag_count_) [[unlikely]]
      too_few_tags();
    const int t = tags_[next_tag_];
    if (t < 0 || t >= ctor_count) [[unlikely]]
      tag_out_of_range(t, ctor_count);
    ++next_tag_;
    return t;
  }
  template <class S>
  S real() {
    if (next_coord_ >= coord_count_) [[unlikely]]
      too_few_coordinates();
    if (typed_coords_) return static_cast<const S*>(typed_coords_)[next_coord_++];
    return from_double<S>(coords_[next_coord_++]);
  }
  template <class S, int N>
  Arr<S, N> array() {
    Arr<S, N> out;
    for (int k = 0; k < N; ++k) out[k] = real<S>();
    return out;
  }
  void finish() const {
    if (next_tag_ != tag_count_)
      throw BadInput("too many tags: " + std::to_string(tag_count_) + " given, the value uses " +
                     std::to_string(next_tag_));
    if (next_coord_ != coord_count_)
      throw BadInput("too many coordinates: " + std::to_string(coord_count_) + " given, the value uses " +
                     std::to_string(next_coord_));
  }

 private:
  [[noreturn, gnu::noinline, gnu::cold]] void too_few_tags() const {
    throw BadInput("too few tags: the input's index ends after " + std::to_string(tag_count_) + " tags");
  }
  [[noreturn, gnu::noinline, gnu::cold]] void tag_out_of_range(int t, int ctor_count) const {
    throw BadInput("tag " + std::to_string(next_tag_) + " is " + std::to_string(t) + ", out of range 0.." +
                   std::to_string(ctor_count - 1));
  }
  [[noreturn, gnu::noinline, gnu::cold]] void too_few_coordinates() const {
    throw BadInput("too few coordinates: the input has " + std::to_string(coord_count_));
  }

  const int* tags_;
  std::size_t tag_count_, next_tag_ = 0;
  const double* coords_;
  const void* typed_coords_ = nullptr;
  std::size_t coord_count_, next_coord_ = 0;
};

// Collects a value's pre-order tags and coordinates (in double), then hands them to the sink.
struct OutputWriter {
  std::vector<int> tags;
  std::vector<double> coords;
  void* typed_coords = nullptr;  // a std::vector<S>* collecting the reals in the program's S instead

  void tag(int t) { tags.push_back(t); }
  template <class S>
  void real(const S& x) {
    if (typed_coords)
      static_cast<std::vector<S>*>(typed_coords)->push_back(x);
    else
      coords.push_back(to_double(x));
  }
  template <class S, int N>
  void array(const Arr<S, N>& x) {
    for (int k = 0; k < N; ++k) real<S>(x[k]);
  }
  void send_index(const chad_kernel_call& call) const {
    if (call.sink.index) call.sink.index(call.sink.context, tags.data(), tags.size());
  }
  // Sends the coordinates collected so far as one vector, and forgets them.
  void send_vector(const chad_kernel_call& call) {
    if (call.sink.vector) call.sink.vector(call.sink.context, coords.data(), coords.size());
    coords.clear();
  }
};

// A derivative kernel's results: for each seed (the call's own, or else the one-hot seeds of
// `dimension` coordinates) `result(state, seed, coords)` writes its result's coordinates into
// coords, which go to the sink as one vector. One function for every kernel of a unit: a
// kernel passes its own part as `result` (a campaign's units hold hundreds of kernels).
using SeedResult = void (*)(const void* state, const double* seed, std::vector<double>& coords);
inline void send_seed_results(chad_kernel_call* call, std::size_t dimension, SeedResult result, const void* state) {
  const std::size_t count = call->seeds ? call->seed_count : dimension;
  std::vector<double> one_hot(dimension), coords;
  for (std::size_t k = 0; k < count; ++k) {
    const double* seed = call->seeds ? call->seeds + k * dimension : one_hot.data();
    if (!call->seeds) {
      for (double& c : one_hot) c = 0.0;
      one_hot[k] = 1.0;
    }
    coords.clear();
    result(state, seed, coords);
    if (call->sink.vector) call->sink.vector(call->sink.context, coords.data(), coords.size());
  }
}

}  // namespace chad_rt

#endif  // CHAD_RT_ABI_IO_HPP
