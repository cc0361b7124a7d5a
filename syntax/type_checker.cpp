// The bidirectional type checker. `infer` synthesises a type; `check` pushes an expected type
// into let bodies, case branches, pairs, lambdas and the forms that need one (injections,
// roll, fold, unfold) and into the operands of shape-preserving primitives. Each case of the
// switch calls one function per former. check_program is in type_checker_program.cpp.
#include "syntax/type_checker.hpp"

#include <optional>
#include <set>
#include <unordered_map>

#include "syntax/array_primitive_types.hpp"
#include "syntax/list_literal.hpp"
#include "syntax/primitive_sugar.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

std::string show(const TypeP& t) {  // (appended: `"`" + s` trips GCC 12's -Wrestrict false positive)
  std::string text = "`";
  return text.append(print_type(t)).append("`");
}

// Raised when a form cannot be typed for lack of an expected type; infer on a case branch
// catches it to try the other branches first.
class NeedsExpectedType : public SourceError {
 public:
  using SourceError::SourceError;
};

class Checker {
 public:
  explicit Checker(Context ctx) : ctx_(std::move(ctx)) {
    for (std::size_t i = 0; i < ctx_.size(); ++i) positions_[ctx_[i].first].push_back(i);
  }

  TermP infer(const TermP& t) { return check_or_infer(t, nullptr); }
  TermP check(const TermP& t, const TypeP& expected) { return check_or_infer(t, expected); }

 private:
  // Dispatch: `expected` null means infer.
  TermP check_or_infer(const TermP& t, const TypeP& expected) {
    if (TermP call = primitive_sugar(t, expected)) return check_or_infer(call, expected);
    if (t->kind == TermKind::ArrayLit && expected && expected->kind == TypeKind::Mu)
      return list_term(t, expected);
    switch (t->kind) {
      case TermKind::Let: return let_term(t, expected);
      case TermKind::Case: return case_term(t, expected);
      case TermKind::Pair:
        if (expected && expected->kind == TypeKind::Prod) return pair_term(t, expected);
        break;
      case TermKind::Lambda:
        if (expected && expected->kind == TypeKind::Arrow) return lambda_term(t, expected);
        break;
      case TermKind::Inject: return inject_term(t, expected);
      case TermKind::Roll: return roll_term(t, expected);
      case TermKind::Fold: return fold_term(t, expected);
      case TermKind::Unfold: return unfold_term(t, expected);
      default: break;
    }
    TermP typed = infer_core(t, expected);
    if (expected && !type_equal(typed->type, expected))
      throw SourceError(t->loc, "type mismatch: expected " + show(expected) + ", found " +
                                    show(typed->type) + " for `" + excerpt(t) + "`");
    return typed;
  }

  static std::string excerpt(const TermP& t) {
    std::string s = print_term(t);
    return s.size() > 60 ? s.substr(0, 57) + "..." : s;
  }

  static std::shared_ptr<Term> copy(const TermP& t, TypeP type) {
    auto c = std::make_shared<Term>(*t);
    c->type = std::move(type);
    return c;
  }

  // Synthesises the type of `t`. `expected` (possibly null) is only a hint, passed to the
  // operands of shape-preserving primitives; the caller compares the result with it.
  TermP infer_core(const TermP& t, const TypeP& expected = nullptr) {
    switch (t->kind) {
      case TermKind::Var: return var_term(t);
      case TermKind::Literal: return copy(t, real_type());
      case TermKind::ArrayLit: return array_term(t);
      case TermKind::Unit: return copy(t, unit_type());
      case TermKind::Pair: return pair_term(t, nullptr);
      case TermKind::Fst:
      case TermKind::Snd: return projection_term(t);
      case TermKind::Lambda: return lambda_term(t, nullptr);
      case TermKind::App: return app_term(t);
      case TermKind::Unroll: return unroll_term(t);
      case TermKind::Ascribe: {
        auto c = copy(t, t->annot);
        c->args = {check(t->args[0], t->annot)};
        return c;
      }
      case TermKind::Prim:
        return prim_term(t, expected && expected->kind == TypeKind::Real ? expected : nullptr);
      default: break;
    }
    CHAD_INTERNAL_ASSERT(false, "infer_core: unexpected term kind");
  }

  [[noreturn]] static void needs_type(const TermP& t, const std::string& what,
                                      const std::string& hint = "") {
    throw NeedsExpectedType(t->loc, what + " needs its type from context: add an ascription "
                                           "`(e : t)` or annotate the enclosing definition" + hint);
  }

  // ---- primitives written like functions (syntax/primitive_sugar.hpp) -------------------
  bool bound(const std::string& name) const {
    auto found = positions_.find(name);
    return found != positions_.end() && !found->second.empty();
  }

