#include "model/fibre.hpp"

#include "model/evaluation_fault.hpp"
#include "model/linear_values.hpp"
#include "model/scalar_list.hpp"
#include "model/target_dual_scalar_list.hpp"
#include "model/type_env.hpp"

namespace chad {
namespace {

template <class S>
ValueP<S> build(const Type* type, const Index& index, const std::vector<S>& coords,
                std::size_t& next, TypeEnv& env, SumsStrategy sums) {
  const Type* t = env.resolve(type);
  switch (index.kind) {
    case Index::Kind::Reals: {
      if (t->shape.empty()) return scalar_value<S>(coords[next++]);
      std::vector<S> data(coords.begin() + next, coords.begin() + next + index.reals);
      next += index.reals;
      return array_value<S>(t->shape, std::move(data));
    }
    case Index::Kind::Unit: return unit_value<S>();
    case Index::Kind::Pair: {
      ValueP<S> a = build<S>(t->left.get(), index.children[0], coords, next, env, sums);
      return pair_value<S>(a, build<S>(t->right.get(), index.children[1], coords, next, env, sums));
    }
    case Index::Kind::Inject: {
      ValueP<S> payload =
          build<S>(t->ctors[index.tag].type.get(), index.children[0], coords, next, env, sums);
      if (sums != SumsStrategy::Biproduct) return inject_value<S>(index.tag, payload);
      return biproduct_value<S>(t->ctors.size(), std::size_t(index.tag), payload);
    }
    case Index::Kind::Roll: {
      const std::size_t mark = env.mark();
      env.enter(t);
      ValueP<S> payload = build<S>(t->body.get(), index.children[0], coords, next, env, sums);
      env.restore(mark);
      return roll_value<S>(payload);
    }
  }
  CHAD_INTERNAL_ASSERT(false, "tangent_from_coords: unknown index kind");
}

template <class S>
void read(const Type* type, const Index& index, const ValueP<S>& v, std::vector<S>& out,
          TypeEnv& env, SumsStrategy sums) {
  if (v->kind == ValueKind::Zero) {
    out.insert(out.end(), index.dimension(), S(0));
    return;
  }
  const Type* t = env.resolve(type);
  switch (index.kind) {
    case Index::Kind::Reals:
      require_reals(*v, std::size_t(index.reals), "the (co)tangent read as coordinates");
      if (v->kind == ValueKind::Scalar)
        out.push_back(v->scalar);
      else
        out.insert(out.end(), v->extra->data.begin(), v->extra->data.end());
      return;
    case Index::Kind::Unit: return;
    case Index::Kind::Pair:
      require_kind(*v, ValueKind::Pair, "the (co)tangent read as coordinates");
      read<S>(t->left.get(), index.children[0], v->first, out, env, sums);
      read<S>(t->right.get(), index.children[1], v->second, out, env, sums);
      return;
    case Index::Kind::Inject: {
      const Type* payload_type = t->ctors[index.tag].type.get();
      if (sums != SumsStrategy::Biproduct) {
        require_kind(*v, ValueKind::Inject, "the (co)tangent read as coordinates");
        if (v->tag != index.tag) throw LiftedSumInconsistency(v->tag, index.tag);
        read<S>(payload_type, index.children[0], v->first, out, env, sums);
        return;
      }
      read<S>(payload_type, index.children[0], tuple_part<S>(v, std::size_t(index.tag), t->ctors.size()),
              out, env, sums);
      return;
    }
    case Index::Kind::Roll: {
      const std::size_t mark = env.mark();
      env.enter(t);
      const ValueP<S>& payload =
          v->kind == ValueKind::Lazy ? v->force()
                                     : require_kind(*v, ValueKind::Roll, "the (co)tangent read as coordinates").first;
      read<S>(t->body.get(), index.children[0], payload, out, env, sums);
      env.restore(mark);
      return;
    }
  }
}

}  // namespace

template <class S>
ValueP<S> tangent_from_coords(const TypeP& type, const Index& index, const std::vector<S>& coords,
                              SumsStrategy sums) {
  std::size_t next = 0;
  TypeEnv env;
  ValueP<S> v = build<S>(type.get(), index, coords, next, env, sums);
  CHAD_INTERNAL_ASSERT(next == coords.size(), "tangent_from_coords: coordinates left over");
  return v;
}

template <class S>
std::vector<S> coords_from_tangent(const TypeP& type, const Index& index, const ValueP<S>& tangent,
                                   SumsStrategy sums) {
  std::vector<S> out;
  TypeEnv env;
  read<S>(type.get(), index, tangent, out, env, sums);
  return out;
}

#define CHAD_INSTANTIATE_FIBRE(S)                                                              \
  template ValueP<S> tangent_from_coords<S>(const TypeP&, const Index&, const std::vector<S>&, \
                                            SumsStrategy);                                     \
  template std::vector<S> coords_from_tangent<S>(const TypeP&, const Index&, const ValueP<S>&, \
                                                 SumsStrategy);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_FIBRE)
CHAD_FOR_EACH_TARGET_DUAL_SCALAR(CHAD_INSTANTIATE_FIBRE)

}  // namespace chad
