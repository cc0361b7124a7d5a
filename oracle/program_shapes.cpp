#include "oracle/program_shapes.hpp"

#include <algorithm>
#include <functional>
#include <set>

#include "oracle/campaign.hpp"

namespace chad {

const std::vector<std::string>& program_shape_names() {
  static const std::vector<std::string> names = {
      "input rank 0", "input rank 1", "input rank 2", "input rank 3", "rank 2 value", "rank 3 value",
      "tall matrix", "wide matrix", "square matrix", "array literal, non-constant entries",
      "array literal, non-constant rows", "shared variable", "shared let", "shared closure",
      "higher-order argument", "list fold over every element", "tree fold over every element",
      "application invariant in a fold", "deep stream", "tall matvec", "input-dependent output"};
  return names;
}

namespace {

// Calls `f` on every real type inside `t`.
void each_real(const TypeP& t, const std::function<void(const TypeP&)>& f) {
  if (!t) return;
  if (t->kind == TypeKind::Real) f(t);
  each_real(t->left, f);
  each_real(t->right, f);
  each_real(t->body, f);
  for (const auto& c : t->ctors) each_real(c.type, f);
}

void each_term(const TermP& t, const std::function<void(const TermP&)>& f) {
  f(t);
  for (const auto& a : t->args) each_term(a, f);
  for (const auto& b : t->branches) each_term(b.body, f);
}

// The variable a binder node binds in its argument `i` (or branch), if any.
bool binds(const TermP& t, std::size_t i, const std::string& name) {
  switch (t->kind) {
    case TermKind::Let: case TermKind::Fold: case TermKind::Unfold: return i == 1 && t->name == name;
    case TermKind::Lambda: return t->name == name;
    default: return false;
  }
}

// Occurrences of the free variable `name` in `t`; `applied`: only as the function of an
// application (through ascriptions).
std::size_t occurrences(const TermP& t, const std::string& name, bool applied = false) {
  if (t->kind == TermKind::Var) return !applied && t->name == name;
  std::size_t n = 0;
  if (applied && t->kind == TermKind::App) {
    const Term* f = t->args[0].get();
    while (f->kind == TermKind::Ascribe) f = f->args[0].get();
    if (f->kind == TermKind::Var && f->name == name) ++n;
  }
  for (std::size_t i = 0; i < t->args.size(); ++i)
    if (!binds(t, i, name)) n += occurrences(t->args[i], name, applied);
  for (const auto& b : t->branches)
    if (b.var != name) n += occurrences(b.body, name, applied);
  return n;
}

bool mentions_variable(const TermP& t) {
  bool found = false;
  each_term(t, [&](const TermP& s) { found = found || s->kind == TermKind::Var; });
  return found;
}

// How `y` is used in `t`: as a whole (not directly under fst / snd), by fst, by snd.
void uses(const TermP& t, const std::string& y, bool& whole, bool& first, bool& second) {
  if ((t->kind == TermKind::Fst || t->kind == TermKind::Snd) && t->args[0]->kind == TermKind::Var &&
      t->args[0]->name == y) {
    (t->kind == TermKind::Fst ? first : second) = true;
    return;
  }
  if (t->kind == TermKind::Var && t->name == y) whole = true;
  for (std::size_t i = 0; i < t->args.size(); ++i)
    if (!binds(t, i, y)) uses(t->args[i], y, whole, first, second);
  for (const auto& b : t->branches)
    if (b.var != y) uses(b.body, y, whole, first, second);
}

std::size_t recursive_positions(const TypeP& payload, const std::string& var) {
  if (!payload) return 0;
  if (payload->kind == TypeKind::Var) return payload->var == var;
  std::size_t n = recursive_positions(payload->left, var) + recursive_positions(payload->right, var);
  for (const auto& c : payload->ctors) n += recursive_positions(c.type, var);
  return n;
}

bool has_real(const TypeP& t) {
  bool found = false;
  each_real(t, [&](const TypeP&) { found = true; });
  return found;
}

// "list fold ..." / "tree fold ..." for a fold whose body uses every element; "" otherwise.
std::string fold_shape(const TermP& fold) {
  const TypeP& mu = fold->args[0]->type;
  if (!mu || mu->kind != TypeKind::Mu || mu->body->kind != TypeKind::Sum) return "";
  const Term* body = fold->args[1].get();
  while (body->kind == TermKind::Ascribe) body = body->args[0].get();
  if (body->kind != TermKind::Case || body->args[0]->kind != TermKind::Var || body->args[0]->name != fold->name)
    return "";
  std::size_t most = 0;
  for (const auto& b : body->branches) {
    const TypeP* payload = nullptr;
    for (const auto& c : mu->body->ctors)
      if (c.name == b.ctor) payload = &c.type;
    if (!payload) return "";
    const std::size_t positions = recursive_positions(*payload, mu->var);
    most = std::max(most, positions);
    if (positions == 0 && !has_real(*payload)) continue;  // nothing to depend on (Nil)
    bool whole = false, first = false, second = false;
    uses(b.body, b.var, whole, first, second);
    const bool all = whole || ((*payload)->kind == TypeKind::Prod && first && second);
    if (!all) return "";
  }
  if (most == 0) return "";
  return most == 1 ? "list fold over every element" : "tree fold over every element";
}

// Whether `t` (in a fold's body; `inside`: the names bound in the body around it) holds an
// application of a variable to a variable, both bound outside the body, that the body itself
// makes: not one in a closure or an unfold's step that the body builds (they may run later).
bool applies_outside_names(const TermP& t, std::set<std::string>& inside) {
  auto outside = [&](const TermP& e) {
    const Term* v = e.get();
    while (v->kind == TermKind::Ascribe) v = v->args[0].get();
    return v->kind == TermKind::Var && !inside.count(v->name);
  };
  if (t->kind == TermKind::App && outside(t->args[0]) && outside(t->args[1])) return true;
  auto under = [&](const std::string& name, const TermP& s) {
    const bool added = inside.insert(name).second;
    const bool found = applies_outside_names(s, inside);
    if (added) inside.erase(name);
    return found;
  };
  for (std::size_t i = 0; i < t->args.size(); ++i) {
    if (t->kind == TermKind::Lambda || (t->kind == TermKind::Unfold && i == 1)) continue;
    if (binds(t, i, t->name) ? under(t->name, t->args[i]) : applies_outside_names(t->args[i], inside)) return true;
  }
  for (const auto& b : t->branches)
    if (under(b.var, b.body)) return true;
  return false;
}

// Unrolls nested in `t` through fst, snd and ascriptions.
int unroll_depth(const TermP& t) {
  switch (t->kind) {
    case TermKind::Fst: case TermKind::Snd: case TermKind::Ascribe: return unroll_depth(t->args[0]);
    case TermKind::Unroll: return 1 + unroll_depth(t->args[0]);
    default: return 0;
  }
}

void rank_shapes(const TypeP& type, const char* rank_prefix, std::set<std::string>& out) {
  each_real(type, [&](const TypeP& r) {
    const std::size_t rank = r->shape.size();
    if (rank_prefix) out.insert(std::string(rank_prefix) + std::to_string(std::min<std::size_t>(rank, 3)));
    else if (rank >= 2) out.insert(rank == 2 ? "rank 2 value" : "rank 3 value");
    if (rank == 2)
      out.insert(r->shape[0] > r->shape[1] ? "tall matrix" : r->shape[0] < r->shape[1] ? "wide matrix" : "square matrix");
  });
}

}  // namespace

std::vector<std::string> program_shapes(const CheckedProgram& program) {
  std::set<std::string> found;
  const TermP& body = user_body(program.main_function);
  rank_shapes(program.input_type, "input rank ", found);

  std::vector<std::string> parameters;
  for (const auto& def : program.program.defs)
    if (def.name == program.entry)
      for (const auto& p : def.params) parameters.push_back(p.name);
  bool mentions_parameter = false;
  for (const auto& p : parameters) {
    const std::size_t n = occurrences(body, p);
    mentions_parameter = mentions_parameter || n > 0;
    if (n >= 2) found.insert("shared variable");
  }
  if (mentions_parameter && has_real(program.output_type)) found.insert("input-dependent output");

  each_term(body, [&](const TermP& t) {
    if (t->type) rank_shapes(t->type, nullptr, found);
    switch (t->kind) {
      case TermKind::ArrayLit: {
        const bool rank1 = t->type && t->type->shape.size() == 1;
        for (const auto& e : t->args) {
          if (rank1 && mentions_variable(e)) found.insert("array literal, non-constant entries");
          if (!rank1 && e->kind != TermKind::ArrayLit && mentions_variable(e))
            found.insert("array literal, non-constant rows");
        }
        break;
      }
      case TermKind::Lambda:
        if (occurrences(t->args[0], t->name) >= 2) found.insert("shared variable");
        break;
      case TermKind::Let: {
        const bool function = t->args[0]->type && t->args[0]->type->kind == TypeKind::Arrow;
        if (!function && occurrences(t->args[1], t->name) >= 2) found.insert("shared let");
        if (function && occurrences(t->args[1], t->name, true) >= 2) found.insert("shared closure");
        break;
      }
      case TermKind::App:
        if (t->args[1]->type && t->args[1]->type->kind == TypeKind::Arrow) found.insert("higher-order argument");
        break;
      case TermKind::Fold: {
        std::string shape = fold_shape(t);
        if (!shape.empty()) found.insert(shape);
        std::set<std::string> inside = {t->name};
        if (applies_outside_names(t->args[1], inside)) found.insert("application invariant in a fold");
        break;
      }
      case TermKind::Unroll:
        if (unroll_depth(t) >= 3) found.insert("deep stream");
        break;
      case TermKind::Prim:
        if (t->op == PrimOp::Matvec) {
          const TypeP& m = t->args[0]->type;
          if (m && m->shape.size() == 2 && m->shape[0] > m->shape[1] && mentions_variable(t->args[1]))
            found.insert("tall matvec");
        }
        break;
      default: break;
    }
  });
  std::vector<std::string> out;
  for (const auto& name : program_shape_names())
    if (found.count(name)) out.push_back(name);
  return out;
}

}  // namespace chad
