#include "logrel/related_sample.hpp"

#include "model/fibre.hpp"
#include "model/linear_values.hpp"
#include "model/normal_form.hpp"
#include "model/scalar_list.hpp"
#include "model/value_printer.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

double pick(SampleRng& rng, std::initializer_list<double> values) {
  return values.begin()[rng() % values.size()];
}

bool mentions(const TypeP& t, const TypeP& fixpoint) {
  if (type_equal(t, fixpoint)) return true;
  if (t->left && mentions(t->left, fixpoint)) return true;
  if (t->right && mentions(t->right, fixpoint)) return true;
  for (const auto& c : t->ctors)
    if (mentions(c.type, fixpoint)) return true;
  return t->body && mentions(t->body, fixpoint);
}

// A random value of a data type; `depth` bounds the nesting of inductive values.
ValueP<double> random_data(const TypeP& t, SampleRng& rng, int depth) {
  switch (t->kind) {
    case TypeKind::Real: {
      if (t->shape.empty()) return scalar_value<double>(pick(rng, {-2, -1, -0.5, 0.5, 1, 1.5, 2, 3}));
      std::vector<double> data(std::size_t(t->real_count()));
      for (double& d : data) d = pick(rng, {-2, -1, -0.5, 0.5, 1, 1.5, 2, 3});
      return array_value<double>(t->shape, std::move(data));
    }
    case TypeKind::Unit: return unit_value<double>();
    case TypeKind::Prod: {
      ValueP<double> left = random_data(t->left, rng, depth);
      return pair_value<double>(std::move(left), random_data(t->right, rng, depth));
    }
    case TypeKind::Sum: {
      int tag = int(rng() % t->ctors.size());
      return inject_value<double>(tag, random_data(t->ctors[std::size_t(tag)].type, rng, depth));
    }
    case TypeKind::Mu: {
      TypeP unrolled = unroll_type(t);
      std::vector<int> allowed;
      for (std::size_t i = 0; i < unrolled->ctors.size(); ++i)
        if (depth > 0 || !mentions(unrolled->ctors[i].type, t)) allowed.push_back(int(i));
      if (allowed.empty()) allowed.push_back(0);
      int tag = allowed[rng() % allowed.size()];
      return roll_value<double>(
          inject_value<double>(tag, random_data(unrolled->ctors[std::size_t(tag)].type, rng, depth - 1)));
    }
    default: throw InternalError("random_data: not a data type");
  }
}

bool fixed_shape(const TypeP& t) {
  switch (t->kind) {
    case TypeKind::Real:
    case TypeKind::Unit: return true;
    case TypeKind::Prod: return fixed_shape(t->left) && fixed_shape(t->right);
    default: return false;
  }
}

template <class S>
std::vector<S> lift(const std::vector<double>& xs) {
  std::vector<S> out;
  for (double x : xs) out.push_back(ScalarTraits<S>::from_double(x));
  return out;
}

template <class S>
std::vector<Dual<S>> lift_dual(const std::vector<double>& xs, const std::vector<double>& dxs) {
  std::vector<Dual<S>> out;
  for (std::size_t i = 0; i < xs.size(); ++i)
    out.push_back({ScalarTraits<S>::from_double(xs[i]), ScalarTraits<S>::from_double(dxs[i])});
  return out;
}

template <class S>
S dot(const std::vector<S>& a, const std::vector<S>& b) {
  S total(0);
  for (std::size_t i = 0; i < a.size(); ++i) total = total + a[i] * b[i];
  return total;
}

std::string curve_text(const std::vector<double>& x, const std::vector<double>& dx) {
  std::string s;
  for (std::size_t i = 0; i < x.size(); ++i)
    s += (i ? ", " : "") + print_real(x[i]) + (dx[i] < 0 ? " - " : " + ") + print_real(std::fabs(dx[i])) + " r";
  return s;
}

template <class S>
std::optional<RelatedSample<S>> sample_data(const TypeP& type, SumsStrategy sums, SampleRng& rng) {
  NormalForm<double> point = normal_form<double>(type, random_data(type, rng, 2));
  std::vector<double> direction(point.coords.size());
  for (double& d : direction) d = pick(rng, {-1, -0.5, 0.5, 1, 2});
  RelatedSample<S> r = curve_through<S>(type, point, direction, sums);
  r.text = point.index.to_string() + " at (" + curve_text(point.coords, direction) + ")";
  return r;
}

