// Symbolic context cotangents (sparse_cotangent.hpp): their paths and their materialised form.
#include "codegen/sparse_cotangent.hpp"

namespace chad {

std::string context_component_path(int depth) {
  std::string path;
  for (int i = 0; i < depth; ++i) path += ".fst";
  return path + ".snd";
}

TypeP context_component_type(const TypeP& context, int depth) {
  TypeP level = context;
  for (int i = 0; i < depth; ++i) level = level->left;
  return level->right;
}

namespace {
std::string zero_of(CppTypes& types, const TypeP& t) { return "chad_rt::zero<" + types.name(t) + ">()"; }

// The tuple at `level` (depth `depth` of the context's spine): the pair of the deeper levels
// and this depth's component, or a zero where no part lies at or below it.
std::string level_value(CppTypes& types, const SparseCotangent& value, const TypeP& level, int depth) {
  if (value.parts.empty() || depth > value.parts.rbegin()->first) return zero_of(types, level);
  auto part = value.parts.find(depth);
  const std::string right = part == value.parts.end() ? zero_of(types, level->right) : part->second;
  return types.name(level) + "{" + level_value(types, value, level->left, depth + 1) + ", " + right + "}";
}
}  // namespace

std::string materialise(CppTypes& types, const SparseCotangent& value) {
  return level_value(types, value, value.type, 0);
}

}  // namespace chad
