#include "model/coordinate_labels.hpp"

#include <algorithm>

#include "model/type_env.hpp"

namespace chad {
namespace {

void array_labels(const std::vector<int>& shape, std::size_t axis, const std::string& prefix,
                  std::vector<std::string>& out) {
  if (axis == shape.size()) {
    out.push_back(prefix);
    return;
  }
  for (int i = 0; i < shape[axis]; ++i) array_labels(shape, axis + 1, prefix + "[" + std::to_string(i) + "]", out);
}

bool mentions(const Type* type, const std::string& var) {
  return std::find(type->free_vars.begin(), type->free_vars.end(), var) != type->free_vars.end();
}

// The constructor of a list-like `mu a. < Nil : unit | Cons : E * a >` that holds an element and
// the tail (-1 when `body` is not of that form). The other constructor may hold a last element
// (`< Last : E | Cons : E * a >`, a non-empty list): any payload without `a`. The element holds no
// `a` either: `< Leaf : real | Node : a * a >` is a binary tree, labelled by its constructors
// (`t.Node.fst.Leaf`), not a list whose elements would be subtrees.
int list_cons(const Type* body, const std::string& var) {
  if (body->kind != TypeKind::Sum || body->ctors.size() != 2) return -1;
  for (int k = 0; k < 2; ++k) {
    const Type* other = body->ctors[1 - k].type.get();
    const Type* payload = body->ctors[k].type.get();
    if (!mentions(other, var) && payload->kind == TypeKind::Prod && !mentions(payload->left.get(), var) &&
        payload->right->kind == TypeKind::Var && payload->right->var == var)
      return k;
  }
  return -1;
}

void labels(const Type* type, const Index& index, const std::string& path, TypeEnv& env,
            std::vector<std::string>& out) {
  const Type* t = env.resolve(type);
  switch (index.kind) {
    case Index::Kind::Reals:
      array_labels(t->shape, 0, path, out);
      return;
    case Index::Kind::Unit: return;
    case Index::Kind::Pair:
      labels(t->left.get(), index.children[0], path + ".fst", env, out);
      labels(t->right.get(), index.children[1], path + ".snd", env, out);
      return;
    case Index::Kind::Inject:
      labels(t->ctors[index.tag].type.get(), index.children[0], path + "." + index.ctor, env, out);
      return;
    case Index::Kind::Roll: {
      const std::size_t mark = env.mark();
      env.enter(t);
      const int cons = list_cons(t->body.get(), t->var);
      if (cons < 0) {
        labels(t->body.get(), index.children[0], path, env, out);
      } else {  // walk the list: element k is path[k], a last element too (nothing for unit)
        const Index* node = &index;
        int k = 0;
        for (; node->children[0].tag == cons; ++k) {
          const Index& pair = node->children[0].children[0];
          labels(t->body->ctors[cons].type->left.get(), pair.children[0], path + "[" + std::to_string(k) + "]", env, out);
          node = &pair.children[1];
        }
        labels(t->body->ctors[1 - cons].type.get(), node->children[0].children[0],
               path + "[" + std::to_string(k) + "]", env, out);
      }
      env.restore(mark);
      return;
    }
  }
}

}  // namespace

std::vector<std::string> coordinate_labels(const TypeP& type, const Index& index, const std::string& root) {
  std::vector<std::string> out;
  TypeEnv env;
  labels(type.get(), index, root, env, out);
  return out;
}

std::vector<std::string> input_labels(const Def& entry, const Index& index) {
  std::vector<std::string> out;
  const Index* rest = &index;
  for (std::size_t p = 0; p < entry.params.size(); ++p) {
    const bool last = p + 1 == entry.params.size();
    const Index& here = last ? *rest : rest->children[0];
    std::vector<std::string> some = coordinate_labels(entry.params[p].type, here, entry.params[p].name);
    out.insert(out.end(), some.begin(), some.end());
    if (!last) rest = &rest->children[1];
  }
  return out;
}

}  // namespace chad
