// A deferred application's cell lent to the call that makes its argument (emitter.hpp). In the
// GMM's gradient, each node's backpropagator calls the kept application's per-point
// backpropagator, which packs its context cotangent (means', precisions': 4 KB at d 10, k 25) into
// a fresh pack, and the node adds that pack into the deferred cell's sum: a pack made, copied and
// added per data point, 400 MB of the arena at 100,000 points. Where the pack is the argument of
// a root and read nowhere else, the call instead runs with the cell's own sum in its result's place
// (chad_rt::DeferredSum::call_lending): the callee's accumulation into it adds in place
// (chad_rt::accumulate, accumulate_packed), and the cell takes the result's part back.
//
// The call is `T lapp = f(x);` (emit_target's LinApp), its result's part at `path` the root's
// argument, through the alias `const chad_rt::Env& a = lapp.path;`. Lent only when neither `a` nor
// any part of the result that holds it is read elsewhere in the node's backpropagator, and no other
// root takes the same argument: the result's part then holds the running sum, which nobody else
// must see.
#include "codegen/emitter.hpp"

namespace chad {

namespace {

// The `.fst` / `.snd` steps at the start of s.
std::string path_at(const std::string& s, std::size_t at) {
  std::size_t end = at;
  while (s.compare(end, 4, ".fst") == 0 || s.compare(end, 4, ".snd") == 0) end += 4;
  return s.substr(at, end - at);
}

}  // namespace

bool Emitter::lend_cell(const FoldBody& fold, const DeferredRoot& root) {
  if (root.argument_type->kind != TypeKind::Env) return false;
  int takers = 0;
  for (const DeferredRoot& other : fold.roots) takers += other.used && other.argument == root.argument;
  const auto alias = aliases_.find(root.argument);
  if (takers != 1 || alias == aliases_.end()) return false;
  const std::string call = alias->second.substr(0, alias->second.find('.')), path = alias->second.substr(call.size());
  const auto made = lapps_.find(call);
  if (made == lapps_.end() || path.empty()) return false;
  const LinearCall& c = made->second;
  const std::string body = out_.substr(fold.backprop_start), result = type(c.type);
  const std::string line_text = result + " " + call + " = " + c.function + "(" + c.argument + ");";
  const std::size_t at = body.find(line_text);
  if (at == std::string::npos) return false;
  const std::size_t declared = at + result.size() + 1;  // where the call's name is declared
  bool read_elsewhere = false;
  int argument_uses = 0, path_uses = 0;
  for_each_word(body, [&](const std::string& word, std::size_t position) {
    if (word == root.argument) ++argument_uses;
    if (word != call || position == declared) return;
    const std::string part = path_at(body, position + word.size());
    if (part == path) ++path_uses;
    else if (path.compare(0, part.size(), part) == 0) read_elsewhere = true;  // the whole, or a part holding it
  });
  if (read_elsewhere || argument_uses != 1 || path_uses != 1) return false;  // only in the alias
  out_.replace(fold.backprop_start + at, line_text.size(),
               result + " " + call + " = " + root.cell + "->call_lending(" + c.function + ", " + c.argument + ", [](" +
                   result + "& r) -> chad_rt::Env& { return r" + path + "; });");
  return true;
}

}  // namespace chad
