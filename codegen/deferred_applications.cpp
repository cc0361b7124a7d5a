// Deferred applications of loop-invariant linear maps in a reverse fold's backpropagator
// (emitter.hpp). A fold body's kept application (fold_body_memos.cpp), such as the GMM's
// `component_logs norm means prec`, has a backpropagator f that is the same map at every node,
// and each node's backpropagator calls it: f @ a_i, whose parts go into the node's context
// cotangent. f is linear, so the sum over the nodes is f @ (a_1 + ... + a_n): each node adds its
// a_i into a cell, and after the fold's backward loop, the flush applies f once to the cell's sum
// and adds the parts where the nodes would have. Only what reaches the context cotangent this way
// (through projections, other invariant maps and sums) is deferred; any other use of f @ a_i is
// written out where it is, at that node, as before, and since the two are disjoint parts of a
// linear map's value, they add up to the same. The small GMM called three such maps per data
// point, a fifth of its gradient's time (bench/RESULTS.md, issue #33).
#include "codegen/emitter.hpp"

namespace chad {

namespace {
// An argument type whose cotangents add without a constructor clash or an allocation per node:
// reals, arrays, unit, packed environments and tuples of them.
bool sums_in_a_cell(const TypeP& t) {
  switch (t->kind) {
    case TypeKind::Real:
    case TypeKind::Unit:
    case TypeKind::Env: return true;
    case TypeKind::Prod: return sums_in_a_cell(t->left) && sums_in_a_cell(t->right);
    default: return false;
  }
}
}  // namespace

std::string Emitter::deferred_value(DeferredValue value) {
  std::string key = "@deferred" + std::to_string(deferred_.size());
  deferred_.emplace(key, std::move(value));
  return key;
}

std::string Emitter::deferred_application(const TypeP& result, const TypeP& argument_type, const std::string& f,
                                          const std::string& x) {
  if (fold_bodies_.empty()) return "";
  FoldBody& body = fold_bodies_.back();
  // Only in the node backpropagator's own block: code there runs once per call of it.
  if (body.backprop_depth != lambda_depth_ || body.backprop_indent != indent_) return "";
  const std::string in_flush = invariant_outside(body, f);  // the flush is made beside the body
  if (in_flush.empty()) return "";
  if (is_deferred(x)) {
    if (deferred_.at(x).body != body.serial) return "";
    return deferred_value({DeferredValue::Apply, result, x, "", f, in_flush, "", 0, body.serial});
  }
  if (!sums_in_a_cell(argument_type)) return "";
  const std::string argument = value_of(x);
  owned_.erase(argument);  // held now: nobody adds into it in place
  body.roots.push_back({fresh("deferred"), argument, argument_type, false});
  body.groups.back().roots.push_back(body.roots.size() - 1);
  return deferred_value({DeferredValue::Root, result, "", "", f, in_flush, argument, body.roots.size() - 1, body.serial});
}

std::string Emitter::deferred_projection(const std::string& value, bool first, const TypeP& t) {
  const int body = deferred_.at(value).body;
  return deferred_value({first ? DeferredValue::Fst : DeferredValue::Snd, t, value, "", "", "", "", 0, body});
}

std::string Emitter::deferred_sum(const TypeP& t, const std::string& x, const std::string& y) {
  const int bx = deferred_.at(x).body, by = deferred_.at(y).body;
  return deferred_value({DeferredValue::Sum, t, x, y, "", "", "", 0, bx == by ? bx : -1});
}

// At the node: the application written out as it would have been without deferral.
std::string Emitter::write_out_deferred(const std::string& key) {
  const DeferredValue d = deferred_.at(key);
  switch (d.kind) {
    case DeferredValue::Root: return owned_local("lapp", d.type, d.function + "(" + d.argument + ")");
    case DeferredValue::Apply: return owned_local("lapp", d.type, d.function + "(" + value_of(d.a) + ")");
    case DeferredValue::Fst:
    case DeferredValue::Snd: {
      const bool first = d.kind == DeferredValue::Fst;
      return alias(first ? "fst" : "snd", d.type, value_of(d.a) + (first ? ".fst" : ".snd"));
    }
    case DeferredValue::Sum: {
      const std::string x = value_of(d.a), y = value_of(d.b);
      return owned_local("sum", d.type, "chad_rt::add<" + type(d.type) + ">(" + x + ", " + y + ")");
    }
  }
  CHAD_INTERNAL_ASSERT(false, "codegen: a deferred value of no kind");
}

void Emitter::mark_roots_used(FoldBody& body, const std::string& key) {
  const DeferredValue& d = deferred_.at(key);
  if (d.kind == DeferredValue::Root) body.roots.at(d.root).used = true;
  if (!d.a.empty()) mark_roots_used(body, d.a);
  if (!d.b.empty()) mark_roots_used(body, d.b);
}

bool Emitter::defer_contribution(const TypeP& t, const std::string& cell, const std::string& value) {
  if (fold_bodies_.empty()) return false;
  FoldBody& body = fold_bodies_.back();
  if (body.backprop_depth != lambda_depth_ || body.backprop_indent != indent_) return false;
  const std::string context = body.backprop_acc + ".fst";  // the node's context cotangent
  if (cell.compare(0, context.size(), context) != 0 || deferred_.at(value).body != body.serial) return false;
  const std::string path = cell.substr(context.size());
  if (!path.empty() && path[0] != '.') return false;
  body.groups.back().records.push_back({t, path, value});
  mark_roots_used(body, value);
  return true;
}

bool Emitter::open_node_backprop(const TermP& body, const std::string& acc) {
  if (fold_bodies_.empty()) return false;
  FoldBody& fold = fold_bodies_.back();
  if (!fold.defers || !fold.node_backprops.count(body.get()) || lambda_depth_ != fold.depth + 1) return false;
  fold.backprop_depth = lambda_depth_;
  fold.backprop_indent = indent_;
  fold.backprop_acc = acc;
  fold.backprop_start = out_.size();
  fold.groups.emplace_back();
  return true;
}

void Emitter::close_node_backprop() {
  FoldBody& fold = fold_bodies_.back();
  // A group's used roots are all added at every call, so that the flush finds them all given or none.
  for (std::size_t r : fold.groups.back().roots) {
    const DeferredRoot& root = fold.roots[r];
    if (!root.used) continue;
    if (fault == CodegenFault::DeferredSumOverwrites)  // an injected fault: the cell keeps the last node's
      line(root.cell + "->sum = " + root.argument + "; " + root.cell + "->any = true;");
    else if (lend_cell(fold, root) && fault != CodegenFault::LentSumAddedAgain)  // (an injected fault: added)
      line(root.cell + "->take_back(" + root.argument + ");");
    else
      line(root.cell + "->add(" + root.argument + ");");
  }
  fold.backprop_depth = fold.backprop_indent = -1;
  fold.backprop_acc.clear();
}

// The flush's code for a deferred value, each once (`done`): locals v0, v1, ...
std::string Emitter::flush_term(const FoldBody& body, const std::string& key, std::map<std::string, std::string>& done,
                                int& next) {
  if (auto it = done.find(key); it != done.end()) return it->second;
  const DeferredValue d = deferred_.at(key);
  std::string expression;
  switch (d.kind) {
    case DeferredValue::Root: expression = d.function_in_flush + "(" + body.roots.at(d.root).cell + "->sum)"; break;
    case DeferredValue::Apply: expression = d.function_in_flush + "(" + flush_term(body, d.a, done, next) + ")"; break;
    case DeferredValue::Fst: expression = flush_term(body, d.a, done, next) + ".fst"; break;
    case DeferredValue::Snd: expression = flush_term(body, d.a, done, next) + ".snd"; break;
    case DeferredValue::Sum: {
      const std::string x = flush_term(body, d.a, done, next), y = flush_term(body, d.b, done, next);
      expression = "chad_rt::add<" + type(d.type) + ">(" + x + ", " + y + ")";
      break;
    }
  }
  const std::string name = "v" + std::to_string(next++);
  const bool part = d.kind == DeferredValue::Fst || d.kind == DeferredValue::Snd;
  line("const " + type(d.type) + (part ? "& " : " ") + name + " = " + expression + ";");
  done.emplace(key, name);
  return name;
}

std::string Emitter::emit_flush(const FoldBody& body) {
  const std::string flush = fresh("flush");
  std::string captures = "[=";
  for (const auto& memo : body.memos) captures += ", &" + memo.first;
  open("const auto " + flush + " = " + captures + "](auto& ctx) {");
  for (const DeferredGroup& group : body.groups) {
    std::vector<std::string> cells;
    for (std::size_t r : group.roots)
      if (body.roots[r].used) cells.push_back(body.roots[r].cell);
    if (group.records.empty()) continue;
    CHAD_INTERNAL_ASSERT(!cells.empty(), "codegen: deferred contributions without a cell");
    open("if (" + cells.front() + "->any) {");
    std::map<std::string, std::string> done;
    int next = 0;
    for (const DeferredRecord& record : group.records)
      line(accumulate_line(record.type, "ctx" + record.path, flush_term(body, record.value, done, next)));
    for (const std::string& cell : cells) line(cell + "->reset();");
    close("}");
  }
  close("};");
  note_local(flush);
  return flush;
}

}  // namespace chad
