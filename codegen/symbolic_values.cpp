// The emitter's symbolic values (emitter.hpp): context cotangents known to be sparse
// (codegen/sparse_cotangent.hpp), pairs holding a symbolic value, and linear functions not yet
// written out as closures, whose applications are inlined. Each is a key ("@..."), never a C++
// name; value_of writes it out where it is used as a value, in the block that uses it.
#include "codegen/emitter.hpp"

#include <utility>

namespace chad {

std::string Emitter::sparse_value(SparseCotangent value) {
  for (const auto& part : value.parts) owned_.erase(part.second);  // held now, maybe used again
  std::string key = "@sparse" + std::to_string(sparse_.size());
  sparse_.emplace(key, std::move(value));
  return key;
}

std::string Emitter::symbolic_pair(SymbolicPair value) {
  owned_.erase(value.fst);  // held now, maybe used again
  owned_.erase(value.snd);
  std::string key = "@pair" + std::to_string(pairs_.size());
  pairs_.emplace(key, std::move(value));
  return key;
}

std::string Emitter::symbolic_closure(SymbolicClosure value) {
  std::string key = "@closure" + std::to_string(closures_.size());
  closures_.emplace(key, std::move(value));
  return key;
}

std::string Emitter::value_of(const std::string& name) {
  if (!is_symbolic(name)) return name;
  if (auto it = sparse_.find(name); it != sparse_.end()) {
    if (it->second.parts.empty()) return materialise(types(), it->second);  // chad_rt::zero<T>()
    SparseCotangent written = it->second;
    for (auto& part : written.parts) part.second = value_of(part.second);  // a deferred one written out
    return bind("dctx", written.type, materialise(types(), written));
  }
  if (is_deferred(name)) return write_out_deferred(name);
  if (auto it = pairs_.find(name); it != pairs_.end()) {
    const SymbolicPair value = it->second;
    std::string x = value_of(value.fst), y = value_of(value.snd);
    return bind("pair", value.type, type(value.type) + "{" + x + ", " + y + "}");
  }
  const SymbolicClosure& f = closures_.at(name);
  ScopeNames here = std::exchange(env, f.env);
  std::string written = linear_closure(f.name, f.param, f.result, f.body);
  env = std::move(here);
  return written;
}

// A linear function written out as an accumulating closure (Fn::accumulate_into): its body adds its
// value into the caller's cotangent `acc`, a symbolic one part by part, so that a caller who
// holds a cotangent (a reverse fold's loop) never has the whole context's tuple built.
std::string Emitter::linear_closure(const std::string& name, const TypeP& param, const TypeP& result,
                                    const TermP& body) {
  const std::string a = type(param), b = type(result), p = fresh(name), acc = fresh("acc"), lambda = fresh("lambda"),
                    f = fresh("fn");
  const std::size_t at = out_.size();
  open(lambda_in_arena(lambda) + "[=](const " + a + "& " + p + ", " + b + "& " + acc + ") {");
  const std::size_t uses = open_capture_scope(), body_start = out_.size();
  note_local(p);
  env.push(p);
  const bool node_backprop = open_node_backprop(body, acc);
  accumulate_term(result, acc, body);
  if (node_backprop) close_node_backprop();
  recompute_captures(body_start);
  env.pop();
  const std::string captures = close_capture_scope(uses);
  close("});");
  patch_capture_list(at, captures);
  line(closure_object(a, b, lambda, f, true));
  note_local(f);
  return f;
}

void Emitter::accumulate_value(const TypeP& t, const std::string& cell, const std::string& value) {
  if (is_deferred(value) && defer_contribution(t, cell, value)) return;
  if (auto it = sparse_.find(value); it != sparse_.end()) {
    const SparseCotangent parts = it->second;  // (accumulate_value may add symbolic values)
    for (const auto& [depth, part] : parts.parts)
      accumulate_value(context_component_type(t, depth), cell + context_component_path(depth), part);
    return;
  }
  if (auto it = pairs_.find(value); it != pairs_.end()) {
    const SymbolicPair pair = it->second;
    accumulate_value(t->left, cell + ".fst", pair.fst);
    accumulate_value(t->right, cell + ".snd", pair.snd);
    return;
  }
  line(accumulate_line(t, cell, value_of(value)));
}

// The kept applications' linear maps return (a part of their environment's cotangent, the rest
// packed): built as a pair first, the part, a k x d array in the GMM, was copied once more per
// data point (bench/RESULTS.md, issue #33).
void Emitter::accumulate_term(const TypeP& t, const std::string& cell, const TermP& term) {
  if (term->kind == TermKind::Let) {
    env.push(let_bound(term));
    accumulate_term(t, cell, term->args[1]);
    env.pop();
    return;
  }
  if (term->kind == TermKind::Pair && t->kind == TypeKind::Prod) {
    accumulate_term(t->left, cell + ".fst", term->args[0]);
    accumulate_term(t->right, cell + ".snd", term->args[1]);
    return;
  }
  if (term->kind == TermKind::EnvPack) return accumulate_pack(cell, term);
  accumulate_value(t, cell, emit_value(term));
}

bool Emitter::can_inline(const std::string& f) const {
  auto it = closures_.find(f);
  return it != closures_.end() && it->second.inlined < kInlinesPerFunction && inlined_ < kInlineBudget;
}

std::string Emitter::apply_inline(const std::string& f, const std::string& argument) {
  SymbolicClosure& fn = closures_.at(f);
  ++fn.inlined;
  ++inlined_;
  ScopeNames here = std::exchange(env, fn.env);
  env.push(is_symbolic(argument) ? argument : alias(fn.name, fn.param, argument));
  std::string result = emit_value(fn.body);
  env = std::move(here);
  return result;
}

std::string Emitter::pair_component(const std::string& pair, bool first) const {
  const SymbolicPair& value = pairs_.at(pair);
  return first ? value.fst : value.snd;
}

std::string Emitter::sparse_component(const std::string& context, int depth, const TypeP& t) {
  const SparseCotangent& value = sparse_.at(context);
  auto part = value.parts.find(depth);
  return part == value.parts.end() ? sparse_value({t, {}}) : part->second;
}

std::string Emitter::sparse_context_prefix(const std::string& context, const TypeP& t) {
  SparseCotangent prefix{t, {}};
  for (const auto& [depth, part] : sparse_.at(context).parts)
    if (depth > 0) prefix.parts.emplace(depth - 1, part);
  return sparse_value(std::move(prefix));
}

std::string Emitter::add_sparse(const std::string& x, const std::string& y) {
  SparseCotangent sum = sparse_.at(x);
  for (const auto& [depth, part] : sparse_.at(y).parts) {
    auto [it, fresh_depth] = sum.parts.emplace(depth, part);
    if (fresh_depth) continue;
    const TypeP component = context_component_type(sum.type, depth);
    if (is_deferred(it->second) && is_deferred(part)) {
      it->second = deferred_sum(component, it->second, part);
      continue;
    }
    const std::string left = value_of(it->second), right = value_of(part);  // (a deferred one written out)
    it->second = bind("dsum", component, "chad_rt::add<" + type(component) + ">(" + left + ", " + right + ")");
  }
  return sparse_value(std::move(sum));
}

std::string Emitter::add_into(const TypeP& t, const std::string& dense, const std::string& sparse, bool sparse_first) {
  const SparseCotangent& value = sparse_.at(sparse);
  if (value.parts.empty()) return dense;  // x + 0 = 0 + x = x
  const std::string sum = owned_.count(dense) ? dense : owned_local("sum", t, dense);
  for (const auto& [depth, deferred_or_not] : value.parts) {
    const std::string part = value_of(deferred_or_not), at = sum + context_component_path(depth);
    const TypeP component = context_component_type(t, depth);
    // The contribution added into the cell where it lies; `part + at` keeps its operands' order
    // where the addition could tell them apart (sums, functions, Env: their faults' messages).
    if (!sparse_first || adds_commutatively(component)) {
      line(accumulate_line(component, at, part));
      continue;
    }
    line(at + " = chad_rt::add<" + type(component) + ">(" + part + ", " + at + ");");
  }
  return sum;
}

std::string Emitter::accumulate_line(const TypeP& t, const std::string& cell, const std::string& contribution) {
  if (fault == CodegenFault::AccumulateOverwrites)  // an injected fault: the cell's value lost
    return cell + " = " + contribution + ";";
  return "chad_rt::accumulate<" + type(t) + ">(" + cell + ", " + contribution + ");";
}

bool adds_commutatively(const TypeP& t) {
  if (t->kind == TypeKind::Real || t->kind == TypeKind::Unit) return true;
  return t->kind == TypeKind::Prod && adds_commutatively(t->left) && adds_commutatively(t->right);
}

std::string Emitter::owned_local(const std::string& base, const TypeP& t, const std::string& value) {
  std::string name = fresh(base);
  line(type(t) + " " + name + " = " + value + ";");
  note_local(name);
  owned_.insert(name);
  return name;
}

}  // namespace chad
