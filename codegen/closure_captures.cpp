// Closures' captures by reference (emitter.hpp): a closure made in block B (a closure's body at
// lambda depth d) copies B's locals, but a local of a block outside B is, inside B, a member of
// B's own closure object, which lives in the call's arena until the kernel returns: the new
// closure captures that member by reference ([expr.prim.lambda.capture]: a nested lambda's
// reference capture of an entity its enclosing lambda captured by copy refers to the member).
// Before, every closure in a nest copied every array it read, once per level.
#include <algorithm>

#include "codegen/emitter.hpp"

namespace chad {

void Emitter::note_local(const std::string& name) {
  local_depth_[name] = lambda_depth_;
  declared_depth_[name] = lambda_depth_;
}

void Emitter::note_alias(const std::string& name, const std::string& of) {
  note_local(name);
  const auto named = local_depth_.find(of);
  if (named != local_depth_.end()) local_depth_[name] = named->second;  // it lives where `of` lives
}

void Emitter::note_use(const std::string& name) {
  auto it = local_depth_.find(name);
  if (it != local_depth_.end() && it->second + 1 < lambda_depth_) outer_uses_.push_back(name);
}

std::size_t Emitter::open_capture_scope() {
  ++lambda_depth_;
  return outer_uses_.size();
}

std::string Emitter::close_capture_scope(std::size_t start) {
  --lambda_depth_;
  // Used in the closure's body (or a closure nested in it) and bound outside the block that
  // makes it: by reference. Those bound further out still matter to the enclosing closures.
  std::vector<std::string> by_reference, still_outer;
  for (std::size_t i = start; i < outer_uses_.size(); ++i) {
    const std::string& name = outer_uses_[i];
    const int lives = local_depth_.at(name), declared = declared_depth_.at(name);
    if (declared > lambda_depth_) continue;  // the closure's own local
    if (lives < lambda_depth_) by_reference.push_back(name);
    if (declared < lambda_depth_ && lives + 1 < lambda_depth_) still_outer.push_back(name);
  }
  std::sort(by_reference.begin(), by_reference.end());
  by_reference.erase(std::unique(by_reference.begin(), by_reference.end()), by_reference.end());
  std::sort(still_outer.begin(), still_outer.end());
  still_outer.erase(std::unique(still_outer.begin(), still_outer.end()), still_outer.end());
  outer_uses_.resize(start);
  outer_uses_.insert(outer_uses_.end(), still_outer.begin(), still_outer.end());
  std::string list = "[=";
  for (const std::string& name : by_reference) list += ", &" + name;
  return list + "]";
}

void Emitter::patch_capture_list(std::size_t at, const std::string& captures) {
  const std::size_t marker = out_.find("[=]", at);
  CHAD_INTERNAL_ASSERT(marker != std::string::npos, "codegen: a closure without its capture list");
  out_.replace(marker, 3, captures);
}

}  // namespace chad
