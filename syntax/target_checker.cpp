// One function per target former, dispatched on the node kind; the source formers that occur
// in CHAD's output (everything but fold and unfold) are typed as the source checker does,
// with the types CHAD wrote in `annot`.
#include "syntax/target_checker.hpp"

#include <functional>
#include <unordered_map>

#include "syntax/array_primitive_types.hpp"
#include "syntax/chad_types.hpp"
#include "syntax/context_components.hpp"
#include "syntax/printer.hpp"

namespace chad {

TypeP primitive_result_type(PrimOp op, const std::vector<TypeP>& a, int index) {
  for (const auto& t : a)
    if (t->kind != TypeKind::Real) return nullptr;
  auto same = [&] { return a.size() == 2 && type_equal(a[0], a[1]); };
  switch (op) {
    case PrimOp::Add: case PrimOp::Sub: case PrimOp::Mul: case PrimOp::Div:
      return same() ? a[0] : nullptr;
    case PrimOp::Pow: case PrimOp::Atan2: case PrimOp::Hypot: case PrimOp::Max: case PrimOp::Min:
      return same() ? a[0] : nullptr;
    case PrimOp::PowInt: return a.size() == 1 && index >= 0 && index <= kMaxPowIntExponent ? a[0] : nullptr;
    case PrimOp::Lt: case PrimOp::Gt:
      return a.size() == 2 && a[0]->shape.empty() && a[1]->shape.empty() ? bool_type() : nullptr;
    case PrimOp::Sum: return a.size() == 1 ? real_type() : nullptr;
    case PrimOp::Dot: return same() && a[0]->shape.size() == 1 ? real_type() : nullptr;
    case PrimOp::Matvec:
      return a.size() == 2 && a[0]->shape.size() == 2 && a[1]->shape.size() == 1 &&
                     a[0]->shape[1] == a[1]->shape[0]
                 ? real_type({a[0]->shape[0]})
                 : nullptr;
    case PrimOp::Scale: return a.size() == 2 && a[0]->shape.empty() ? a[1] : nullptr;
    case PrimOp::Get:
      return a.size() == 1 && a[0]->shape.size() == 1 && index >= 0 && index < a[0]->shape[0]
                 ? real_type()
                 : nullptr;
    case PrimOp::Vec: {
      for (const auto& t : a)
        if (!t->shape.empty()) return nullptr;
      return a.empty() ? nullptr : real_type({int(a.size())});
    }
    case PrimOp::Mean: case PrimOp::Prod: case PrimOp::Logsumexp: case PrimOp::Softmax:
    case PrimOp::Norm: case PrimOp::Cumsum: case PrimOp::Matmul: case PrimOp::Transpose:
    case PrimOp::Outer:
      return array_second_set_result_type(op, a);
    default: return a.size() == 1 ? a[0] : nullptr;  // Neg and the unary functions
  }
}

int context_fingerprint(const TypeP& context_tangent) {
  return int(context_tangent->structure_hash & 0x3fffffff);
}

namespace {

class TargetChecker {
 public:
  explicit TargetChecker(Context ctx) : ctx_(std::move(ctx)) {
    for (std::size_t i = 0; i < ctx_.size(); ++i) positions_[ctx_[i].first].push_back(i);
  }

