// The emitter's core and the source language's formers (the target's: emit_target.cpp; folds
// and unfolds: emit_recursion.cpp).
#include "codegen/emitter.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "syntax/location.hpp"

namespace chad {

std::string cpp_real(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%a", value);
  return std::string("S(") + text + ")";
}

std::string tuple_component(std::string tuple, std::size_t i, std::size_t n) {
  for (std::size_t k = 0; k < i; ++k) tuple += ".snd";
  return i + 1 == n ? tuple : tuple + ".fst";
}

std::string one_component_tuple(CppTypes& types, const TypeP& tuple_type, std::size_t n, std::size_t i,
                                const std::string& component) {
  std::vector<TypeP> pairs;  // the nested pair types, outermost first
  TypeP last = tuple_type;
  for (std::size_t k = 0; k + 1 < n; ++k) {
    pairs.push_back(last);
    last = last->right;
  }
  auto at = [&](std::size_t k) {
    const TypeP& part = k + 1 < n ? pairs[k]->left : last;
    return k == i ? component : "chad_rt::zero<" + types.name(part) + ">()";
  };
  std::string value = at(n - 1);
  for (std::size_t k = n - 1; k-- > 0;) value = types.name(pairs[k]) + "{" + at(k) + ", " + value + "}";
  return value;
}

std::string cpp_identifier(const std::string& name) {
  std::string out;
  for (char c : name) {
    if (c == '\'') out += "_q";
    else if (c == '#') out += "_";
    else out += c;
  }
  if (out.empty() || out[0] == '_') out = "v" + out;
  return out;
}

// Deeper blocks are not indented further: a chain of n lets nests n closures, and indenting each
// deeper made the source quadratic in n (6,000 lets: 119 MB, most of it spaces).
constexpr int kMaxIndent = 32;

std::string Emitter::indentation(int indent) { return std::string(std::size_t(2 * std::min(indent, kMaxIndent)), ' '); }

void Emitter::line(const std::string& text) {
  out_ += indentation(indent_);
  out_ += text;
  out_ += '\n';
}
void Emitter::open(const std::string& text) {
  line(text);
  ++indent_;
}
void Emitter::close(const std::string& text) {
  --indent_;
  forget_primal_values_deeper_than(indent_);
  line(text);
}
std::string Emitter::take() {
  std::string s = std::move(out_);
  out_.clear();
  return s;
}
std::string Emitter::fresh(const std::string& base) {
  return cpp_identifier(base) + "_" + std::to_string(next_name_++);
}

std::string Emitter::bind(const std::string& base, const TypeP& t, const std::string& value) {
  std::string name = fresh(base);
  bind_as(name, t, value);
  return name;
}
void Emitter::bind_as(const std::string& name, const TypeP& t, const std::string& value) {
  line("const " + type(t) + " " + name + " = " + value + ";");
  note_local(name);
}

void for_each_word(const std::string& text, const std::function<void(const std::string&, std::size_t)>& f) {
  const auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = 0; at < text.size();) {
    if (!is_word(text[at])) {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < text.size() && is_word(text[end])) ++end;
    f(text.substr(at, end - at), at);
    at = end;
  }
}

// Whether `value` is a local's name followed by `.fst` / `.snd` steps (what `alias` may refer to).
bool names_a_local_or_part(const std::string& value) {
  const std::size_t end = value.find('.');
  const std::string local = value.substr(0, end);
  if (local.empty() || std::isdigit(static_cast<unsigned char>(local[0]))) return false;
  for (char c : local)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  for (std::size_t at = end; at != std::string::npos; at += 4) {
    if (value.compare(at, 4, ".fst") != 0 && value.compare(at, 4, ".snd") != 0) return false;
    if (at + 4 == value.size()) break;
  }
  return true;
}

std::string Emitter::alias(const std::string& base, const TypeP& t, const std::string& value) {
  // A local itself: its own name (no line; a campaign's kernels had a fifth of their lines so).
  if (local_depth_.count(value)) {
    owned_.erase(value);  // its users may be many now: never added into in place
    return value;
  }
  const bool scalar = t->kind == TypeKind::Unit || (t->kind == TypeKind::Real && t->shape.empty());
  if (scalar || !names_a_local_or_part(value)) return bind(base, t, value);
  owned_.erase(value);  // its one user is this name now, which stays unchanged
  std::string name = fresh(base);
  line("const " + type(t) + "& " + name + " = " + value + ";");
  const std::string of = value.substr(0, value.find('.'));
  note_alias(name, of);
  aliases_[name] = value;
  if (pack_views_.count(of)) pack_views_.insert(name);
  if (!fold_bodies_.empty())
    if (auto kept = fold_bodies_.back().kept.find(of); kept != fold_bodies_.back().kept.end())
      fold_bodies_.back().kept.emplace(name, kept->second + value.substr(of.size()));
  return name;
}

