// The forward and reverse relations, one case per type former (see relation.hpp).
#include "logrel/relation.hpp"

#include <cmath>

#include "logrel/agreement.hpp"
#include "logrel/related_sample.hpp"
#include "logrel/source_overflow.hpp"
#include "model/fibre.hpp"
#include "model/linear_values.hpp"
#include "model/normal_form.hpp"
#include "model/scalar_list.hpp"

namespace chad {
namespace {

// The position one step further. Past 200 characters the steps between the first ones and the
// last are elided and counted ("fst . unroll ... . (65534 steps elided) . snd"), so that a stream
// observed 100,000 unrolls deep (the size check) makes positions of bounded length, not a total
// length quadratic in its depth.
std::string at(const std::string& position, const std::string& step) {
  if (position.empty()) return step;
  if (position.size() < 200) return position + " . " + step;
  static const std::string open = " . (", close = " steps elided) . ";
  const std::size_t mark = position.find(open);
  const std::size_t end = mark == std::string::npos ? mark : position.find(close, mark);
  if (end == std::string::npos) return position + open + "0" + close + step;
  const unsigned long long elided = std::stoull(position.substr(mark + open.size(), end - mark - open.size()));
  return position.substr(0, mark) + open + std::to_string(elided + 1) + close + step;
}

template <class S>
double to_double(const S& x) {
  return ScalarTraits<S>::to_double(x);
}

// The (co)tangent of a linear inductive or coinductive value, one level in.
template <class S>
ValueP<S> unroll_linear(const ValueP<S>& v) {
  if (v->kind == ValueKind::Zero) return v;
  return v->kind == ValueKind::Lazy ? v->force() : v->first;
}

// The C_tag component of a sum's (co)tangent in the sums strategy, or a failure message.
template <class S>
ValueP<S> sum_component(const ValueP<S>& v, int tag, std::size_t constructors, SumsStrategy sums,
                        std::string& mismatch) {
  if (v->kind == ValueKind::Zero) return v;
  if (sums == SumsStrategy::Biproduct) return tuple_part<S>(v, std::size_t(tag), constructors);
  if (v->kind != ValueKind::Inject || v->tag != tag) {
    mismatch = "the (co)tangent is not in the primal's constructor";
    return v;
  }
  return v->first;
}

template <class S>
ValueP<S> sum_embed(const ValueP<S>& v, int tag, std::size_t constructors, SumsStrategy sums) {
  if (sums == SumsStrategy::Biproduct) return biproduct_value<S>(constructors, std::size_t(tag), v);
  return inject_value<S>(tag, v);
}

// Whether the program's value and derivative at an observation are finite: where one overflowed
// (inputs at the edges: inf, or NaN from inf - inf) the program has no value to compare there, as
// where it raises a domain error (an overflow is skipped, never failed).
template <class S>
bool all_finite(const NormalForm<Dual<S>>& source) {
  for (const Dual<S>& c : source.coords)
    if (!std::isfinite(to_double(c.value)) || !std::isfinite(to_double(c.tangent))) return false;
  return true;
}

// What both modes check first at a data type: the same index, the same primal coordinates.
template <class S>
std::optional<RelationFailure> check_primal(const TypeP& type, const NormalForm<Dual<S>>& source,
                                            const NormalForm<S>& primal, const std::string& position) {
  if (source.index != primal.index)
    return RelationFailure{position, "CHAD's primal has shape " + primal.index.to_string() +
                                         ", the program's value " + source.index.to_string(),
                           INFINITY};
  for (std::size_t i = 0; i < primal.coords.size(); ++i)
    if (!agrees(primal.coords[i], source.coords[i].value))
      return RelationFailure{at(position, "coordinate " + std::to_string(i)),
                             "CHAD's primal is " + ScalarTraits<S>::describe(primal.coords[i]) +
                                 ", the program's value " + ScalarTraits<S>::describe(source.coords[i].value),
                             relative_error(to_double(primal.coords[i]), to_double(source.coords[i].value))};
  return std::nullopt;
}

// The next observation of the program's stream; null where the program itself has no value
// (a domain error or a tied comparison further along the stream): nothing to compare there.
// Throws SourceOverflow (in double) where a value of the program made there overflows.
template <class S>
ValueP<Dual<S>> observe(const ValueP<Dual<S>>& stream, const std::string& position) {
  SourceOverflowWatch<S> watch;
  ValueP<Dual<S>> observed;
  try {
    observed = stream->force();
  } catch (const DomainError&) {
    return nullptr;
  } catch (const ComparisonUndecided&) {
    return nullptr;
  }
  watch.throw_if_overflowed("observing the stream at " + (position.empty() ? std::string("the result") : position));
  return observed;
}

// The program's function applied to a sampled argument; null where it has no value there (a
// domain error, a tied comparison): no derivative to compare for that sample. Throws
// SourceOverflow (in double) where a value of the program made by the application overflows.
template <class S>
ValueP<Dual<S>> apply_source(const ValueP<Dual<S>>& function, const ValueP<Dual<S>>& argument,
                             const std::string& position) {
  SourceOverflowWatch<S> watch;
  ValueP<Dual<S>> result;
  try {
    result = function->call(argument);
  } catch (const DomainError&) {
    return nullptr;
  } catch (const ComparisonUndecided&) {
    return nullptr;
  }
  watch.throw_if_overflowed("at " + position);
  return result;
}

template <class S>
std::optional<RelationFailure> constructor_mismatch(const TypeP& sum, int source_tag, int primal_tag,
                                                    const std::string& position) {
  return RelationFailure{position,
                         "CHAD's primal is in constructor " + sum->ctors[std::size_t(primal_tag)].name +
                             ", the program's value in " + sum->ctors[std::size_t(source_tag)].name,
                         INFINITY};
}

template <class S>
std::optional<RelationFailure> discrete(const std::string& position, std::string what) {
  return RelationFailure{position, std::move(what), INFINITY};
}

template <class S>
class ForwardRelation {
 public:
  explicit ForwardRelation(const RelationOptions& o) : o_(o), rng_(o.seed) {}