// The contents of a sampled function's packed env (efficient functions strategy); another
// closure's env here is CHAD's fault.
template <class S>
const ValueP<S>& require_sample_env(const ValueP<S>& env) {
  require_kind(*env, ValueKind::Env, "a sampled function's environment (co)tangent");
  if (env->tag != kSampleFingerprint) throw EnvironmentInconsistency(env->tag, kSampleFingerprint);
  return env->first;
}

// a -> c(r) + M a, for A of fixed shape and B a data type.
template <class S>
std::optional<RelatedSample<S>> sample_affine(const TypeP& from, const TypeP& to, ChadMode mode,
                                              SumsStrategy sums, SampleRng& rng, FunctionsStrategy functions) {
  const Index from_index = normal_form<double>(from, random_data(from, rng, 0)).index;
  NormalForm<double> c = normal_form<double>(to, random_data(to, rng, 2));
  const std::size_t n = std::size_t(from_index.dimension()), m = c.coords.size();
  std::vector<double> dc(m);
  for (double& d : dc) d = pick(rng, {-1, -0.5, 0.5, 1, 2});
  std::vector<std::vector<double>> M(m, std::vector<double>(n));
  for (auto& row : M)
    for (double& e : row) e = pick(rng, {-2, -1, 0, 1, 2, 3});
  const Index to_index = c.index;
  auto apply_m = [M, n, m](const auto& x) {  // M x
    using T = typename std::decay_t<decltype(x)>::value_type;
    std::vector<T> y(m, T(ScalarTraits<T>::from_double(0)));
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = 0; j < n; ++j) y[i] = y[i] + ScalarTraits<T>::from_double(M[i][j]) * x[j];
    return y;
  };
  auto apply_mt = [M, n, m](const std::vector<S>& y) {  // M^T y
    std::vector<S> x(n, S(0));
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = 0; j < n; ++j) x[j] = x[j] + ScalarTraits<S>::from_double(M[i][j]) * y[i];
    return x;
  };
  RelatedSample<S> r;
  const std::vector<Dual<S>> c_dual = lift_dual<S>(c.coords, dc);
  r.source = closure_value<Dual<S>>([=](const ValueP<Dual<S>>& a) {
    std::vector<Dual<S>> y = apply_m(normal_form<Dual<S>>(from, a).coords);
    for (std::size_t i = 0; i < m; ++i) y[i] = y[i] + c_dual[i];
    return rebuild<Dual<S>>(to, to_index, y);
  });
  const std::vector<S> c0 = lift<S>(c.coords), dcs = lift<S>(dc);
  // The function's own tangent along the curve: every argument moves its result by dc.
  ValueP<S> dc_value = tangent_from_coords<S>(to, to_index, dcs, sums);
  const bool efficient = functions == FunctionsStrategy::Efficient;
  r.primal = closure_value<S>([=](const ValueP<S>& a) {
    std::vector<S> y = apply_m(normal_form<S>(from, a).coords);
    for (std::size_t i = 0; i < m; ++i) y[i] = y[i] + c0[i];
    auto forward = [=](const ValueP<S>& da) {
      return tangent_from_coords<S>(to, to_index, apply_m(coords_from_tangent<S>(from, from_index, da, sums)), sums);
    };
    auto reverse = [=](const ValueP<S>& cb) {
      return tangent_from_coords<S>(from, from_index, apply_mt(coords_from_tangent<S>(to, to_index, cb, sums)), sums);
    };
    ValueP<S> linear;
    if (!efficient)
      linear = mode == ChadMode::Forward ? closure_value<S>(forward) : closure_value<S>(reverse);
    else if (mode == ChadMode::Forward)  // (env, da) -> the env's dc + M da
      linear = closure_value<S>([=](const ValueP<S>& p) -> ValueP<S> {
        if (p->kind == ValueKind::Zero) return p;
        const bool moved = p->first->kind != ValueKind::Zero;
        return add_linear<S>(moved ? require_sample_env<S>(p->first) : zero_value<S>(), forward(p->second));
      });
    else  // cb -> (M^T cb, the env holding cb)
      linear = closure_value<S>([=](const ValueP<S>& cb) {
        return pair_value<S>(reverse(cb), env_value<S>(kSampleFingerprint, cb));
      });
    return pair_value<S>(rebuild<S>(to, to_index, y), std::move(linear));
  });
  if (efficient) {
    r.tangent = env_value<S>(kSampleFingerprint, dc_value);
    r.pair = [=](const ValueP<S>& env) {  // <the summed cb, dc>
      if (env->kind == ValueKind::Zero) return S(0);
      return dot(coords_from_tangent<S>(to, to_index, require_sample_env<S>(env), sums), dcs);
    };
  } else {
    r.tangent = closure_value<S>([dc_value](const ValueP<S>&) { return dc_value; });
    r.pair = [=](const ValueP<S>& copower) {
      S total(0);
      for_each_copower_term<S>(copower, [&](const ValueP<S>&, const ValueP<S>& cb) {
        total = total + dot(coords_from_tangent<S>(to, to_index, cb, sums), dcs);
      });
      return total;
    };
  }
  r.text = "fun a -> (" + curve_text(c.coords, dc) + ") + M a";
  return r;
}

