// Loop-invariant applications in a fold's body (emitter.hpp): an application whose function and
// argument are both bound outside the body (a curried def's partial application to the fold's
// parameters, such as the GMM's `component_logs norm means prec`) has the same value at every
// node. The body computes it at the first node that needs it and keeps it in a memo declared
// before the body's lambda, which the lambda captures by reference; the other nodes read it.
// Programs are pure and total, so the value is the same; it is computed lazily, so an
// application that would fail fails where it did (a node that needs it), and one that no node
// needs is never made. A fold's body is called only during the fold's own call, while the memo
// lives (an unfold's body is called later, when its stream is forced: it keeps its applications).
// Before, each data point of the GMM d10 k25 copied 525 doubles into three partial applications
// (bench/RESULTS.md, issue #33).
#include "codegen/emitter.hpp"

namespace chad {

namespace {
// The LinLambdas a fold body returns as its node's backpropagator: the second component of the
// pair in its tail (under lets and cases).
void collect_node_backprops(const Term& t, std::set<const Term*>& out) {
  switch (t.kind) {
    case TermKind::Let: collect_node_backprops(*t.args[1], out); return;
    case TermKind::Ascribe: collect_node_backprops(*t.args[0], out); return;
    case TermKind::Case:
      for (const Branch& b : t.branches) collect_node_backprops(*b.body, out);
      return;
    case TermKind::Pair:
      if (t.args[1]->kind == TermKind::LinLambda) out.insert(t.args[1]->args[0].get());
      return;
    default: return;
  }
}
}  // namespace

std::string Emitter::fold_body_lambda(const std::string& name, const TypeP& param, const TypeP& result,
                                      const TermP& body, std::string* flush) {
  FoldBody fold;
  fold.at = out_.size();
  fold.indent = indent_;
  fold.depth = lambda_depth_ + 1;
  fold.serial = ++fold_body_serials_;
  fold.defers = flush != nullptr;
  if (flush) collect_node_backprops(*body, fold.node_backprops);
  fold_bodies_.push_back(std::move(fold));
  const std::string lambda = closure_lambda(name, param, result, body);
  FoldBody done = std::move(fold_bodies_.back());
  fold_bodies_.pop_back();
  bool deferred = false;
  for (const DeferredRoot& root : done.roots) deferred = deferred || root.used;
  if (flush) *flush = deferred ? emit_flush(done) : "";
  if (done.memos.empty() && !deferred) return lambda;
  // The memos (and cells) go just before the lambda's line, and the memos into its capture list
  // by reference. With deferred applications, the flush reads the memos after the fold's call has
  // returned: they live in the arena then, the locals references to them.
  std::string declarations;
  for (const auto& [memo, T] : done.memos)
    declarations += indentation(done.indent) +
                    (deferred ? "std::optional<" + T + ">& " + memo + " = *chad_rt::make<std::optional<" + T + ">>();"
                              : "std::optional<" + T + "> " + memo + ";") +
                    "\n";
  for (const DeferredRoot& root : done.roots)
    if (root.used) {
      const std::string cell = "chad_rt::DeferredSum<" + type(root.argument_type) + ">";
      declarations += indentation(done.indent) + cell + "* const " + root.cell + " = chad_rt::make<" + cell + ">();\n";
    }
  out_.insert(done.at, declarations);
  const std::size_t captures = out_.find("[=", done.at + declarations.size());
  CHAD_INTERNAL_ASSERT(captures != std::string::npos, "codegen: a fold body without its capture list");
  std::string by_reference;
  for (const auto& memo : done.memos) by_reference += ", &" + memo.first;
  out_.insert(captures + 2, by_reference);
  return lambda;
}

std::string Emitter::memoised_application(const TypeP& t, const std::string& f, const std::string& x) {
  if (fold_bodies_.empty()) return "";
  FoldBody& body = fold_bodies_.back();
  if (lambda_depth_ != body.depth) return "";  // in a closure the body makes: its own calls
  auto bound_outside = [&](const std::string& name) { return !invariant_outside(body, name).empty(); };
  const bool injected = fault == CodegenFault::KeptApplicationIgnoresArgument;  // an injected fault
  if (!bound_outside(f) || (!bound_outside(x) && !injected)) return "";
  const std::string memo = fresh("memo"), name = fresh("app"), T = type(t);
  body.memos.emplace_back(memo, T);
  line("const " + T + "& " + name + " = " + memo + " ? *" + memo + " : " + memo + ".emplace(" + f + "(" + x + "));");
  note_local(name);
  body.kept.emplace(name, "(*" + memo + ")");
  return name;
}

std::string Emitter::invariant_outside(const FoldBody& body, const std::string& name) const {
  if (auto kept = body.kept.find(name); kept != body.kept.end()) return kept->second;
  const auto declared = declared_depth_.find(name);
  return declared != declared_depth_.end() && declared->second < body.depth ? name : "";
}

}  // namespace chad
