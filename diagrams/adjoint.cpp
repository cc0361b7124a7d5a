#include "diagrams/adjoint.hpp"

#include <memory>

#include "syntax/location.hpp"

namespace chad::diagrams {

TypeP cotangent_type(const TypeP& t) {
  switch (t->kind) {
    case TypeKind::Prod: return prod_type(cotangent_type(t->left), cotangent_type(t->right));
    case TypeKind::Arrow: return var_type("dEnv");  // the tuple of the captures' cotangents
    default: return t;
  }
}

TypeP adjoint_type(const TypeP& t) {
  switch (t->kind) {
    case TypeKind::Prod: return prod_type(adjoint_type(t->left), adjoint_type(t->right));
    case TypeKind::Arrow: {
      TypeP back = arrow_type(cotangent_type(t->right),
                              prod_type(var_type("dEnv"), cotangent_type(t->left)));
      return arrow_type(adjoint_type(t->left), prod_type(adjoint_type(t->right), back));
    }
    default: return t;
  }
}

int AdjointBuilder::save(std::size_t leaf, int forward_wire) {
  context_forward.push_back(forward_wire);
  int r = reverse->add_wire(forward.wire_types[forward_wire]);
  saved[leaf].push_back(r);
  context_reverse.push_back(r);
  return r;
}

namespace {

std::vector<int> emit(Diagram& d, NodeKind kind, std::vector<int> inputs, const std::vector<TypeP>& types,
                      const Node* like, Pass pass) {
  std::size_t n = d.add_node(kind, std::move(inputs), types, pass);
  if (like) {
    d.nodes[n].term = like->term;
    d.nodes[n].loc = like->loc;
  }
  return d.nodes[n].outputs;
}

}  // namespace

std::vector<int> AdjointBuilder::emit_forward(NodeKind kind, std::vector<int> inputs,
                                              const std::vector<TypeP>& types, const Node* like) {
  return emit(forward, kind, std::move(inputs), types, like, Pass::Forward);
}
std::vector<int> AdjointBuilder::emit_reverse(NodeKind kind, std::vector<int> inputs,
                                              const std::vector<TypeP>& types, const Node* like) {
  return emit(*reverse, kind, std::move(inputs), types, like, Pass::Reverse);
}

namespace {

using B = AdjointBuilder;

TypeP type_of(const B& b, int source_wire) { return b.source.wire_types[source_wire]; }

std::vector<int> primals_of(const B& b, const std::vector<int>& wires) {
  std::vector<int> out;
  for (int w : wires) out.push_back(b.primal[w]);
  return out;
}
std::vector<int> cotangents_of(const B& b, const std::vector<int>& wires) {
  std::vector<int> out;
  for (int w : wires) {
    if (b.cotangent[w] < 0) throw InternalError("adjoint: a cotangent used before it is defined");
    out.push_back(b.cotangent[w]);
  }
  return out;
}
std::vector<TypeP> adjoint_types(const B& b, const std::vector<int>& wires) {
  std::vector<TypeP> out;
  for (int w : wires) out.push_back(adjoint_type(type_of(b, w)));
  return out;
}
std::vector<TypeP> cotangent_types(const B& b, const std::vector<int>& wires) {
  std::vector<TypeP> out;
  for (int w : wires) out.push_back(cotangent_type(type_of(b, w)));
  return out;
}
void set_primals(B& b, const std::vector<int>& source, const std::vector<int>& forward) {
  for (std::size_t i = 0; i < source.size(); ++i) b.primal[source[i]] = forward[i];
}
void set_cotangents(B& b, const std::vector<int>& source, const std::vector<int>& reverse) {
  for (std::size_t i = 0; i < source.size(); ++i) b.cotangent[source[i]] = reverse[i];
}

// The forward pass of a leaf that is its own forward pass.
void same_forward(B& b, std::size_t i) {
  const Node& n = b.leaf(i);
  set_primals(b, n.outputs, b.emit_forward(n.kind, primals_of(b, n.inputs), adjoint_types(b, n.outputs), &n));
}

// The reverse pass of a linear leaf: `dual` from the outputs' cotangents to the inputs'.
AdjointRule linear(NodeKind dual) {
  return {same_forward, [dual](B& b, std::size_t i) {
            const Node& n = b.leaf(i);
            set_cotangents(b, n.inputs,
                           b.emit_reverse(dual, cotangents_of(b, n.outputs), cotangent_types(b, n.inputs), &n));
          }};
}

RuleTable make_default_rules() {
  RuleTable t;
  t[NodeKind::Copy] = linear(NodeKind::Add);
  t[NodeKind::Add] = linear(NodeKind::Copy);
  t[NodeKind::Discard] = linear(NodeKind::Zero);
  t[NodeKind::Zero] = linear(NodeKind::Discard);
  t[NodeKind::Swap] = linear(NodeKind::Swap);
  t[NodeKind::Pack] = linear(NodeKind::Unpack);
  t[NodeKind::Unpack] = linear(NodeKind::Pack);
  t[NodeKind::Stack] = linear(NodeKind::Unstack);
  t[NodeKind::Unstack] = linear(NodeKind::Stack);
  t[NodeKind::Literal] = linear(NodeKind::Discard);
  t[NodeKind::Unit] = linear(NodeKind::Discard);
  // A nonlinear primitive: copy each operand onto the context; reverse: op^T there.
  t[NodeKind::Prim] = {
      [](B& b, std::size_t i) {
        const Node& n = b.leaf(i);
        std::vector<int> operands;
        for (int w : n.inputs) {
          TypeP at = adjoint_type(type_of(b, w));
          std::vector<int> c = b.emit_forward(NodeKind::Copy, {b.primal[w]}, {at, at});
          operands.push_back(c[0]);
          b.save(i, c[1]);
        }
        set_primals(b, n.outputs, b.emit_forward(NodeKind::Prim, operands, adjoint_types(b, n.outputs), &n));
      },
      [](B& b, std::size_t i) {
        const Node& n = b.leaf(i);
        std::vector<int> in = b.saved[i];
        in.push_back(cotangents_of(b, n.outputs)[0]);
        set_cotangents(b, n.inputs, b.emit_reverse(NodeKind::PrimRev, in, cotangent_types(b, n.inputs), &n));
      }};
  // An abstraction: its box transformed recursively; reverse: the closure's cotangent (the
  // captures' cotangents) unpacked onto the captures.
  t[NodeKind::Abstraction] = {
      [](B& b, std::size_t i) {
        const Node& n = b.leaf(i);
        auto box = std::make_shared<Diagram>(adjoint(*n.box, b.foliation.boxes.at(i), b.rules, true));
        std::vector<int> out = b.emit_forward(NodeKind::Abstraction, primals_of(b, n.inputs),
                                              adjoint_types(b, n.outputs), &n);
        b.forward.nodes.back().box = std::move(box);
        set_primals(b, n.outputs, out);
      },
      [](B& b, std::size_t i) {
        const Node& n = b.leaf(i);
        set_cotangents(b, n.inputs, b.emit_reverse(NodeKind::Unpack, cotangents_of(b, n.outputs),
                                                   cotangent_types(b, n.inputs), &n));
      }};
  // An application: the forward pass gives the result and a backpropagator, which is saved;
  // reverse: the backpropagator applied to the result's cotangent.
  t[NodeKind::Apply] = {
      [](B& b, std::size_t i) {
        const Node& n = b.leaf(i);
        TypeP fa = adjoint_type(type_of(b, n.inputs[0]));
        std::vector<int> r = b.emit_forward(NodeKind::Apply, primals_of(b, n.inputs), {fa->right}, &n);
        std::vector<int> u = b.emit_forward(NodeKind::Unpack, r, {fa->right->left, fa->right->right}, &n);
        b.primal[n.outputs[0]] = u[0];
        b.save(i, u[1]);
      },
      [](B& b, std::size_t i) {
        const Node& n = b.leaf(i);
        TypeP back = b.reverse->wire_types[b.saved[i][0]];
        std::vector<int> s = b.emit_reverse(NodeKind::Apply, {b.saved[i][0], cotangents_of(b, n.outputs)[0]},
                                            {back->right}, &n);
        set_cotangents(b, n.inputs, b.emit_reverse(NodeKind::Unpack, s, cotangent_types(b, n.inputs), &n));
      }};
  auto unsupported = [](B&, std::size_t) {
    throw InternalError("adjoint: a reverse derivative leaf cannot be transformed again");
  };
  t[NodeKind::PrimRev] = {unsupported, unsupported};
  return t;
}

}  // namespace

const RuleTable& default_rules() {
  static const RuleTable table = make_default_rules();
  return table;
}

Diagram adjoint(const Diagram& d, const Foliation& f, const RuleTable& rules, bool split_last) {
  AdjointBuilder b{d, f, rules, Diagram{}, std::make_shared<Diagram>(), {}, {}, {}, {}, {}};
  b.primal.assign(d.wire_types.size(), -1);
  b.cotangent.assign(d.wire_types.size(), -1);
  b.saved.resize(d.nodes.size());
  for (int w : d.inputs) {
    b.primal[w] = b.forward.add_wire(adjoint_type(d.wire_types[w]));
    b.forward.inputs.push_back(b.primal[w]);
  }
  for (std::size_t leaf : f.order) rules[d.nodes[leaf].kind].forward(b, leaf);
  int dy = b.reverse->add_wire(cotangent_type(d.wire_types[d.output]));
  b.cotangent[d.output] = dy;
  for (auto it = f.order.rbegin(); it != f.order.rend(); ++it) rules[d.nodes[*it].kind].reverse(b, *it);
  // The backpropagator's result: the inputs' cotangents.
  std::vector<int> dx = cotangents_of(b, d.inputs);
  int result;
  if (split_last) {
    std::vector<int> env(dx.begin(), dx.end() - 1);
    std::vector<TypeP> env_types(env.size(), var_type("dEnv"));
    for (std::size_t k = 0; k < env.size(); ++k) env_types[k] = b.reverse->wire_types[env[k]];
    int packed = b.emit_reverse(NodeKind::Pack, env, {pack_type(env_types)})[0];
    result = b.emit_reverse(NodeKind::Pack, {packed, dx.back()},
                            {prod_type(var_type("dEnv"), b.reverse->wire_types[dx.back()])})[0];
  } else if (dx.size() == 1) {
    result = dx[0];
  } else {
    std::vector<TypeP> types;
    for (int w : dx) types.push_back(b.reverse->wire_types[w]);
    result = b.emit_reverse(NodeKind::Pack, dx, {pack_type(types)})[0];
  }
  b.reverse->output = result;
  b.reverse->inputs = b.context_reverse;
  b.reverse->inputs.push_back(dy);
  // The backpropagator: an abstraction over the context wire.
  TypeP y = adjoint_type(d.wire_types[d.output]);
  TypeP back = arrow_type(cotangent_type(d.wire_types[d.output]), b.reverse->wire_types[result]);
  int bp = b.emit_forward(NodeKind::Abstraction, b.context_forward, {back})[0];
  b.forward.nodes.back().box = b.reverse;
  b.forward.output = b.emit_forward(NodeKind::Pack, {b.primal[d.output], bp}, {prod_type(y, back)})[0];
  return std::move(b.forward);
}

}  // namespace chad::diagrams
