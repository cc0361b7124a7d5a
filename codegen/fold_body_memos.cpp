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

std::string Emitter::fold_body_lambda(const std::string& name, const TypeP& param, const TypeP& result,
                                      const TermP& body) {
  fold_bodies_.push_back(FoldBody{out_.size(), indent_, lambda_depth_ + 1, {}, {}, {}});
  const std::string lambda = closure_lambda(name, param, result, body);
  FoldBody done = std::move(fold_bodies_.back());
  fold_bodies_.pop_back();
  if (done.memos.empty()) return lambda;
  // The memos go just before the lambda's line, and into its capture list by reference.
  std::string declarations;
  for (const std::string& d : done.declarations)
    declarations += indentation(done.indent) + d + "\n";
  out_.insert(done.at, declarations);
  const std::size_t captures = out_.find("[=", done.at + declarations.size());
  CHAD_INTERNAL_ASSERT(captures != std::string::npos, "codegen: a fold body without its capture list");
  std::string by_reference;
  for (const std::string& memo : done.memos) by_reference += ", &" + memo;
  out_.insert(captures + 2, by_reference);
  return lambda;
}

std::string Emitter::memoised_application(const TypeP& t, const std::string& f, const std::string& x) {
  if (fold_bodies_.empty()) return "";
  FoldBody& body = fold_bodies_.back();
  if (lambda_depth_ != body.depth) return "";  // in a closure the body makes: its own calls
  auto bound_outside = [&](const std::string& name) {
    if (body.invariant.count(name)) return true;
    const auto declared = declared_depth_.find(name);
    return declared != declared_depth_.end() && declared->second < body.depth;
  };
  const bool injected = fault == CodegenFault::KeptApplicationIgnoresArgument;  // an injected fault
  if (!bound_outside(f) || (!bound_outside(x) && !injected)) return "";
  const std::string memo = fresh("memo"), name = fresh("app"), T = type(t);
  body.memos.push_back(memo);
  body.declarations.push_back("std::optional<" + T + "> " + memo + ";");
  line("const " + T + "& " + name + " = " + memo + " ? *" + memo + " : " + memo + ".emplace(" + f + "(" + x + "));");
  note_local(name);
  body.invariant.insert(name);
  return name;
}

}  // namespace chad