  TermP infer(const TermP& t) {
    switch (t->kind) {
      case TermKind::Var: return var(t);
      case TermKind::Literal: return typed(t, {}, real_type());
      case TermKind::ArrayLit: return array(t);
      case TermKind::Unit: return typed(t, {}, unit_type());
      case TermKind::Pair: {
        auto args = infer_all(t);
        return typed(t, args, prod_type(args[0]->type, args[1]->type));
      }
      case TermKind::Fst:
      case TermKind::Snd: {
        auto args = infer_all(t);
        expect_kind(args[0], TypeKind::Prod, "a pair");
        return typed(t, args, t->kind == TermKind::Fst ? args[0]->type->left : args[0]->type->right);
      }
      case TermKind::Let: {
        TermP bound = infer(t->args[0]);
        TermP body = under(t->name, bound->type, t->args[1]);
        return typed(t, {bound, body}, body->type);
      }
      case TermKind::Lambda: {
        TermP body = under(t->name, t->annot, t->args[0]);
        return typed(t, {body}, arrow_type(t->annot, body->type));
      }
      case TermKind::App: {
        auto args = infer_all(t);
        expect_kind(args[0], TypeKind::Arrow, "a function");
        expect(args[1], args[0]->type->left);
        return typed(t, args, args[0]->type->right);
      }
      case TermKind::Inject: return inject(t);
      case TermKind::Case: return case_term(t);
      case TermKind::Roll:
      case TermKind::LinRoll: {
        auto args = infer_all(t);
        bool fixpoint = t->annot && (t->annot->kind == TypeKind::Mu || t->annot->kind == TypeKind::Nu);
        if (!fixpoint || (t->kind == TermKind::Roll && t->annot->kind != TypeKind::Mu))
          fail(t, "roll without its mu type");
        expect(args[0], unroll_type(t->annot));
        return typed(t, args, t->annot);
      }
      case TermKind::Unroll:
      case TermKind::LinUnroll: {
        auto args = infer_all(t);
        const auto k = args[0]->type->kind;
        if (k != TypeKind::Nu && (t->kind == TermKind::Unroll || k != TypeKind::Mu))
          fail(t, "unroll of " + print_type(args[0]->type));
        return typed(t, args, unroll_type(args[0]->type));
      }
      case TermKind::Ascribe: {
        auto args = infer_all(t);
        expect(args[0], t->annot);
        return typed(t, args, t->annot);
      }
      case TermKind::Prim: return prim(t);
      case TermKind::Fold:
      case TermKind::Unfold: fail(t, "a source fold / unfold in CHAD's output");
      case TermKind::LinLambda: {
        TermP body = under(t->name, t->annot, t->args[0]);
        return typed(t, {body}, lin_arrow_type(t->annot, body->type));
      }
      case TermKind::LinApp: {
        auto args = infer_all(t);
        expect_kind(args[0], TypeKind::LinArrow, "a linear function");
        expect(args[1], args[0]->type->left);
        return typed(t, args, args[0]->type->right);
      }
      case TermKind::Zero: return typed(t, {}, t->annot);
      case TermKind::ZeroOf: return typed(t, infer_all(t), t->annot);
      case TermKind::LinAdd: {
        auto args = infer_all(t);
        expect(args[1], args[0]->type);
        return typed(t, args, args[0]->type);
      }
      case TermKind::PrimFwd:
      case TermKind::PrimRev: return prim_derivative(t);
      case TermKind::CopowerUnit: {
        auto args = infer_all(t);
        return typed(t, args, copower_type(args[0]->type, args[1]->type));
      }
      case TermKind::CopowerFold: {
        auto args = infer_all(t);
        expect_kind(args[0], TypeKind::Copower, "a copower");
        const TypeP& w = args[0]->type;
        expect_kind(args[1], TypeKind::Arrow, "a function");
        const TypeP& f = args[1]->type;
        if (!type_equal(f->left, w->left) || f->right->kind != TypeKind::LinArrow ||
            !type_equal(f->right->left, w->right))
          fail(t, "copower-fold of " + print_type(w) + " with " + print_type(f));
        return typed(t, args, f->right->right);
      }
      case TermKind::SumTangentIn:
      case TermKind::SumTangentOut: {
        auto args = infer_all(t);
        const TypeP& components = t->annot;
        if (!components || components->kind != TypeKind::Sum || t->index < 0 ||
            t->index >= int(components->ctors.size()))
          fail(t, "sum (co)tangent without its components");
        TypeP sum = sum_tangent_type(components, t->sums);
        TypeP part = components->ctors[t->index].type;
        bool in = t->kind == TermKind::SumTangentIn;
        expect(args[0], in ? part : sum);
        return typed(t, args, in ? sum : part);
      }
      case TermKind::ArrayRow: {
        auto args = infer_all(t);
        const TypeP& a = args[0]->type;
        if (a->kind != TypeKind::Real || a->shape.empty() || t->index < 0 || t->index >= a->shape[0])
          fail(t, "a row of " + print_type(a));
        return typed(t, args, real_type(std::vector<int>(a->shape.begin() + 1, a->shape.end())));
      }
      case TermKind::CtxProj: {
        auto args = infer_all(t);
        return typed(t, args, context_component(t, args[0]->type));
      }
      case TermKind::CtxOneHot: {
        auto args = infer_all(t);
        expect(args[0], context_component(t, t->annot));
        return typed(t, args, t->annot);
      }
      case TermKind::FwdFold:
      case TermKind::RevFold:
      case TermKind::FwdUnfold:
      case TermKind::RevUnfold: return recursion(t);
      case TermKind::EnvPack:
      case TermKind::EnvUnpack: return env_pack_or_unpack(t);
    }
    fail(t, "unknown term kind");
  }

 private:
  [[noreturn]] static void fail(const TermP& t, const std::string& what) {
    std::string s = print_term(t);
    if (s.size() > 200) s = s.substr(0, 197) + "...";
    throw TargetTypeError(what + " in `" + s + "`");
  }

  static void expect(const TermP& typed_term, const TypeP& wanted) {
    if (!type_equal(typed_term->type, wanted))
      fail(typed_term, "expected " + print_type(wanted) + ", found " + print_type(typed_term->type));
  }