// a -> b(r) for a sampled b.
template <class S>
std::optional<RelatedSample<S>> sample_constant(const TypeP& to, ChadMode mode, SumsStrategy sums,
                                                SampleRng& rng, FunctionsStrategy functions) {
  std::optional<RelatedSample<S>> b = sample_related<S>(to, mode, sums, rng, functions);
  if (!b) return std::nullopt;
  RelatedSample<S> r;
  ValueP<Dual<S>> source = b->source;
  r.source = closure_value<Dual<S>>([source](const ValueP<Dual<S>>&) { return source; });
  ValueP<S> tangent = b->tangent;
  Pullback<S> pair_b = b->pair;
  if (functions == FunctionsStrategy::Efficient) {
    // The env holds b's tangent (forward) / the summed cotangents of b (reverse).
    ValueP<S> linear =
        mode == ChadMode::Forward
            ? closure_value<S>([](const ValueP<S>& p) -> ValueP<S> {
                if (p->kind == ValueKind::Zero || p->first->kind == ValueKind::Zero) return zero_value<S>();
                return require_sample_env<S>(p->first);
              })
            : closure_value<S>([](const ValueP<S>& cb) {
                return pair_value<S>(zero_value<S>(), env_value<S>(kSampleFingerprint, cb));
              });
    ValueP<S> result = pair_value<S>(b->primal, linear);
    r.primal = closure_value<S>([result](const ValueP<S>&) { return result; });
    r.tangent = env_value<S>(kSampleFingerprint, tangent);
    r.pair = [pair_b](const ValueP<S>& env) {
      return env->kind == ValueKind::Zero ? S(0) : pair_b(require_sample_env<S>(env));
    };
    r.text = "fun _ -> " + b->text;
    return r;
  }
  ValueP<S> result = pair_value<S>(b->primal, zero_value<S>());
  r.primal = closure_value<S>([result](const ValueP<S>&) { return result; });
  r.tangent = closure_value<S>([tangent](const ValueP<S>&) { return tangent; });
  r.pair = [pair_b](const ValueP<S>& copower) {
    S total(0);
    for_each_copower_term<S>(copower, [&](const ValueP<S>&, const ValueP<S>& cb) { total = total + pair_b(cb); });
    return total;
  };
  r.text = "fun _ -> " + b->text;
  return r;
}

// A stream nu a. T * a moving along a curve: element k is its own related sample of T, drawn
// when first observed from a generator seeded with (seed, k), so the program's stream, CHAD's
// primal, its tangent and the pairing of a cotangent all see the same elements.
template <class S>
struct StreamSamples {
  TypeP element;
  ChadMode mode;
  SumsStrategy sums;
  FunctionsStrategy functions;
  std::uint64_t seed;
  std::vector<RelatedSample<S>> elements;
  const RelatedSample<S>& at(std::size_t k) {
    while (elements.size() <= k) {
      SampleRng rng(seed + 0x9e3779b97f4a7c15ULL * (elements.size() + 1));
      elements.push_back(*sample_related<S>(element, mode, sums, rng, functions));
    }
    return elements[k];
  }
};

template <class S, class V>
ValueP<V> stream_from(const std::shared_ptr<StreamSamples<S>>& samples, std::size_t k,
                      ValueP<V> (*part)(const RelatedSample<S>&)) {
  return lazy_value<V>([samples, k, part]() {
    return pair_value<V>(part(samples->at(k)), stream_from<S, V>(samples, k + 1, part));
  });
}

template <class S>
ValueP<Dual<S>> source_part(const RelatedSample<S>& r) { return r.source; }
template <class S>
ValueP<S> primal_part(const RelatedSample<S>& r) { return r.primal; }
template <class S>
ValueP<S> tangent_part(const RelatedSample<S>& r) { return r.tangent; }