  // The primitive an unbound variable names, if any.
  std::optional<PrimOp> free_primitive(const TermP& t) const {
    if (t->kind != TermKind::Var || bound(t->name)) return std::nullopt;
    return primitive_named(t->name);
  }

  // `sin x`, `dot (u, v)` and a bare `sin` as the unchecked terms they stand for; null when `t`
  // is none of them.
  TermP primitive_sugar(const TermP& t, const TypeP& expected) const {
    if (t->kind == TermKind::Var) {
      if (auto op = free_primitive(t)) return primitive_function(*op, expected, t->loc);
      return nullptr;
    }
    if (t->kind != TermKind::App) return nullptr;
    const TermP& head = t->args[0];
    if (auto op = free_primitive(head)) return apply_primitive(*op, t->args[1], head->loc);
    if (head->kind == TermKind::App)
      if (auto op = free_primitive(head->args[0]); op && *op != PrimOp::Vec && !is_unary_elementwise(*op) &&
                                                   *op != PrimOp::Sum &&
                                                   !(is_array_second_set(*op) && prim_arity(*op) == 1))
        throw SourceError(head->args[0]->loc, curried_primitive_message(*op));
    return nullptr;
  }

  // `[e1, ..., en]` against a mu type: the rolls of a list (syntax/list_literal.hpp).
  TermP list_term(const TermP& t, const TypeP& expected) {
    const std::optional<ListShape> shape = list_shape(expected);
    if (!shape)
      throw SourceError(t->loc, "type mismatch: expected " + show(expected) +
                                    ", found a list literal; `[...]` stands for a list only at a "
                                    "type `mu l. < Nil : unit | Cons : t * l >` (or `< Last : t | "
                                    "Cons : t * l >`), any constructor names, or an array type");
    if (shape->non_empty && t->args.empty())
      throw SourceError(t->loc, "the non-empty list type " + show(expected) +
                                    " has no empty list: expected at least one element in `[]`");
    std::vector<TermP> elements;
    elements.reserve(t->args.size());
    for (const TermP& e : t->args) elements.push_back(check(e, shape->element));
    return build_list(expected, *shape, elements, t->loc);
  }

  // ---- variables and binders -----------------------------------------------------------
  TermP var_term(const TermP& t) {
    auto found = positions_.find(t->name);
    if (found != positions_.end() && !found->second.empty()) {
      const std::size_t i = found->second.back();  // the innermost binding
      auto c = copy(t, ctx_[i].second);
      c->index = int(ctx_.size() - 1 - i);
      return c;
    }
    throw SourceError(t->loc, "unbound variable `" + t->name + "`" + primitive_hint(t->name));
  }

  template <class F>
  TermP under(const std::string& name, const TypeP& type, F f) {
    std::vector<std::size_t>& positions = positions_[name];
    positions.push_back(ctx_.size());
    ctx_.emplace_back(name, type);
    auto leave = [&] {
      ctx_.pop_back();
      positions.pop_back();
    };
    try {
      TermP r = f();
      leave();
      return r;
    } catch (...) {
      leave();
      throw;
    }
  }

  TermP let_term(const TermP& t, const TypeP& expected) {
    TermP bound = infer(t->args[0]);
    TermP body = under(t->name, bound->type, [&] { return check_or_infer(t->args[1], expected); });
    auto c = copy(t, body->type);
    c->args = {bound, body};
    return c;
  }

  TermP lambda_term(const TermP& t, const TypeP& expected) {
    if (expected && !type_equal(expected->left, t->annot))
      throw SourceError(t->loc, "type mismatch: the parameter `" + t->name + "` is annotated " +
                                    show(t->annot) + ", but the expected function type " +
                                    show(expected) + " takes " + show(expected->left));
    TermP body = under(t->name, t->annot, [&] {
      return expected ? check(t->args[0], expected->right) : infer(t->args[0]);
    });
    auto c = copy(t, arrow_type(t->annot, body->type));
    c->args = {body};
    return c;
  }

  TermP app_term(const TermP& t) {
    TermP f = infer(t->args[0]);
    if (f->type->kind != TypeKind::Arrow)
      throw SourceError(t->args[0]->loc, "expected a function to apply, found " + show(f->type) +
                                             " for `" + excerpt(t->args[0]) + "`");
    TermP x = check(t->args[1], f->type->left);
    auto c = copy(t, f->type->right);
    c->args = {f, x};
    return c;
  }