std::string Emitter::emit_under(const std::string& cpp_name, const TermP& body) {
  env.push(cpp_name);
  std::string r = emit(body);
  env.pop();
  return r;
}

std::string Emitter::closure(const std::string& name, const TypeP& param, const TypeP& result,
                             const TermP& body) {
  const std::string lambda = closure_lambda(name, param, result, body), f = fresh("fn");
  line(closure_object(type(param), type(result), lambda, f, false));
  note_local(f);
  return f;
}

std::string Emitter::closure_lambda(const std::string& name, const TypeP& param, const TypeP& result,
                                    const TermP& body) {
  const std::string a = type(param), b = type(result), p = fresh(name), lambda = fresh("lambda");
  const std::size_t at = out_.size();
  open(lambda_in_arena(lambda) + "[=](const " + a + "& " + p + ") -> " + b + " {");
  const std::size_t uses = open_capture_scope();
  note_local(p);
  line("return " + emit_under(p, body) + ";");
  const std::string captures = close_capture_scope(uses);
  close("});");
  patch_capture_list(at, captures);
  note_local(lambda);
  return lambda;
}

std::string Emitter::lambda_in_arena(const std::string& lambda) {
  return "const auto* const " + lambda + " = ::new (chad_rt::in_arena) auto(";
}

std::string Emitter::closure_object(const std::string& a, const std::string& b, const std::string& lambda,
                                    const std::string& f, bool linear) {
  const std::string thunk =
      std::string("&chad_rt::detail::") + (linear ? "accumulate_by_lambda<" : "call_lambda<") + a + ", " + b +
      ", decltype(" + lambda + ")>";
  return "const chad_rt::Fn<" + a + ", " + b + "> " + f + "{" +
         (linear ? "nullptr, " + lambda + ", " + thunk : thunk + ", " + lambda) + "};";
}

void Emitter::add_helper(const std::string& signature, const std::string& body) {
  declarations_.push_back(signature);
  definitions_.push_back(signature + " {\n" + body + "}\n");
}
std::string Emitter::helpers() const {
  std::string s;
  for (const auto& d : declarations_) s += d + ";\n";
  s += "\n";
  for (const auto& d : definitions_) s += d + "\n";
  return s;
}
void Emitter::add_shared_helper(const std::string& name, const std::string& signature, const std::string& body) {
  shared_declarations_ += guarded("CHAD_KF_" + name, signature + ";\n");
  shared_definitions_ += guarded("CHAD_KB_" + name, signature + " {\n" + body + "}\n");
}
std::string Emitter::shared_helpers() const { return shared_declarations_ + "\n" + shared_definitions_; }
std::string Emitter::find_helper(const std::string& key) const {
  auto it = helper_names_.find(key);
  return it == helper_names_.end() ? "" : it->second;
}
void Emitter::name_helper(const std::string& key, const std::string& name) { helper_names_.emplace(key, name); }

std::string Emitter::emit(const TermP& t) { return value_of(emit_value(t)); }

std::string Emitter::emit_value(const TermP& t) {
  if (int(t->kind) >= int(TermKind::LinLambda)) return emit_target(t);
  return emit_source(t);
}