  static void expect_kind(const TermP& typed_term, TypeKind kind, const char* what) {
    if (typed_term->type->kind != kind)
      fail(typed_term, std::string("expected ") + what + ", found " + print_type(typed_term->type));
  }

  static TermP typed(const TermP& t, TermArgs args, TypeP type) {
    auto c = std::make_shared<Term>(*t);
    c->args = std::move(args);
    c->type = std::move(type);
    return c;
  }

  TermArgs infer_all(const TermP& t) {
    TermArgs args;
    args.reserve(t->args.size());
    for (const TermP& a : t->args) args.push_back(infer(a));
    return args;
  }

  TermP under(const std::string& name, const TypeP& type, const TermP& body) {
    if (!type) fail(body, "a binder `" + name + "` without a type");
    std::vector<std::size_t>& at = positions_[name];
    at.push_back(ctx_.size());
    ctx_.emplace_back(name, type);
    TermP r = infer(body);
    ctx_.pop_back();
    positions_[name].pop_back();
    return r;
  }

  // The innermost binding of the name, found through positions_ (a scan of the context from the
  // inside out made a variable bound far out, a let chain's parameter, cost O(depth)).
  TermP var(const TermP& t) {
    auto it = positions_.find(t->name);
    if (it == positions_.end() || it->second.empty()) fail(t, "unbound variable `" + t->name + "`");
    const std::size_t i = it->second.back();
    auto c = std::make_shared<Term>(*t);
    c->type = ctx_[i].second;
    c->index = int(ctx_.size() - 1 - i);
    return c;
  }

  TermP array(const TermP& t) {
    auto args = infer_all(t);
    if (args.empty() || args[0]->type->kind != TypeKind::Real) fail(t, "a bad array literal");
    for (const auto& a : args) expect(a, args[0]->type);
    std::vector<int> shape = {int(args.size())};
    for (int s : args[0]->type->shape) shape.push_back(s);
    return typed(t, args, real_type(shape));
  }

  TermP inject(const TermP& t) {
    auto args = infer_all(t);
    const TypeP& sum = t->annot;
    int tag = sum && sum->kind == TypeKind::Sum ? sum->ctor_index(t->name) : -1;
    if (tag < 0) fail(t, "an injection without its sum type");
    expect(args[0], sum->ctors[tag].type);
    auto c = std::const_pointer_cast<Term>(typed(t, args, sum));
    c->index = tag;
    return c;
  }

  TermP case_term(const TermP& t) {
    TermP scrutinee = infer(t->args[0]);
    const TypeP& sum = scrutinee->type;
    if (sum->kind != TypeKind::Sum || sum->lifted || t->branches.size() != sum->ctors.size())
      fail(t, "case on " + print_type(sum));
    auto c = std::const_pointer_cast<Term>(typed(t, {scrutinee}, nullptr));
    for (Branch& b : c->branches) {
      b.tag = sum->ctor_index(b.ctor);
      if (b.tag < 0) fail(t, "a branch for an unknown constructor " + b.ctor);
      b.body = under(b.var, sum->ctors[b.tag].type, b.body);
      if (!c->type) c->type = b.body->type;
      expect(b.body, c->type);
    }
    return c;
  }

  static std::vector<TypeP> types_of(const TermArgs& args, std::size_t from,
                                     std::size_t to) {
    std::vector<TypeP> types;
    for (std::size_t i = from; i < to; ++i) types.push_back(args[i]->type);
    return types;
  }

  TermP prim(const TermP& t) {
    auto args = infer_all(t);
    TypeP result = primitive_result_type(t->op, types_of(args, 0, args.size()), t->index);
    if (!result) fail(t, std::string("bad operands for ") + prim_name(t->op));
    return typed(t, args, result);
  }

  // PrimFwd: op'(x1..xk; dx1..dxk), dxi of xi's type; PrimRev: op^T(x1..xk; v), giving the
  // tuple of the xi's types. A comparison's (co)tangent is that of bool.
  TermP prim_derivative(const TermP& t) {
    auto args = infer_all(t);
    const bool fwd = t->kind == TermKind::PrimFwd;
    const std::size_t k = fwd ? args.size() / 2 : args.size() - 1;
    std::vector<TypeP> primals = types_of(args, 0, k);
    TypeP result = primitive_result_type(t->op, primals, t->index);
    if (!result || (fwd && args.size() != 2 * k)) fail(t, "bad operands for a primitive derivative");
    if (t->op == PrimOp::Lt || t->op == PrimOp::Gt)
      result = tangent_type(result, fwd ? ChadMode::Forward : ChadMode::Reverse, t->sums);
    if (fwd) {
      for (std::size_t i = 0; i < k; ++i) expect(args[k + i], primals[i]);
      return typed(t, args, result);
    }
    expect(args[k], result);
    return typed(t, args, tuple_type(primals));
  }

