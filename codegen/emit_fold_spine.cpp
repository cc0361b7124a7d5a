// Folds over list-like inductive types as loops. Where every constructor of `mu a. F` holds at
// most one recursive position (F linear in a: lists, non-empty lists, the naturals), a fold's
// recursion is a chain: the emitted function walks the spine of nodes down once, then applies
// the body from the last node back to the first, the child's result carried in `folded`. This
// replaces a recursion as deep as the list, whose stack traffic dominated the kernels' time
// (bench/RESULTS.md, issue 13). Trees keep the recursive form (codegen/emit_recursion.cpp).
#include <algorithm>
#include <functional>

#include "codegen/emitter.hpp"
#include "syntax/location.hpp"

namespace chad {
namespace {

// The most recursive positions any one value of the functor holds: 0, 1, or 2 for "more, or
// positions the walk cannot reach" (under a nested binder, a function, a stream).
int positions_per_node(const TypeP& f, const std::string& var) {
  if (!occurs_free(f, var)) return 0;
  switch (f->kind) {
    case TypeKind::Var: return 1;
    case TypeKind::Prod: return std::min(2, positions_per_node(f->left, var) + positions_per_node(f->right, var));
    case TypeKind::Sum: {
      int most = 0;
      for (const auto& c : f->ctors) most = std::max(most, positions_per_node(c.type, var));
      return most;
    }
    default: return 2;
  }
}

bool position_last(const TypeP& f, const std::string& var) {
  if (!occurs_free(f, var)) return true;
  switch (f->kind) {
    case TypeKind::Var: return true;
    case TypeKind::Prod: return !occurs_free(f->left, var) && position_last(f->right, var);
    case TypeKind::Sum:
      for (const auto& c : f->ctors)
        if (!position_last(c.type, var)) return false;
      return true;
    default: return false;
  }
}

}  // namespace

bool is_linear_last_functor(const TypeP& functor, const std::string& var) {
  return is_linear_functor(functor, var) && position_last(functor, var);
}

bool is_linear_functor(const TypeP& functor, const std::string& var) {
  return positions_per_node(functor, var) <= 1;
}

// `template <class S> NodeP child_K(NodeP node)`: the node's one child, or nullptr at a leaf.
// With `slot`, `NodeP* child_slot_K(NodeP node)`: where that child is held, for a reader that
// fills it in after making the node (codegen/kernel_abi_emitter.cpp; the node is the arena's,
// made not const, and nobody has seen it yet).
std::string Emitter::fold_child_helper(const TypeP& fixpoint, const TypeP& functor, const std::string& var, bool slot) {
  const std::string key = (slot ? "child slot " : "child ") + print_type(fixpoint);
  if (std::string found = find_helper(key); !found.empty()) return found;
  // The slot's helper serves the ABI's readers, which a unit's kernels may share (AbiEmitter).
  const bool shared = slot && types().shared_names();
  const std::string name = shared ? types().shared_name("child_slot", fixpoint, "") : fresh(slot ? "child_slot" : "child");
  name_helper(key, name);
  const std::string node_type = type(fixpoint), result = slot ? node_type + "*" : node_type;
  Saved saved = begin_helper();
  std::function<void(const TypeP&, const std::string&)> walk = [&](const TypeP& f, const std::string& value) {
    if (!occurs_free(f, var)) {
      line("return nullptr;");
      return;
    }
    switch (f->kind) {
      case TypeKind::Var:
        line(slot ? "return const_cast<" + result + ">(&" + value + ");" : "return " + value + ";");
        return;
      case TypeKind::Prod:
        if (occurs_free(f->left, var)) walk(f->left, value + ".fst");
        else walk(f->right, value + ".snd");
        return;
      case TypeKind::Sum:
        open("switch (" + value + ".tag()) {");
        for (std::size_t i = 0; i < f->ctors.size(); ++i) {
          const std::string n = std::to_string(i);
          open("case " + n + ": {");
          walk(f->ctors[i].type, value + ".template get<" + n + ">()");
          close("}");
        }
        close("}");
        line("chad_rt::throw_fault(\"a sum value without a constructor\");");
        return;
      default: CHAD_INTERNAL_ASSERT(false, "codegen: fold_child_helper on a non-linear functor " + print_type(f));
    }
  };
  walk(functor, "node->payload");
  std::string body = end_helper(std::move(saved));
  const std::string signature = "template <class S>\n" + result + " " + name + "(" + node_type + " node)";
  if (shared)
    add_shared_helper(name, signature, body);
  else
    add_helper(signature, body);
  return name;
}

void Emitter::open_fold_spine(const TypeP& fixpoint, const TypeP& functor, const std::string& var, const TypeP& result,
                              const std::function<void()>& before_loop) {
  const std::string child = fold_child_helper(fixpoint, functor, var);
  const std::string node_type = type(fixpoint);
  const std::string walk = "for (" + node_type + " n = root; n != nullptr; n = " + child + "<S>(n))";
  line("std::size_t count = 0;");
  line(walk + " ++count;");
  line(node_type + "* spine = chad_rt::arena_array<" + node_type + ">(count);");
  line("std::size_t at = 0;");
  line(walk + " spine[at++] = n;");
  before_loop();
  line(type(result) + " folded{};");
  open("for (std::size_t i = count; i-- > 0;) {");
  line("const " + node_type + " node = spine[i];");
}

void Emitter::close_fold_spine(const std::string& node_result) {
  line("folded = " + node_result + ";");
  close("}");
}

void Emitter::finish_fold_node(bool spine, const std::string& node_result) {
  if (!spine) {
    line("return " + node_result + ";");
    return;
  }
  close_fold_spine(node_result);
  line("return folded;");
}

}  // namespace chad