  std::optional<RelationFailure> check(const TypeP& type, const ValueP<Dual<S>>& source,
                                       const ValueP<S>& primal, const ValueP<S>& tangent,
                                       const std::string& position, int depth) {
    if (is_data_type(type))
      return o_.depth - depth < o_.compare_from ? std::nullopt : check_data(type, source, primal, tangent, position);
    switch (type->kind) {
      case TypeKind::Prod: {
        const ValueP<S>& z = zero_value<S>();
        bool zero = tangent->kind == ValueKind::Zero;
        if (auto f = check(type->left, source->first, primal->first, zero ? z : tangent->first,
                           at(position, "fst"), depth))
          return f;
        return check(type->right, source->second, primal->second, zero ? z : tangent->second,
                     at(position, "snd"), depth);
      }
      case TypeKind::Sum: {
        if (source->tag != primal->tag) return constructor_mismatch<S>(type, source->tag, primal->tag, position);
        std::string mismatch;
        ValueP<S> component = sum_component<S>(tangent, source->tag, type->ctors.size(), o_.sums, mismatch);
        const Constructor& c = type->ctors[std::size_t(source->tag)];
        if (!mismatch.empty()) return discrete<S>(at(position, c.name), mismatch);
        return check(c.type, source->first, primal->first, component, at(position, c.name), depth);
      }
      case TypeKind::Mu:
        return check(unroll_type(type), source->first, primal->first, unroll_linear<S>(tangent),
                     at(position, "unroll"), depth);
      case TypeKind::Nu: {
        if (depth <= 0) return std::nullopt;
        ValueP<Dual<S>> observed = observe(source, position);
        if (!observed) return std::nullopt;
        return check(unroll_type(type), observed, primal->force(), unroll_linear<S>(tangent),
                     at(position, "unroll"), depth - 1);
      }
      case TypeKind::Arrow: {
        if (depth <= 0) return std::nullopt;
        for (int k = 0; k < o_.samples; ++k) {
          auto arg = sample_related<S>(type->left, ChadMode::Forward, o_.sums, rng_, o_.functions);
          if (!arg) return std::nullopt;  // an argument type that cannot be sampled
          ValueP<Dual<S>> result = apply_source(source, arg->source, at(position, "apply(" + arg->text + ")"));
          if (!result) continue;
          ValueP<S> out = primal->call(arg->primal);  // (b, b')
          const ValueP<S>& linear = out->second;
          ValueP<S> total;
          if (o_.functions == FunctionsStrategy::Efficient) {  // b' @ (env, da)
            total = linear->kind == ValueKind::Zero ? linear : linear->call(pair_value<S>(tangent, arg->tangent));
          } else {  // (the power) @ a + b' @ da
            ValueP<S> own = tangent->kind == ValueKind::Zero ? tangent : tangent->call(arg->primal);
            ValueP<S> through = linear->kind == ValueKind::Zero ? linear : linear->call(arg->tangent);
            total = add_linear<S>(own, through);
          }
          if (auto f = check(type->right, result, out->first, total,
                             at(position, "apply(" + arg->text + ")"), depth - 1))
            return f;
        }
        return std::nullopt;
      }
      default: return std::nullopt;
    }
  }

