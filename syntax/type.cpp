#include "syntax/type.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "syntax/location.hpp"

namespace chad {

int Type::ctor_index(const std::string& name) const {
  for (std::size_t i = 0; i < ctors.size(); ++i)
    if (ctors[i].name == name) return int(i);
  return -1;
}

int Type::real_count() const {
  int n = 1;
  for (int s : shape) n *= s;
  return n;
}

namespace {

std::shared_ptr<Type> node(TypeKind kind) {
  auto t = std::make_shared<Type>();
  t->kind = kind;
  return t;
}

// Adds the free variables of `part` to `t`, leaving out `bound` (if given).
void add_free_vars(Type& t, const Type& part, const std::string* bound = nullptr) {
  for (const auto& v : part.free_vars)
    if (!bound || v != *bound) t.free_vars.push_back(v);
  std::sort(t.free_vars.begin(), t.free_vars.end());
  t.free_vars.erase(std::unique(t.free_vars.begin(), t.free_vars.end()), t.free_vars.end());
}

std::size_t mix(std::size_t seed, std::size_t value) {
  return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

// Sets t.structure_hash from its fields and its parts' hashes; returns t.
std::shared_ptr<Type> sealed(std::shared_ptr<Type> t) {
  std::size_t h = mix(0, std::size_t(t->kind));
  for (int s : t->shape) h = mix(h, std::size_t(s));
  h = mix(h, t->lifted);
  h = mix(h, std::hash<std::string>{}(t->var));
  for (const auto& c : t->ctors) h = mix(mix(h, std::hash<std::string>{}(c.name)), c.type->structure_hash);
  for (const TypeP* part : {&t->left, &t->right, &t->body}) h = mix(h, *part ? (*part)->structure_hash : 1);
  t->structure_hash = h;
  return t;
}

}  // namespace

TypeP real_type(std::vector<int> shape) {
  for (int s : shape) CHAD_INTERNAL_ASSERT(s >= 1, "array dimension must be >= 1");
  auto t = node(TypeKind::Real);
  t->shape = std::move(shape);
  return sealed(t);
}

TypeP unit_type() {
  static const TypeP unit = sealed(node(TypeKind::Unit));
  return unit;
}

TypeP prod_type(TypeP left, TypeP right) {
  CHAD_INTERNAL_ASSERT(left && right, "product of a null type");
  auto t = node(TypeKind::Prod);
  t->left = std::move(left);
  t->right = std::move(right);
  add_free_vars(*t, *t->left);
  add_free_vars(*t, *t->right);
  return sealed(t);
}

TypeP arrow_type(TypeP from, TypeP to) {
  CHAD_INTERNAL_ASSERT(from && to, "function type of a null type");
  auto t = node(TypeKind::Arrow);
  t->left = std::move(from);
  t->right = std::move(to);
  add_free_vars(*t, *t->left);
  add_free_vars(*t, *t->right);
  return sealed(t);
}

namespace {

TypeP binary_type(TypeKind kind, TypeP left, TypeP right) {
  CHAD_INTERNAL_ASSERT(left && right, "a type former applied to a null type");
  auto t = node(kind);
  t->left = std::move(left);
  t->right = std::move(right);
  add_free_vars(*t, *t->left);
  add_free_vars(*t, *t->right);
  return sealed(t);
}

}  // namespace

TypeP lin_arrow_type(TypeP from, TypeP to) {
  return binary_type(TypeKind::LinArrow, std::move(from), std::move(to));
}

TypeP copower_type(TypeP primal, TypeP linear) {
  return binary_type(TypeKind::Copower, std::move(primal), std::move(linear));
}

TypeP lifted_sum_type(std::vector<Constructor> ctors) {
  auto t = std::const_pointer_cast<Type>(sum_type(std::move(ctors)));
  t->lifted = true;
  return sealed(t);  // (again: lifted is part of it)
}

TypeP sum_type(std::vector<Constructor> ctors) {
  CHAD_INTERNAL_ASSERT(!ctors.empty(), "a sum needs at least one constructor");
  for (std::size_t i = 0; i < ctors.size(); ++i) {  // sums are small: no set needed
    CHAD_INTERNAL_ASSERT(ctors[i].type, "constructor without a type");
    for (std::size_t j = 0; j < i; ++j)
      CHAD_INTERNAL_ASSERT(ctors[j].name != ctors[i].name, "duplicate constructor " + ctors[i].name);
  }
  auto t = node(TypeKind::Sum);
  t->ctors = std::move(ctors);
  for (const auto& c : t->ctors) add_free_vars(*t, *c.type);
  return sealed(t);
}

TypeP mu_type(std::string var, TypeP body) {
  auto t = node(TypeKind::Mu);
  t->var = std::move(var);
  t->body = std::move(body);
  add_free_vars(*t, *t->body, &t->var);
  return sealed(t);
}

TypeP nu_type(std::string var, TypeP body) {
  auto t = node(TypeKind::Nu);
  t->var = std::move(var);
  t->body = std::move(body);
  add_free_vars(*t, *t->body, &t->var);
  return sealed(t);
}

TypeP var_type(std::string name) {
  auto t = node(TypeKind::Var);
  t->var = std::move(name);
  t->free_vars = {t->var};
  return sealed(t);
}

TypeP env_type() {
  static const TypeP env = sealed(node(TypeKind::Env));
  return env;
}

TypeP bool_type() {
  static const TypeP b = sum_type({{"False", unit_type()}, {"True", unit_type()}});
  return b;
}

TypeP tuple_type(const std::vector<TypeP>& components) {
  if (components.empty()) return unit_type();
  TypeP t = components.back();
  for (std::size_t i = components.size() - 1; i-- > 0;) t = prod_type(components[i], t);
  return t;
}

namespace {

// Bound variables on each side, innermost last; a variable is matched by binder depth.
using Binders = std::vector<std::pair<std::string, std::string>>;

bool equal_in(const TypeP& a, const TypeP& b, Binders& binders) {
  if (a == b && binders.empty()) return true;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
    case TypeKind::Real: return a->shape == b->shape;
    case TypeKind::Unit:
    case TypeKind::Env: return true;
    case TypeKind::Prod:
    case TypeKind::Arrow:
    case TypeKind::LinArrow:
    case TypeKind::Copower:
      return equal_in(a->left, b->left, binders) && equal_in(a->right, b->right, binders);
    case TypeKind::Sum:
      if (a->ctors.size() != b->ctors.size() || a->lifted != b->lifted) return false;
      for (std::size_t i = 0; i < a->ctors.size(); ++i)
        if (a->ctors[i].name != b->ctors[i].name ||
            !equal_in(a->ctors[i].type, b->ctors[i].type, binders))
          return false;
      return true;
    case TypeKind::Mu:
    case TypeKind::Nu: {
      binders.emplace_back(a->var, b->var);
      bool same = equal_in(a->body, b->body, binders);
      binders.pop_back();
      return same;
    }
    case TypeKind::Var:
      for (std::size_t i = binders.size(); i-- > 0;) {
        bool left = binders[i].first == a->var, right = binders[i].second == b->var;
        if (left || right) return left && right;
      }
      return a->var == b->var;  // both free
  }
  return false;
}

}  // namespace

bool type_equal(const TypeP& a, const TypeP& b) {
  Binders binders;
  return equal_in(a, b, binders);
}

bool occurs_free(const TypeP& t, const std::string& var) {
  return std::binary_search(t->free_vars.begin(), t->free_vars.end(), var);
}

namespace {

TypeP renamed_by_depth(const TypeP& t, const std::map<std::string, std::string>& bound, int depth) {
  switch (t->kind) {
    case TypeKind::Real:
    case TypeKind::Unit:
    case TypeKind::Env: return t;
    case TypeKind::Var: return var_type(bound.at(t->var));
    case TypeKind::Prod:
    case TypeKind::Arrow:
    case TypeKind::LinArrow:
    case TypeKind::Copower:
      return binary_type(t->kind, renamed_by_depth(t->left, bound, depth), renamed_by_depth(t->right, bound, depth));
    case TypeKind::Sum: {
      std::vector<Constructor> ctors;
      for (const auto& c : t->ctors) ctors.push_back({c.name, renamed_by_depth(c.type, bound, depth)});
      return t->lifted ? lifted_sum_type(std::move(ctors)) : sum_type(std::move(ctors));
    }
    case TypeKind::Mu:
    case TypeKind::Nu: {
      std::map<std::string, std::string> inner = bound;
      const std::string var = "v" + std::to_string(depth);
      inner[t->var] = var;
      TypeP body = renamed_by_depth(t->body, inner, depth + 1);
      return t->kind == TypeKind::Mu ? mu_type(var, std::move(body)) : nu_type(var, std::move(body));
    }
  }
  return t;
}

}  // namespace

TypeP rename_bound_by_depth(const TypeP& t) {
  CHAD_INTERNAL_ASSERT(t->closed(), "rename_bound_by_depth of an open type");
  return renamed_by_depth(t, {}, 0);
}

TypeP substitute(const TypeP& body, const std::string& var, const TypeP& replacement) {
  if (!occurs_free(body, var)) return body;
  switch (body->kind) {
    case TypeKind::Real:
    case TypeKind::Unit:
    case TypeKind::Env: return body;
    case TypeKind::Prod:
      return prod_type(substitute(body->left, var, replacement),
                       substitute(body->right, var, replacement));
    case TypeKind::Arrow:
    case TypeKind::LinArrow:
    case TypeKind::Copower:
      return binary_type(body->kind, substitute(body->left, var, replacement),
                         substitute(body->right, var, replacement));
    case TypeKind::Sum: {
      std::vector<Constructor> ctors;
      for (const auto& c : body->ctors) ctors.push_back({c.name, substitute(c.type, var, replacement)});
      return body->lifted ? lifted_sum_type(std::move(ctors)) : sum_type(std::move(ctors));
    }
    case TypeKind::Mu: return mu_type(body->var, substitute(body->body, var, replacement));
    case TypeKind::Nu: return nu_type(body->var, substitute(body->body, var, replacement));
    case TypeKind::Var: return replacement;
  }
  return body;
}

TypeP unroll_type(const TypeP& fixpoint) {
  CHAD_INTERNAL_ASSERT(fixpoint->kind == TypeKind::Mu || fixpoint->kind == TypeKind::Nu,
                       "unroll_type of a type that is not mu or nu");
  return substitute(fixpoint->body, fixpoint->var, fixpoint);
}

namespace {

bool is_data_in(const TypeP& t, std::vector<std::string>& bound) {
  switch (t->kind) {
    case TypeKind::Real:
    case TypeKind::Unit: return true;
    case TypeKind::Prod: return is_data_in(t->left, bound) && is_data_in(t->right, bound);
    case TypeKind::Arrow:
    case TypeKind::LinArrow:
    case TypeKind::Copower:
    case TypeKind::Env:
    case TypeKind::Nu: return false;
    case TypeKind::Sum:
      if (t->lifted) return false;
      for (const auto& c : t->ctors)
        if (!is_data_in(c.type, bound)) return false;
      return true;
    case TypeKind::Mu: {
      bound.push_back(t->var);
      bool ok = is_data_in(t->body, bound);
      bound.pop_back();
      return ok;
    }
    case TypeKind::Var:
      for (const auto& b : bound)
        if (b == t->var) return true;
      return false;
  }
  return false;
}

// Precedence levels for printing: 0 = arrow / mu / nu, 1 = product, 2 = atom. Appends to
// `out` (no part's text is built apart and copied), so printing is linear in the type's size.
void print_at(std::string& out, const TypeP& t, int level) {
  auto wrapped = [&](int own, auto body) {
    if (own < level) out += '(';
    body();
    if (own < level) out += ')';
  };
  auto infix = [&](int own, const TypeP& left, int left_level, const char* op, const TypeP& right,
                   int right_level) {
    wrapped(own, [&] {
      print_at(out, left, left_level);
      out += op;
      print_at(out, right, right_level);
    });
  };
  switch (t->kind) {
    case TypeKind::Real:
      out += "real";
      if (t->shape.empty()) return;
      out += '[';
      for (std::size_t i = 0; i < t->shape.size(); ++i) {
        if (i) out += ", ";
        out += std::to_string(t->shape[i]);
      }
      out += ']';
      return;
    case TypeKind::Unit: out += "unit"; return;
    case TypeKind::Env: out += "env"; return;
    case TypeKind::Prod: return infix(1, t->left, 2, " * ", t->right, 1);
    case TypeKind::Arrow: return infix(0, t->left, 1, " -> ", t->right, 0);
    case TypeKind::LinArrow: return infix(0, t->left, 1, " -o ", t->right, 0);
    case TypeKind::Copower:
      out += level > 1 ? "(!" : "!";
      print_at(out, t->left, 2);
      out += " (x) ";
      print_at(out, t->right, 2);
      if (level > 1) out += ')';
      return;
    case TypeKind::Sum:
      out += t->lifted ? "<0 |" : "<";
      for (std::size_t i = 0; i < t->ctors.size(); ++i) {
        out += i ? " | " : " ";
        out += t->ctors[i].name + " : ";
        print_at(out, t->ctors[i].type, 0);
      }
      out += " >";
      return;
    case TypeKind::Mu:
    case TypeKind::Nu:
      return wrapped(0, [&] {
        out += (t->kind == TypeKind::Mu ? "mu " : "nu ") + t->var + ". ";
        print_at(out, t->body, 0);
      });
    case TypeKind::Var: out += t->var; return;
  }
  out += "?";
}

}  // namespace

bool is_data_type(const TypeP& t) {
  std::vector<std::string> bound;
  return is_data_in(t, bound);
}

std::string print_type(const TypeP& t) {
  std::string out;
  print_at(out, t, 0);
  return out;
}

}  // namespace chad
