#include "diagrams/evaluate_diagram.hpp"

#include "model/linear_values.hpp"
#include "target_semantics/primitive_derivatives.hpp"
#include "semantics/primitive_ops.hpp"

namespace chad::diagrams {

namespace {

using V = ValueP<double>;

std::vector<V> unpack(const V& tuple, std::size_t n) {
  std::vector<V> parts;
  if (n == 0) return parts;
  for (std::size_t i = 0; i < n; ++i) parts.push_back(tuple_part<double>(tuple, i, n));
  return parts;
}

V stack(const TypeP& type, const std::vector<V>& rows) {
  std::vector<int> row_shape(type->shape.begin() + 1, type->shape.end());
  std::size_t row_size = 1;
  for (int k : row_shape) row_size *= static_cast<std::size_t>(k);
  std::vector<double> data;
  for (const V& r : rows) {
    if (r->kind == ValueKind::Zero) data.insert(data.end(), row_size, 0.0);
    else if (r->kind == ValueKind::Scalar) data.push_back(r->scalar);
    else data.insert(data.end(), r->extra->data.begin(), r->extra->data.end());
  }
  return array_value<double>(type->shape, std::move(data));
}

std::vector<V> unstack(const V& array, std::size_t n) {
  std::vector<V> rows;
  if (array->kind == ValueKind::Zero) return std::vector<V>(n, zero_value<double>());
  const auto& shape = array->extra->shape;
  std::vector<int> row_shape(shape.begin() + 1, shape.end());
  std::size_t row_size = array->extra->data.size() / n;
  for (std::size_t i = 0; i < n; ++i) {
    auto first = array->extra->data.begin() + static_cast<long>(i * row_size);
    if (row_shape.empty()) rows.push_back(scalar_value<double>(*first));
    else rows.push_back(array_value<double>(row_shape, std::vector<double>(first, first + static_cast<long>(row_size))));
  }
  return rows;
}

}  // namespace

std::vector<V> evaluate_leaf(const Diagram& d, const Node& n, const Foliation* box_foliation,
                             const std::vector<V>& in) {
  switch (n.kind) {
    case NodeKind::Literal: return {scalar_value<double>(n.term->literal)};
    case NodeKind::Unit: return {unit_value<double>()};
    case NodeKind::Prim: {
      std::vector<const Value<double>*> raw;
      for (const V& v : in) raw.push_back(v.get());
      return {apply_primitive<double>(*n.term, raw.data())};
    }
    case NodeKind::PrimRev: {
      std::vector<const Value<double>*> raw;
      for (std::size_t i = 0; i + 1 < in.size(); ++i) raw.push_back(in[i].get());
      return primitive_transpose<double>(*n.term, raw.size(), raw.data(), *in.back());
    }
    case NodeKind::Stack: return {stack(d.wire_types[n.outputs[0]], in)};
    case NodeKind::Unstack: return unstack(in[0], n.outputs.size());
    case NodeKind::Copy: return {in[0], in[0]};
    case NodeKind::Discard: return {};
    case NodeKind::Zero: return {zero_value<double>()};
    case NodeKind::Add: return {add_linear<double>(in[0], in[1])};
    case NodeKind::Swap: return {in[1], in[0]};
    case NodeKind::Pack:
      if (in.empty()) return {unit_value<double>()};
      return {tuple_value<double>(in)};
    case NodeKind::Unpack: return unpack(in[0], n.outputs.size());
    case NodeKind::Abstraction: {
      DiagramP box = n.box;
      Foliation inner = box_foliation ? *box_foliation : maximal_foliation(*box);
      std::vector<V> captured = in;
      return {closure_value<double>([box, inner, captured](const V& argument) {
        std::vector<V> inputs = captured;
        inputs.push_back(argument);
        return evaluate_diagram(*box, inner, inputs);
      })};
    }
    case NodeKind::Apply:
      if (in[0]->kind == ValueKind::Zero) return {zero_value<double>()};  // a zero backpropagator
      return {in[0]->call(in[1])};
  }
  throw InternalError("evaluate_leaf: unknown node kind");
}

V evaluate_diagram(const Diagram& d, const Foliation& f, const std::vector<V>& inputs) {
  std::vector<V> wires(d.wire_types.size());
  for (std::size_t i = 0; i < d.inputs.size(); ++i) wires[d.inputs[i]] = inputs.at(i);
  for (std::size_t node : f.order) {
    const Node& n = d.nodes[node];
    std::vector<V> in;
    in.reserve(n.inputs.size());
    for (int w : n.inputs) {
      in.push_back(std::move(wires[w]));  // each wire is consumed once
    }
    auto it = f.boxes.find(node);
    std::vector<V> out = evaluate_leaf(d, n, it == f.boxes.end() ? nullptr : &it->second, in);
    for (std::size_t k = 0; k < n.outputs.size(); ++k) wires[n.outputs[k]] = std::move(out[k]);
  }
  return wires[d.output];
}

V evaluate_diagram(const Diagram& d, const std::vector<V>& inputs) {
  return evaluate_diagram(d, maximal_foliation(d), inputs);
}

}  // namespace chad::diagrams