 private:
  std::optional<RelationFailure> check_data(const TypeP& type, const ValueP<Dual<S>>& source,
                                            const ValueP<S>& primal, const ValueP<S>& tangent,
                                            const std::string& position) {
    NormalForm<Dual<S>> s = normal_form<Dual<S>>(type, source);
    if (!all_finite<S>(s)) return std::nullopt;  // the program overflows here: nothing to compare
    NormalForm<S> p = normal_form<S>(type, primal);
    if (auto f = check_primal<S>(type, s, p, position)) return f;
    std::vector<S> t = coords_from_tangent<S>(type, p.index, tangent, o_.sums);
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (o_.on_compared_derivative) o_.on_compared_derivative(to_double(s.coords[i].tangent));
      if (!agrees(t[i], s.coords[i].tangent))
        return RelationFailure{at(position, "coordinate " + std::to_string(i)),
                               "CHAD's tangent is " + ScalarTraits<S>::describe(t[i]) +
                                   ", the derivative along the curve " + ScalarTraits<S>::describe(s.coords[i].tangent),
                               relative_error(to_double(t[i]), to_double(s.coords[i].tangent))};
    }
    return std::nullopt;
  }

  RelationOptions o_;
  SampleRng rng_;
};

// The pullbacks below capture their parent's by reference: each is used only within the check
// that made it, while its parent lives (a copy would copy the whole chain: quadratic in a stream
// observed deep).
template <class S>
class ReverseRelation {
 public:
  explicit ReverseRelation(const RelationOptions& o) : o_(o), rng_(o.seed) {}

  std::optional<RelationFailure> check(const TypeP& type, const ValueP<Dual<S>>& source,
                                       const ValueP<S>& primal, const Pullback<S>& pullback,
                                       const std::string& position, int depth) {
    if (is_data_type(type))
      return o_.depth - depth < o_.compare_from ? std::nullopt : check_data(type, source, primal, pullback, position);
    switch (type->kind) {
      case TypeKind::Prod: {
        Pullback<S> left = [&pullback](const ValueP<S>& c) { return pullback(pair_value<S>(c, zero_value<S>())); };
        if (auto f = check(type->left, source->first, primal->first, left, at(position, "fst"), depth)) return f;
        Pullback<S> right = [&pullback](const ValueP<S>& c) { return pullback(pair_value<S>(zero_value<S>(), c)); };
        return check(type->right, source->second, primal->second, right, at(position, "snd"), depth);
      }
      case TypeKind::Sum: {
        if (source->tag != primal->tag) return constructor_mismatch<S>(type, source->tag, primal->tag, position);
        const int tag = source->tag;
        const std::size_t n = type->ctors.size();
        const SumsStrategy sums = o_.sums;
        Pullback<S> inner = [&pullback, tag, n, sums](const ValueP<S>& c) {
          return pullback(sum_embed<S>(c, tag, n, sums));
        };
        const Constructor& c = type->ctors[std::size_t(tag)];
        return check(c.type, source->first, primal->first, inner, at(position, c.name), depth);
      }
      case TypeKind::Mu:
      case TypeKind::Nu: {
        const bool nu = type->kind == TypeKind::Nu;
        if (nu && depth <= 0) return std::nullopt;
        Pullback<S> inner = [&pullback](const ValueP<S>& c) { return pullback(roll_value<S>(c)); };
        ValueP<Dual<S>> observed = nu ? observe(source, position) : source->first;
        if (!observed) return std::nullopt;
        return check(unroll_type(type), observed, nu ? primal->force() : primal->first, inner,
                     at(position, "unroll"), nu ? depth - 1 : depth);
      }
      case TypeKind::Arrow: {
        if (depth <= 0) return std::nullopt;
        for (int k = 0; k < o_.samples; ++k) {
          auto arg = sample_related<S>(type->left, ChadMode::Reverse, o_.sums, rng_, o_.functions);
          if (!arg) return std::nullopt;
          ValueP<Dual<S>> result = apply_source(source, arg->source, at(position, "apply(" + arg->text + ")"));
          if (!result) continue;
          ValueP<S> out = primal->call(arg->primal);  // (b, b')
          ValueP<S> a = arg->primal, linear = out->second;
          Pullback<S> pair_argument = arg->pair;
          if (o_.functions == FunctionsStrategy::Efficient) {
            // b' c = (the argument's share, the function's own env).
            Pullback<S> inner = [&pullback, linear, pair_argument](const ValueP<S>& c) {
              if (linear->kind == ValueKind::Zero) return pullback(linear);
              ValueP<S> q = linear->call(c);
              if (q->kind == ValueKind::Zero) return pullback(q);
              return pullback(q->second) + pair_argument(q->first);
            };
            if (auto f = check(type->right, result, out->first, inner, at(position, "apply(" + arg->text + ")"),
                               depth - 1))
              return f;
            continue;
          }
          // The function's own cotangent !a (x) c, plus the argument's share b' c.
          Pullback<S> inner = [&pullback, a, linear, pair_argument](const ValueP<S>& c) {
            S own = pullback(copower_singleton<S>(a, c));
            if (linear->kind == ValueKind::Zero) return own;
            return own + pair_argument(linear->call(c));
          };
          if (auto f = check(type->right, result, out->first, inner, at(position, "apply(" + arg->text + ")"),
                             depth - 1))
            return f;
        }
        return std::nullopt;
      }
      default: return std::nullopt;
    }
  }