  // The component at de Bruijn index t->index of a context (co)tangent type
  // ((unit * T1) * ...) * Tn.
  // ((unit * T1) * ...) * Tn. O(log n) (syntax/context_components.hpp): a walk of the left spine
  // per variable made CHAD's output check quadratic in the length of a let chain.
  TypeP context_component(const TermP& t, const TypeP& context) {
    TypeP c = components_.component(context, t->index);
    if (!c) fail(t, "a context (co)tangent index out of range");
    return c;
  }

  // The folds and unfolds of CHAD's output; `annot` is the source fold's `mu a.F -> S` or the
  // source unfold's `S -> nu a.F`. In context G, x, the body is D(s); see term.hpp.
  TermP recursion(const TermP& t) {
    const bool fwd = t->kind == TermKind::FwdFold || t->kind == TermKind::FwdUnfold;
    const bool fold = t->kind == TermKind::FwdFold || t->kind == TermKind::RevFold;
    const ChadMode mode = fwd ? ChadMode::Forward : ChadMode::Reverse;
    const TypeP& source = t->annot;
    if (!source || source->kind != TypeKind::Arrow) fail(t, "a recursion without its source type");
    const TypeP fixpoint = fold ? source->left : source->right;
    const TypeP carrier = fold ? source->right : source->left;
    const TypeP node = substitute(fixpoint->body, fixpoint->var, carrier);  // F[S / a]
    auto P = [&](const TypeP& s) { return primal_type(s, mode, t->sums, t->functions); };
    auto T = [&](const TypeP& s) { return tangent_type(s, mode, t->sums, t->functions); };
    TermP start = infer(t->args[0]);
    expect(start, P(fold ? fixpoint : carrier));
    TermP body = under(t->name, P(fold ? node : carrier), t->args[1]);
    // The body's type: P(out) * (linear map), out = S (fold) or F[S/a] (unfold).
    const TypeP& bt = body->type;
    if (bt->kind != TypeKind::Prod || bt->right->kind != TypeKind::LinArrow)
      fail(body, "a recursion body that is not a primal and a derivative");
    const TypeP& d = bt->right;
    // Forward: D2(G, x) -o D2(out), D2(G, x) = D2(G) * D2(x's type);
    // reverse: R2(out) -o R2(G) * R2(x's type).
    const TypeP& ctx_pair = fwd ? d->left : d->right;
    if (ctx_pair->kind != TypeKind::Prod) fail(body, "a recursion body without its context");
    const TypeP& g = ctx_pair->left;
    TypeP out = fold ? carrier : node;
    TypeP x_tangent = T(fold ? node : carrier);
    TypeP expected_d = fwd ? lin_arrow_type(prod_type(g, x_tangent), T(out))
                           : lin_arrow_type(T(out), prod_type(g, x_tangent));
    expect(body, prod_type(P(out), expected_d));
    // The result: P(S) * (D2(G) * D2(mu) -o D2(S)) and so on (term.hpp).
    TypeP result_d;
    if (fold)
      result_d = fwd ? lin_arrow_type(prod_type(g, T(fixpoint)), T(carrier))
                     : lin_arrow_type(T(carrier), prod_type(g, T(fixpoint)));
    else
      result_d = fwd ? lin_arrow_type(prod_type(g, T(carrier)), T(fixpoint))
                     : lin_arrow_type(T(fixpoint), prod_type(g, T(carrier)));
    return typed(t, {start, body}, prod_type(P(fold ? carrier : fixpoint), result_d));
  }

  // pack_G l : env for l : R2(G) / D2(G) (= annot), and unpack_G e : annot for e : env. The
  // node's index becomes the fingerprint of G's (co)tangent type, which the evaluator compares
  // (target_semantics/evaluate_target.cpp) so that unpacking another context's environment is caught.
  TermP env_pack_or_unpack(const TermP& t) {
    auto args = infer_all(t);
    if (!t->annot) fail(t, "an environment pack / unpack without its context type");
    const bool pack = t->kind == TermKind::EnvPack;
    if (pack)
      expect(args[0], t->annot);
    else
      expect_kind(args[0], TypeKind::Env, "a packed environment");
    auto c = std::const_pointer_cast<Term>(typed(t, args, pack ? env_type() : t->annot));
    c->index = context_fingerprint(t->annot);
    return c;
  }

  Context ctx_;
  std::unordered_map<std::string, std::vector<std::size_t>> positions_;  // name -> its positions in ctx_
  ContextComponents components_;
};

}  // namespace

TermP check_target(const Context& ctx, const TermP& term) { return TargetChecker(ctx).infer(term); }

}  // namespace chad
