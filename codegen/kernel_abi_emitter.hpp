// The kernel's side of the ABI (codegen/runtime/chad_kernel_abi.h), generated per program:
// type-directed functions that read a value of a data type from pre-order tags and coordinates,
// write one back, and convert (co)tangents at a primal to and from the coordinates of its
// fibre (model/fibre.hpp), in the representation of the mode and sums strategy.
#pragma once
#include <string>

#include "codegen/emitter.hpp"

namespace chad {

class AbiEmitter {
 public:
  AbiEmitter(Emitter& e) : e_(e) {}
  // The name of `template <class S> T name(chad_rt::InputReader&)` for the data type.
  std::string reader(const TypeP& type);
  // `template <class S> void name(chad_rt::OutputWriter&, const T&)`.
  std::string writer(const TypeP& type);
  // `template <class S> D name(const P& primal, const double*& coords)`: the (co)tangent at the
  // primal whose fibre coordinates `coords` points at (advanced past them).
  std::string tangent_reader(const TypeP& type);
  // `template <class S> void name(std::vector<double>& out, const P& primal, const D& tangent)`.
  std::string tangent_writer(const TypeP& type);

 private:
  // The body of a list-like type's reader: a loop (the type's functor is linear, its
  // recursive position last).
  void read_list(const TypeP& list_type);
  // The body of a list-like type's writer or, with `tangent`, (co)tangent writer: a loop too.
  void write_list(const TypeP& list_type, bool tangent);
  // The body of a list-like type's (co)tangent reader: a loop too.
  void read_tangent_list(const TypeP& list_type);
  // `T part;` assigned value(i) in case i of `switch (tag)` (default: `on_other`); its name.
  std::string value_by_case(const std::string& T, const std::string& tag, std::size_t n, const std::string& on_other,
                            const std::function<std::string(std::size_t)>& value);
  // The (co)tangent of constructor i's argument within `sum_tangent`, a (co)tangent of `sum`.
  std::string constructor_tangent(const TypeP& sum, std::size_t i, const std::string& sum_tangent);
  // `tangent`: a (co)tangent's, which depends on the mode and the sums and functions strategies.
  std::string helper(const std::string& kind, const TypeP& type, bool tangent, const std::string& result,
                     const std::string& params, const std::function<void(const std::string& name)>& body);
  Emitter& e_;
};

}  // namespace chad
