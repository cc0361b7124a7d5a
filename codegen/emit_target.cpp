// CHAD's target formers (syntax/term.hpp; shared/spec/chad.md), emitted over the runtime's
// linear structure: every (co)tangent type has a cheap zero (chad_rt::zero), `+` is
// chad_rt::add, linear functions are closures whose null is the zero map, sums' (co)tangents
// follow the term's SumsStrategy (biproduct: tuples; lifted and zero-fn: chad_rt::Sum, whose
// tag -1 is zero).
#include "codegen/emitter.hpp"
#include "syntax/location.hpp"

namespace chad {
std::string Emitter::emit_target(const TermP& t) {
  const auto& a = t->args;
  switch (t->kind) {
    case TermKind::LinLambda: return symbolic_closure({t->name, t->annot, t->type->right, a[0], env});
    case TermKind::LinApp: {
      std::string f = emit_value(a[0]);
      if (can_inline(f)) return apply_inline(f, emit_value(a[1]));
      f = value_of(f);
      std::string x = emit_value(a[1]);
      if (std::string d = deferred_application(t->type, a[1]->type, f, x); !d.empty()) return d;
      x = value_of(x);
      const std::string call = owned_local("lapp", t->type, f + "(" + x + ")");
      lapps_[call] = LinearCall{t->type, f, x};
      return call;
    }
    case TermKind::Zero: return sparse_value({t->type, {}});
    case TermKind::ZeroOf: return bind("zero", t->type, "chad_rt::zero_at<" + type(t->type) + ">(" + emit(a[0]) + ")");
    case TermKind::LinAdd: {
      std::string x = emit_value(a[0]), y = emit_value(a[1]);
      if (fault == CodegenFault::DropLinearAddRight) return x;  // an injected fault
      if (is_deferred(x) && is_deferred(y)) return deferred_sum(t->type, x, y);
      if (!is_sparse(x)) x = value_of(x);
      if (!is_sparse(y)) y = value_of(y);
      if (is_sparse(x) && is_sparse(y)) return add_sparse(x, y);
      if (is_sparse(x)) return add_into(t->type, y, x, true);
      if (is_sparse(y)) return add_into(t->type, x, y, false);
      if (owned_.count(x) && x != y) {  // x's one user is this sum: y added into it in place
        line(accumulate_line(t->type, x, y));
        return x;
      }
      return owned_local("sum", t->type, "chad_rt::add<" + type(t->type) + ">(" + x + ", " + y + ")");
    }
    case TermKind::PrimFwd:
    case TermKind::PrimRev: return emit_prim_derivative(t);
    case TermKind::CopowerUnit: {
      std::string x = emit(a[0]), l = emit(a[1]);
      return bind("copower", t->type,
                  "chad_rt::copower_unit<" + type(a[0]->type) + ", " + type(a[1]->type) + ">(" + x + ", " + l + ")");
    }
    case TermKind::CopowerFold: {
      std::string w = emit(a[0]), f = emit(a[1]);
      return bind("cofold", t->type, "chad_rt::copower_fold<" + type(t->type) + ">(" + w + ", " + f + ")");
    }
    case TermKind::SumTangentIn: {
      std::string v = emit(a[0]);
      const std::size_t n = t->annot->ctors.size(), i = std::size_t(t->index);
      if (t->sums != SumsStrategy::Biproduct)
        return bind("embed", t->type, type(t->type) + "::template make<" + std::to_string(i) + ">(" + v + ")");
      return bind("embed", t->type, one_component_tuple(types(), t->type, n, i, v));
    }
    case TermKind::SumTangentOut: {
      std::string v = emit(a[0]);
      const std::size_t n = t->annot->ctors.size(), i = std::size_t(t->index);
      if (t->sums == SumsStrategy::Biproduct) return bind("component", t->type, tuple_component(v, i, n));
      return bind("component", t->type,
                  "chad_rt::sum_out<" + std::to_string(i) + ", " + type(t->type) + ">(" + v + ")");
    }
    case TermKind::EnvPack:
    case TermKind::EnvUnpack: return emit_env(t);
    case TermKind::LinRoll: return lin_roll(t->type, emit(a[0]));
    case TermKind::LinUnroll: return bind("lunroll", t->type, "chad_rt::lin_unroll(" + emit(a[0]) + ")");
    case TermKind::ArrayRow: {
      std::string v = emit(a[0]);
      const std::vector<int>& shape = a[0]->type->shape;
      const int row = shape_size(shape) / shape[0];
      if (shape.size() == 1) return bind("row", t->type, v + "(" + std::to_string(t->index) + ")");
      return bind("row", t->type,
                  type(t->type) + "(" + v + ".template segment<" + std::to_string(row) + ">(" +
                      std::to_string(row * t->index) + "))");
    }
    case TermKind::CtxProj: {
      std::string v = emit_value(a[0]);
      if (is_sparse(v)) return sparse_component(v, t->index, t->type);
      v = value_of(v);
      for (int i = 0; i < t->index; ++i) v += ".fst";
      return bind("dctx", t->type, v + ".snd");
    }
    case TermKind::CtxOneHot: {  // ((0, v), 0, ..., 0); v may stay deferred
      std::string v = emit_value(a[0]);
      if (!is_deferred(v)) v = value_of(v);
      return sparse_value({t->type, {{t->index, v}}});
    }
    case TermKind::FwdFold:
    case TermKind::RevFold:
    case TermKind::FwdUnfold:
    case TermKind::RevUnfold: return emit_recursion(t);
    default: break;
  }
  // Inject, Case, Pair, ... in target terms are source formers.
  return emit_source(t);
}

// The efficient functions strategy's packs (index: the context's fingerprint). An unpacked value
// is read where its pack holds it (chad_rt::env_view), and packing it or a part of it again
// points at that part (chad_rt::env_repack): nothing is copied.
std::string Emitter::emit_env(const TermP& t) {
  const std::string v = emit(t->args[0]), fingerprint = std::to_string(t->index), T = type(t->annot);
  if (t->kind == TermKind::EnvUnpack) {
    const std::string name = fresh("unpack");
    line("const " + T + "& " + name + " = chad_rt::env_view<" + T + ">(" + v + ", " + fingerprint + ");");
    note_local(name);
    pack_views_.insert(name);
    return name;
  }
  return bind("pack", t->type, pack_of(t, v));
}

bool Emitter::is_pack_view(const std::string& v) const {
  return names_a_local_or_part(v) && pack_views_.count(v.substr(0, v.find('.')));
}

std::string Emitter::pack_of(const TermP& pack, const std::string& v) {
  return std::string(is_pack_view(v) ? "chad_rt::env_repack<" : "chad_rt::env_pack<") + types_.name(pack->annot) +
         ">(" + v + ", " + std::to_string(pack->index) + ")";
}

// `cell += pack(v)` of a value packed afresh: chad_rt::accumulate_packed, which adds v into the
// cell's pack where it lies when the cell is lent (DeferredSum::call_lending), so that the node
// makes no pack of its own. A view packed again copies nothing: added as emit_env packs it.
void Emitter::accumulate_pack(const std::string& cell, const TermP& pack) {
  const std::string v = emit(pack->args[0]);
  if (is_pack_view(v) || fault == CodegenFault::AccumulateOverwrites)
    return line(accumulate_line(pack->type, cell, bind("pack", pack->type, pack_of(pack, v))));
  line("chad_rt::accumulate_packed<" + type(pack->annot) + ">(" + cell + ", " + v + ", " + std::to_string(pack->index) +
       ");");
}

}  // namespace chad