  // ---- products ------------------------------------------------------------------------
  TermP pair_term(const TermP& t, const TypeP& expected) {
    TermP a = expected ? check(t->args[0], expected->left) : infer(t->args[0]);
    TermP b = expected ? check(t->args[1], expected->right) : infer(t->args[1]);
    auto c = copy(t, prod_type(a->type, b->type));
    c->args = {a, b};
    return c;
  }

  TermP projection_term(const TermP& t) {
    TermP p = infer(t->args[0]);
    if (p->type->kind != TypeKind::Prod)
      throw SourceError(t->loc, std::string("expected a pair for `") +
                                    (t->kind == TermKind::Fst ? "fst" : "snd") + "`, found " +
                                    show(p->type));
    auto c = copy(t, t->kind == TermKind::Fst ? p->type->left : p->type->right);
    c->args = {p};
    return c;
  }

  // ---- sums ----------------------------------------------------------------------------
  TermP inject_term(const TermP& t, const TypeP& expected) {
    if (!expected) needs_type(t, "the constructor `" + t->name + "`", primitive_hint(t->name));
    if (expected->kind != TypeKind::Sum)
      throw SourceError(t->loc, "type mismatch: expected " + show(expected) +
                                    ", found the constructor `" + t->name + "` of a sum type");
    int tag = expected->ctor_index(t->name);
    if (tag < 0)
      throw SourceError(t->loc, "the sum type " + show(expected) + " has no constructor `" +
                                    t->name + "`" + primitive_hint(t->name));
    TermP payload = check(t->args[0], expected->ctors[tag].type);
    auto c = copy(t, expected);
    c->index = tag;
    c->args = {payload};
    return c;
  }

  TermP case_term(const TermP& t, const TypeP& expected) {
    TermP scrutinee = infer(t->args[0]);
    const TypeP& sum = scrutinee->type;
    if (sum->kind != TypeKind::Sum)
      throw SourceError(t->args[0]->loc, "expected a value of a sum type to `case` on, found " +
                                             show(sum));
    std::set<std::string> seen;
    for (const Branch& b : t->branches) {
      if (sum->ctor_index(b.ctor) < 0)
        throw SourceError(b.loc, "the sum type " + show(sum) + " has no constructor `" + b.ctor + "`");
      if (!seen.insert(b.ctor).second)
        throw SourceError(b.loc, "the constructor `" + b.ctor + "` has two branches in this case");
    }
    for (const Constructor& ctor : sum->ctors)
      if (!seen.count(ctor.name))
        throw SourceError(t->loc, "this case is missing the branch for constructor `" + ctor.name +
                                      "` of " + show(sum));
    auto branch_type = [&](const Branch& b) { return sum->ctors[sum->ctor_index(b.ctor)].type; };
    TypeP result = expected;
    std::vector<TermP> bodies(t->branches.size());
    if (!result) {
      // Infer from the first branch that can be inferred; the others are checked against it
      // (the inferred body is kept, not checked again, so nested cases stay linear).
      std::exception_ptr first_failure;
      for (std::size_t i = 0; i < t->branches.size() && !result; ++i) {
        const Branch& b = t->branches[i];
        try {
          bodies[i] = under(b.var, branch_type(b), [&] { return infer(b.body); });
          result = bodies[i]->type;
        } catch (const NeedsExpectedType&) {
          if (!first_failure) first_failure = std::current_exception();
        }
      }
      if (!result) std::rethrow_exception(first_failure);
    }
    auto c = copy(t, result);
    c->args = {scrutinee};
    for (std::size_t i = 0; i < c->branches.size(); ++i) {
      Branch& b = c->branches[i];
      if (!bodies[i]) bodies[i] = under(b.var, branch_type(b), [&] { return check(b.body, result); });
      b.body = bodies[i];
      b.tag = sum->ctor_index(b.ctor);
    }
    return c;
  }

  // ---- inductive and coinductive types ---------------------------------------------------
  TermP roll_term(const TermP& t, const TypeP& expected) {
    if (!expected) needs_type(t, "`roll`");
    if (expected->kind != TypeKind::Mu)
      throw SourceError(t->loc, "type mismatch: expected " + show(expected) +
                                    ", found `roll`, which builds a value of a `mu` type");
    TermP payload = check(t->args[0], unroll_type(expected));
    auto c = copy(t, expected);
    c->args = {payload};
    return c;
  }

  TermP fold_term(const TermP& t, const TypeP& expected) {
    TermP scrutinee = infer(t->args[0]);
    const TypeP& mu = scrutinee->type;
    if (mu->kind != TypeKind::Mu)
      throw SourceError(t->args[0]->loc, "expected a value of a `mu` type to fold, found " + show(mu));
    if (!expected) needs_type(t, "`fold`");
    TypeP node = substitute(mu->body, mu->var, expected);
    TermP body = under(t->name, node, [&] { return check(t->args[1], expected); });
    auto c = copy(t, expected);
    c->args = {scrutinee, body};
    return c;
  }