 private:
  // <pullback(e_i), direction> must be the derivative of coordinate i along the curve.
  std::optional<RelationFailure> check_data(const TypeP& type, const ValueP<Dual<S>>& source,
                                            const ValueP<S>& primal, const Pullback<S>& pullback,
                                            const std::string& position) {
    NormalForm<Dual<S>> s = normal_form<Dual<S>>(type, source);
    if (!all_finite<S>(s)) return std::nullopt;  // the program overflows here: nothing to compare
    NormalForm<S> p = normal_form<S>(type, primal);
    if (auto f = check_primal<S>(type, s, p, position)) return f;
    const std::size_t n = p.coords.size();
    for (std::size_t i = 0; i < n; ++i) {
      std::vector<S> e(n, S(0));
      e[i] = S(1);
      S got = pullback(tangent_from_coords<S>(type, p.index, e, o_.sums));
      if (o_.on_compared_derivative) o_.on_compared_derivative(to_double(s.coords[i].tangent));
      if (!agrees(got, s.coords[i].tangent))
        return RelationFailure{at(position, "coordinate " + std::to_string(i)),
                               "CHAD's cotangent pairs to " + ScalarTraits<S>::describe(got) +
                                   ", the derivative along the curve is " + ScalarTraits<S>::describe(s.coords[i].tangent),
                               relative_error(to_double(got), to_double(s.coords[i].tangent))};
    }
    return std::nullopt;
  }

  RelationOptions o_;
  SampleRng rng_;
};

}  // namespace

template <class S>
std::optional<RelationFailure> check_forward_relation(const TypeP& type, const ValueP<Dual<S>>& source,
                                                      const ValueP<S>& primal, const ValueP<S>& tangent,
                                                      const RelationOptions& options) {
  return ForwardRelation<S>(options).check(type, source, primal, tangent, "", options.depth);
}

template <class S>
std::optional<RelationFailure> check_reverse_relation(const TypeP& type, const ValueP<Dual<S>>& source,
                                                      const ValueP<S>& primal, const Pullback<S>& pullback,
                                                      const RelationOptions& options) {
  return ReverseRelation<S>(options).check(type, source, primal, pullback, "", options.depth);
}

#define CHAD_INSTANTIATE_RELATION(S)                                                                 \
  template std::optional<RelationFailure> check_forward_relation<S>(                                 \
      const TypeP&, const ValueP<Dual<S>>&, const ValueP<S>&, const ValueP<S>&, const RelationOptions&); \
  template std::optional<RelationFailure> check_reverse_relation<S>(                                 \
      const TypeP&, const ValueP<Dual<S>>&, const ValueP<S>&, const Pullback<S>&, const RelationOptions&);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_RELATION)

}  // namespace chad