std::string Emitter::emit_source(const TermP& t) {
  const auto& a = t->args;
  switch (t->kind) {
    case TermKind::Var:
      CHAD_INTERNAL_ASSERT(t->index >= 0 && std::size_t(t->index) < env.size(), "codegen: unbound variable " + t->name);
      note_use(env.lookup(std::size_t(t->index)));
      return env.lookup(std::size_t(t->index));
    case TermKind::Literal: return cpp_real(t->literal);
    case TermKind::ArrayLit: {
      std::vector<std::string> parts;
      for (const TermP& e : a) parts.push_back(emit(e));
      std::string name = fresh("array");
      line(type(t->type) + " " + name + ";");
      note_local(name);
      std::string init = name + " << ";
      for (std::size_t i = 0; i < parts.size(); ++i) init += (i ? ", " : "") + parts[i];
      line(init + ";");
      note_recipe(name, t, parts, type(t->type) + " " + name + ";\n" + init + ";");
      return name;
    }
    case TermKind::Unit: return "chad_rt::Unit{}";
    case TermKind::Pair: {  // symbolic where a component is
      std::string x = emit_value(a[0]), y = emit_value(a[1]);
      if (is_symbolic(x) || is_symbolic(y)) return symbolic_pair({t->type, x, y});
      return bind("pair", t->type, type(t->type) + "{" + x + ", " + y + "}");
    }
    case TermKind::Fst:
    case TermKind::Snd: {
      const bool first = t->kind == TermKind::Fst;
      std::string pair = emit_value(a[0]);
      if (is_symbolic_pair(pair)) return pair_component(pair, first);
      if (is_deferred(pair)) return deferred_projection(pair, first, t->type);
      if (is_sparse(pair)) return first ? sparse_context_prefix(pair, t->type) : sparse_component(pair, 0, t->type);
      pair = value_of(pair);
      return alias(first ? "fst" : "snd", t->type, pair + (first ? ".fst" : ".snd"));
    }
    case TermKind::Let: {  // a symbolic context cotangent is bound as it is, and its body may be one
      env.push(let_bound(t));
      std::string body = emit_value(a[1]);
      env.pop();
      return body;
    }
    case TermKind::Lambda: return closure(t->name, t->type->left, t->type->right, a[0]);
    case TermKind::App: {
      std::string f = emit(a[0]), x = emit(a[1]);
      if (std::string kept = memoised_application(t->type, f, x); !kept.empty()) return kept;
      return bind("app", t->type, f + "(" + x + ")");
    }
    case TermKind::Inject:
      return bind(t->name.empty() ? "inject" : t->name, t->type,
                  type(t->type) + "::template make<" + std::to_string(t->index) + ">(" + emit(a[0]) + ")");
    case TermKind::Case: return emit_case(t);
    case TermKind::Roll:
      return bind("roll", t->type, "chad_rt::roll<" + types_.struct_name(t->type) + ">(" + emit(a[0]) + ")");
    case TermKind::Unroll: return bind("unroll", t->type, "chad_rt::force(" + emit(a[0]) + ")");
    case TermKind::Fold:
    case TermKind::Unfold: return emit_recursion(t);
    case TermKind::Ascribe: return emit_value(a[0]);
    case TermKind::Prim: return emit_prim(t);
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, "codegen: not a source former");
}

std::string Emitter::let_bound(const TermP& let) {
  const auto& a = let->args;
  const int unread = unread_operand(a[0], a[1]);
  std::string bound = unread >= 0 ? emit_prim_derivative(a[0], unread) : emit_value(a[0]);
  return is_symbolic(bound) ? bound : alias(let->name, a[0]->type, bound);
}

std::string Emitter::emit_case(const TermP& t) {
  std::string scrutinee = emit(t->args[0]);
  const TypeP& sum = t->args[0]->type;
  std::string result = fresh("case");
  line(type(t->type) + " " + result + ";");
  note_local(result);
  open("switch (" + scrutinee + ".tag()) {");
  // An injected fault: on two constructors of one payload type (bool), each runs the other's branch.
  const bool swapped = fault == CodegenFault::CaseBranchesSwapped && sum->ctors.size() == 2 &&
                       type_equal(sum->ctors[0].type, sum->ctors[1].type);
  for (const Branch& b : t->branches) {
    open("case " + std::to_string(swapped ? 1 - b.tag : b.tag) + ": {  // " + b.ctor);
    const int tag = swapped ? 1 - b.tag : b.tag;
    std::string y = bind(b.var, sum->ctors[std::size_t(b.tag)].type,
                         scrutinee + ".template get<" + std::to_string(tag) + ">()");
    line(result + " = " + emit_under(y, b.body) + ";");
    line("break;");
    close("}");
  }
  line("default: chad_rt::throw_fault(\"case: a sum value without a constructor\");");
  close("}");
  return result;
}

namespace {

// The runtime's name of a primitive: the operators spelled out, the others as in the language.
const char* runtime_prim_name(PrimOp op) {
  switch (op) {
    case PrimOp::Add: return "add";
    case PrimOp::Sub: return "sub";
    case PrimOp::Mul: return "mul";
    case PrimOp::Div: return "div";
    case PrimOp::Neg: return "neg";
    case PrimOp::Lt: return "lt";
    case PrimOp::Gt: return "gt";
    case PrimOp::PowInt: return "pow_int";  // x ^ n: pow_int<n>
    default: return prim_name(op);
  }
}

std::string join(const std::vector<std::string>& parts) {
  std::string s;
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
  return s;
}

}  // namespace