  TermP unroll_term(const TermP& t) {
    TermP value = infer(t->args[0]);
    if (value->type->kind != TypeKind::Nu)
      throw SourceError(t->loc, "expected a value of a `nu` type to unroll, found " + show(value->type));
    auto c = copy(t, unroll_type(value->type));
    c->args = {value};
    return c;
  }

  TermP unfold_term(const TermP& t, const TypeP& expected) {
    if (!expected) needs_type(t, "`unfold`");
    if (expected->kind != TypeKind::Nu)
      throw SourceError(t->loc, "type mismatch: expected " + show(expected) +
                                    ", found `unfold`, which builds a value of a `nu` type");
    TermP seed = infer(t->args[0]);
    TypeP step = substitute(expected->body, expected->var, seed->type);
    TermP body = under(t->name, seed->type, [&] { return check(t->args[1], step); });
    auto c = copy(t, expected);
    c->args = {seed, body};
    return c;
  }

  // ---- arrays and primitives --------------------------------------------------------------
  TermP array_term(const TermP& t) {
    if (t->args.empty())
      throw NeedsExpectedType(t->loc, "expected an array element: arrays have at least one "
                                      "element (`[]` is the empty list where a list type is "
                                      "expected from context)");
    TermArgs elements;
    TypeP element_type;
    for (const TermP& e : t->args) {
      TermP typed = element_type ? check(e, element_type) : infer(e);
      if (!element_type) {
        if (typed->type->kind != TypeKind::Real)
          throw SourceError(e->loc, "expected a real or an array as an array element, found " + show(typed->type));
        element_type = typed->type;
      }
      elements.push_back(typed);
    }
    std::vector<int> shape = {int(elements.size())};
    for (int s : element_type->shape) shape.push_back(s);
    auto c = copy(t, real_type(shape));
    c->args = std::move(elements);
    return c;
  }

  TermP real_operand(const TermP& t, const char* prim, const TypeP& expected = nullptr) {
    TermP typed = expected ? check(t, expected) : infer(t);
    if (typed->type->kind != TypeKind::Real)
      throw SourceError(t->loc, std::string("expected a real or an array for `") + prim +
                                    "`, found " + show(typed->type));
    return typed;
  }

  // The number of operands of `op`; -1 for `vec` (one or more).
  static int prim_arity(PrimOp op) {
    switch (op) {
      case PrimOp::Vec: return -1;
      case PrimOp::Add: case PrimOp::Sub: case PrimOp::Mul: case PrimOp::Div:
      case PrimOp::Dot: case PrimOp::Matvec: case PrimOp::Scale: case PrimOp::Lt: case PrimOp::Gt:
      case PrimOp::Pow: case PrimOp::Atan2: case PrimOp::Hypot: case PrimOp::Max: case PrimOp::Min:
        return 2;
      case PrimOp::Matmul: case PrimOp::Outer: return 2;
      default: return 1;
    }
  }