template <class S>
std::optional<RelatedSample<S>> sample_stream(const TypeP& type, ChadMode mode, SumsStrategy sums, SampleRng& rng,
                                              FunctionsStrategy functions) {
  const TypeP& body = type->body;
  if (body->kind != TypeKind::Prod || body->right->kind != TypeKind::Var || body->right->var != type->var ||
      !body->left->closed())
    return std::nullopt;
  {
    SampleRng probe(0);
    if (!sample_related<S>(body->left, mode, sums, probe, functions)) return std::nullopt;
  }
  auto samples = std::make_shared<StreamSamples<S>>(StreamSamples<S>{body->left, mode, sums, functions, rng(), {}});
  RelatedSample<S> r;
  r.source = stream_from<S, Dual<S>>(samples, 0, &source_part<S>);
  r.primal = stream_from<S, S>(samples, 0, &primal_part<S>);
  r.tangent = stream_from<S, S>(samples, 0, &tangent_part<S>);
  // A cotangent of the stream is finite (linear inductive): roll (c_0, roll (c_1, ...)) or 0.
  r.pair = [samples](const ValueP<S>& cotangent) {
    S total(0);
    ValueP<S> c = cotangent;
    for (std::size_t k = 0; c->kind != ValueKind::Zero; ++k) {
      const ValueP<S>& layer = c->kind == ValueKind::Lazy ? c->force() : c->first;
      if (layer->kind == ValueKind::Zero) break;
      total = total + samples->at(k).pair(layer->first);
      c = layer->second;
    }
    return total;
  };
  r.text = "a stream of samples";
  return r;
}

}  // namespace

template <class S>
RelatedSample<S> curve_through(const TypeP& type, const NormalForm<double>& point,
                               const std::vector<double>& direction, SumsStrategy sums) {
  RelatedSample<S> r;
  r.source = rebuild<Dual<S>>(type, point.index, lift_dual<S>(point.coords, direction));
  r.primal = rebuild<S>(type, point.index, lift<S>(point.coords));
  const std::vector<S> dir = lift<S>(direction);
  r.tangent = tangent_from_coords<S>(type, point.index, dir, sums);
  const Index index = point.index;
  r.pair = [type, index, dir, sums](const ValueP<S>& c) { return dot(coords_from_tangent<S>(type, index, c, sums), dir); };
  r.text = "the input";
  return r;
}

template <class S>
std::optional<RelatedSample<S>> sample_related(const TypeP& type, ChadMode mode, SumsStrategy sums,
                                               SampleRng& rng, FunctionsStrategy functions) {
  if (is_data_type(type)) return sample_data<S>(type, sums, rng);
  switch (type->kind) {
    case TypeKind::Prod: {
      auto left = sample_related<S>(type->left, mode, sums, rng, functions);
      if (!left) return std::nullopt;
      auto right = sample_related<S>(type->right, mode, sums, rng, functions);
      if (!right) return std::nullopt;
      RelatedSample<S> r;
      r.source = pair_value<Dual<S>>(left->source, right->source);
      r.primal = pair_value<S>(left->primal, right->primal);
      r.tangent = pair_value<S>(left->tangent, right->tangent);
      Pullback<S> pl = left->pair, pr = right->pair;
      r.pair = [pl, pr](const ValueP<S>& c) {
        if (c->kind == ValueKind::Zero) return S(0);
        return pl(c->first) + pr(c->second);
      };
      r.text = "(" + left->text + ", " + right->text + ")";
      return r;
    }
    case TypeKind::Arrow:
      if (fixed_shape(type->left) && is_data_type(type->right))
        return sample_affine<S>(type->left, type->right, mode, sums, rng, functions);
      return sample_constant<S>(type->right, mode, sums, rng, functions);
    case TypeKind::Nu: return sample_stream<S>(type, mode, sums, rng, functions);
    default: return std::nullopt;
  }
}

#define CHAD_INSTANTIATE_RELATED_SAMPLE(S)                                                         \
  template std::optional<RelatedSample<S>> sample_related<S>(const TypeP&, ChadMode, SumsStrategy, \
                                                             SampleRng&, FunctionsStrategy);       \
  template RelatedSample<S> curve_through<S>(const TypeP&, const NormalForm<double>&,              \
                                             const std::vector<double>&, SumsStrategy);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_RELATED_SAMPLE)

}  // namespace chad