// The template arguments a primitive's runtime function takes: matvec<R, C>, get<I>, pow_int<N>,
// transpose<M, N>, matmul<M, K, N>.
static std::string prim_template_arguments(const Term& t, const TypeP& first_operand) {
  if (t.op == PrimOp::Matvec || t.op == PrimOp::Transpose)
    return "<" + std::to_string(first_operand->shape[0]) + ", " + std::to_string(first_operand->shape[1]) + ">";
  if (t.op == PrimOp::Matmul)
    return "<" + std::to_string(first_operand->shape[0]) + ", " + std::to_string(first_operand->shape[1]) + ", " +
           std::to_string(t.args[1]->type->shape[1]) + ">";
  if (t.op == PrimOp::Get || t.op == PrimOp::PowInt) return "<" + std::to_string(t.index) + ">";
  return "";
}

std::string Emitter::emit_prim(const TermP& t) {
  std::vector<std::string> operands;
  for (const TermP& e : t->args) operands.push_back(emit(e));
  std::string call = std::string("chad_rt::prim_") + runtime_prim_name(t->op) +
                     prim_template_arguments(*t, t->args[0]->type) + "(" + join(operands) + ")";
  const std::string value = bind(runtime_prim_name(t->op), t->type, call);
  note_primal_value(t, operands, value);
  note_recipe(value, t, operands, "const " + type(t->type) + " " + value + " = " + call + ";");
  return value;
}

// Reverse rules that read no primal operand (their cotangents depend on the output's cotangent
// alone): add, sub, sum and get. Their runtime functions have forms without the primal operands.
static bool reverse_reads_no_primal(PrimOp op) {
  return op == PrimOp::Add || op == PrimOp::Sub || op == PrimOp::Sum || op == PrimOp::Get;
}

std::string Emitter::emit_prim_derivative(const TermP& t, int unread) {
  const bool forward = t->kind == TermKind::PrimFwd;
  if (std::string at_value = derivative_at_value(t, forward); !at_value.empty()) return at_value;
  const std::size_t k = forward ? t->args.size() / 2 : t->args.size() - 1;
  // A backpropagator closure copies what its body names: a reverse rule that reads no primal
  // operand is given none, so that a closure does not keep them (efficient CHAD's small tape;
  // the GMM's closures kept a 25 x 10 array per data point for a subtraction). Only variables
  // are left out, so that no operand's code is skipped.
  bool primal_free = !forward && reverse_reads_no_primal(t->op);
  for (std::size_t i = 0; primal_free && i < k; ++i) primal_free = t->args[i]->kind == TermKind::Var;
  std::vector<std::string> operands;
  for (std::size_t i = primal_free ? k : 0; i < t->args.size(); ++i)
    operands.push_back(int(i) == unread ? "chad_rt::zero<" + type(t->args[i]->type) + ">()" : emit(t->args[i]));
  const std::string name = std::string(forward ? "d" : "ct") + runtime_prim_name(t->op);
  if (t->op == PrimOp::Lt || t->op == PrimOp::Gt)  // comparisons: derivative 0
    return bind(name, t->type, "chad_rt::zero<" + type(t->type) + ">()");
  if (t->op == PrimOp::Vec) {
    if (forward)  // vec'(x; dx) = vec(dx)
      return bind(name, t->type, "chad_rt::prim_vec(" + join({operands.begin() + std::ptrdiff_t(k), operands.end()}) + ")");
    // vec^T(x; v) = (v[0], ..., v[n-1]), an n-tuple
    std::string v = operands.back(), tuple = k == 1 ? v + "(0)" : "";
    if (k > 1) {
      TypeP ty = t->type;
      std::string closing;
      for (std::size_t i = 0; i + 1 < k; ++i) {
        tuple += type(ty) + "{" + v + "(" + std::to_string(i) + "), ";
        closing += "}";
        ty = ty->right;
      }
      tuple += v + "(" + std::to_string(k - 1) + ")" + closing;
    }
    return bind(name, t->type, tuple);
  }
  const TypeP& first = t->args[0]->type;
  std::string targs = prim_template_arguments(*t, first);
  if (!forward && t->op == PrimOp::Get) targs = "<" + std::to_string(t->index) + ", " + std::to_string(shape_size(first->shape)) + ">";
  if (!forward && t->op == PrimOp::Sum) targs = "<" + std::to_string(first->shape.empty() ? 0 : shape_size(first->shape)) + ">";
  return bind(name, t->type, std::string("chad_rt::") + (forward ? "fwd_" : "rev_") + runtime_prim_name(t->op) + targs +
                                 "(" + join(operands) + ")");
}

}  // namespace chad