  // `hint`: the expected type when it is a Real type (else null); pushed into the operands of
  // the primitives whose result has their shape, so that e.g. two folds can be added.
  TermP prim_term(const TermP& t, const TypeP& hint) {
    const char* name = prim_name(t->op);
    int arity = prim_arity(t->op);
    if (arity >= 0 ? int(t->args.size()) != arity : t->args.empty())
      throw SourceError(t->loc, std::string("`") + name + "` takes " +
                                    (arity >= 0 ? std::to_string(arity) : "at least 1") +
                                    (arity == 1 ? " argument" : " arguments") + ", found " +
                                    std::to_string(t->args.size()));
    auto c = copy(t, nullptr);
    auto& args = c->args;
    auto shape_error = [&](const std::string& wanted, const TermP& at) {
      std::string found;
      for (std::size_t i = 0; i < args.size(); ++i) found += (i ? " and " : "") + show(args[i]->type);
      throw SourceError(at->loc, std::string("`") + name + "` expects " + wanted + ", found " + found);
    };
    switch (t->op) {
      case PrimOp::Pow: case PrimOp::Atan2: case PrimOp::Hypot: case PrimOp::Max: case PrimOp::Min:
      case PrimOp::Add: case PrimOp::Sub: case PrimOp::Mul: case PrimOp::Div: {
        TermP left, right;
        try {
          if (hint) {
            left = real_operand(t->args[0], name, hint);
            right = real_operand(t->args[1], name, hint);
          } else {
            try {  // infer the left operand, check the right one against it
              left = real_operand(t->args[0], name);
              right = real_operand(t->args[1], name, left->type);
            } catch (const NeedsExpectedType&) {  // or the other way round
              right = real_operand(t->args[1], name);
              left = real_operand(t->args[0], name, right->type);
            }
          }
        } catch (const SourceError& e) {  // `2 * v` on an array: an operand of another shape
          const auto at = [&](const Loc& l) { return e.loc().file == l.file && e.loc().line == l.line && e.loc().col == l.col; };
          const bool operand = at(t->args[0]->loc) || at(t->args[1]->loc);
          if (!operand || (t->op != PrimOp::Mul && t->op != PrimOp::Div) ||
              e.message().rfind("type mismatch", 0) != 0)
            throw;
          std::string message = e.message();
          message.append(" (`").append(name).append(
              "` is elementwise on operands of one shape; to multiply an array by a real, write `scale(r, v)`)");
          throw SourceError(e.loc(), message);
        }
        args = {left, right};
        c->type = left->type;
        return c;
      }
      case PrimOp::Lt: case PrimOp::Gt:
        args = {check(t->args[0], real_type()), check(t->args[1], real_type())};
        c->type = bool_type();
        return c;
      case PrimOp::Sum:
        args = {real_operand(t->args[0], name)};
        c->type = real_type();
        return c;
      case PrimOp::Dot:
        args = {real_operand(t->args[0], name), real_operand(t->args[1], name)};
        if (args[0]->type->shape.size() != 1 || !type_equal(args[0]->type, args[1]->type))
          shape_error("two vectors of the same length `real[n] * real[n]`", t);
        c->type = real_type();
        return c;
      case PrimOp::Matvec:
        args = {real_operand(t->args[0], name), real_operand(t->args[1], name)};
        if (args[0]->type->shape.size() != 2 || args[1]->type->shape.size() != 1 ||
            args[0]->type->shape[1] != args[1]->type->shape[0])
          shape_error("a matrix and a vector `real[m, n] * real[n]`", t);
        c->type = real_type({args[0]->type->shape[0]});
        return c;
      case PrimOp::Scale:
        args = {check(t->args[0], real_type()), real_operand(t->args[1], name, hint)};
        c->type = args[1]->type;
        return c;
      case PrimOp::Get:
        args = {real_operand(t->args[0], name)};
        if (args[0]->type->shape.size() != 1) shape_error("a vector `real[n]`", t);
        if (t->index < 0 || t->index >= args[0]->type->shape[0])
          throw SourceError(t->loc, "`get` index " + std::to_string(t->index) +
                                        " is out of range for " + show(args[0]->type) +
                                        ": expected 0 <= index < " +
                                        std::to_string(args[0]->type->shape[0]));
        c->type = real_type();
        return c;
      case PrimOp::Vec:
        args.clear();
        for (const TermP& e : t->args) args.push_back(check(e, real_type()));
        c->type = real_type({int(args.size())});
        return c;
      case PrimOp::Mean: case PrimOp::Prod: case PrimOp::Logsumexp: case PrimOp::Softmax:
      case PrimOp::Norm: case PrimOp::Cumsum: case PrimOp::Matmul: case PrimOp::Transpose:
      case PrimOp::Outer: {  // syntax/array_primitive_types.hpp
        args.clear();
        std::vector<TypeP> types;
        for (const TermP& e : t->args) types.push_back(args.emplace_back(real_operand(e, name))->type);
        c->type = array_second_set_result_type(t->op, types);
        if (!c->type) shape_error(array_second_set_expects(t->op), t);
        return c;
      }
      case PrimOp::PowInt:  // x ^ n, elementwise; the exponent checked by the parser and make_prim
        args = {real_operand(t->args[0], name, hint)};
        c->type = args[0]->type;
        return c;
      default:  // Neg and the unary functions
        CHAD_INTERNAL_ASSERT(is_unary_elementwise(t->op), "unknown primitive");
        args = {real_operand(t->args[0], name, hint)};
        c->type = args[0]->type;
        return c;
    }
  }

  Context ctx_;
  // Where each name is bound in ctx_, innermost last: a variable is found in constant time
  // however deep the context (a scan from the top made n nested lets quadratic to check).
  std::unordered_map<std::string, std::vector<std::size_t>> positions_;
};

}  // namespace

TermP check_term(const Context& ctx, const TermP& term, const TypeP& expected) {
  return Checker(ctx).check(term, expected);
}

TermP infer_term(const Context& ctx, const TermP& term) { return Checker(ctx).infer(term); }

}  // namespace chad
