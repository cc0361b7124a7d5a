// The kernel runtime's linear structure (part of chad_runtime.hpp): zero() and add() of each value
// representation (Linear<T>), the efficient functions strategy's type-erased environment Env,
// zero_at (the zero-fn strategy's zero at a primal) and a (co)tangent sum's payload.
#ifndef CHAD_RT_LINEAR_HPP
#define CHAD_RT_LINEAR_HPP

#include <cstdint>
#include <utility>

#ifndef CHAD_RT_VALUES_HPP
#include "rt_values.hpp"
#endif

namespace chad_rt {

namespace detail {
// f(std::integral_constant<int, I>) for the I == tag (no call for a tag outside 0..K-1).
template <int K, class F>
void with_tag(int tag, F&& f) {
  [&]<int... I>(std::integer_sequence<int, I...>) {
    (void)((tag == I ? (f(std::integral_constant<int, I>{}), true) : false) || ...);
  }(std::make_integer_sequence<int, K>{});
}
}  // namespace detail

// zero() and add(a, b) of each representation; the primary template is a scalar type.
template <class T>
struct Linear {
  static T zero() { return T(0); }
  static T add(const T& a, const T& b) { return a + b; }
};
template <class S, int N>
struct Linear<Eigen::Array<S, N, 1>> {
  static Eigen::Array<S, N, 1> zero() { return Eigen::Array<S, N, 1>::Zero(); }
  static Eigen::Array<S, N, 1> add(const Eigen::Array<S, N, 1>& a, const Eigen::Array<S, N, 1>& b) {
    return a + b;
  }
};
template <>
struct Linear<Unit> {
  static Unit zero() { return {}; }
  static Unit add(const Unit&, const Unit&) { return {}; }
};
template <class A, class B>
struct Linear<Pair<A, B>> {
  static Pair<A, B> zero() { return {chad_rt::zero<A>(), chad_rt::zero<B>()}; }
  static Pair<A, B> add(const Pair<A, B>& a, const Pair<A, B>& b) {
    return {chad_rt::add(a.fst, b.fst), chad_rt::add(a.snd, b.snd)};
  }
};
template <class... T>
struct Linear<Sum<T...>> {
  using S = Sum<T...>;
  static S zero() { return {}; }
  static S add(const S& a, const S& b) {
    if (a.tag() < 0) return b;
    if (b.tag() < 0) return a;
    if (a.tag() != b.tag()) throw LiftedSumInconsistency(a.tag(), b.tag());
    S out;
    detail::with_tag<S::size>(a.tag(), [&](auto i) {
      constexpr int I = decltype(i)::value;
      out = S::template make<I>(chad_rt::add(a.template get<I>(), b.template get<I>()));
    });
    return out;
  }
};
template <class A, class B>
struct Linear<Fn<A, B>> {
  static Fn<A, B> zero() { return {}; }
  static Fn<A, B> add(const Fn<A, B>& f, const Fn<A, B>& g) {
    if (f.is_zero()) return g;
    if (g.is_zero()) return f;
    return fn<A, B>([f, g](const A& a) { return chad_rt::add(f(a), g(a)); });
  }
};
template <class A, class L>
struct Linear<const CopowerNode<A, L>*> {
  using C = const CopowerNode<A, L>*;
  static C zero() { return nullptr; }
  static C add(C a, C b) {
    if (!a) return b;
    if (!b) return a;
    return make<CopowerNode<A, L>>(true, A{}, L{}, a, b);
  }
};
// The efficient functions strategy's `env` (EnvPack / EnvUnpack): a closure's environment
// (co)tangent with its type erased. Null is the zero; `fingerprint` names the context it was
// packed for (the target checker's), and `add_same` adds two packs of that context. Adding or
// unpacking packs of two contexts is a fault, as in the evaluator.
struct Env {
  const void* value = nullptr;
  int fingerprint = 0;
  Env (*add_same)(const Env&, const Env&) = nullptr;
  bool is_zero() const { return value == nullptr; }
};
struct EnvMismatch : Fault {
  EnvMismatch(int packed, int expected)
      : Fault("a packed environment of context " + std::to_string(packed) + " where context " +
              std::to_string(expected) + " is expected") {}
};
template <class T>
Env env_pack(const T& context_tangent, int fingerprint) {
  return Env{make<T>(context_tangent), fingerprint, [](const Env& a, const Env& b) {
               return env_pack<T>(chad_rt::add(*static_cast<const T*>(a.value), *static_cast<const T*>(b.value)),
                                  a.fingerprint);
             }};
}
template <class T>
T env_unpack(const Env& e, int fingerprint) {
  if (e.is_zero()) return chad_rt::zero<T>();
  if (e.fingerprint != fingerprint) throw EnvMismatch(e.fingerprint, fingerprint);
  return *static_cast<const T*>(e.value);
}
template <>
struct Linear<Env> {
  static Env zero() { return {}; }
  static Env add(const Env& a, const Env& b) {
    if (a.is_zero()) return b;
    if (b.is_zero()) return a;
    if (a.fingerprint != b.fingerprint) throw EnvMismatch(b.fingerprint, a.fingerprint);
    return a.add_same(a, b);
  }
};
// mu and nu nodes (null is the zero): mu adds under roll, nu lazily when forced.
template <class P>
struct Linear<const P*> {
  static const P* zero() { return nullptr; }
  static const P* add(const P* a, const P* b) {
    if (!a) return b;
    if (!b) return a;
    if constexpr (NuNode<P>) {
      using Payload = typename P::Payload;
      return delay<P>(fn<Unit, Payload>([a, b](const Unit&) { return chad_rt::add(lin_force(a), lin_force(b)); }));
    } else {
      static_assert(MuNode<P>, "chad_rt::add: a pointer that is no mu, nu or copower node");
      return lin_roll<P>(chad_rt::add(a->payload, b->payload));
    }
  }
};

template <class T>
T zero() {
  return Linear<T>::zero();
}
template <class T>
T add(const T& a, const T& b) {
  return Linear<T>::add(a, b);
}

// accumulate<T>(acc, x): acc = acc + x in place, efficient CHAD's accumulation of a contribution
// into a mutable cotangent cell. Arrays add element-wise where they lie, pairs component by
// component (no whole tuple built and copied per contribution); every other representation
// (scalars, sums, functions, nodes, Env) replaces acc by add(acc, x), the operands' order kept.
template <class T>
struct Accumulate {
  static void into(T& acc, const T& x) { acc = Linear<T>::add(acc, x); }
};
template <class T>
void accumulate(T& acc, const T& x) {
  Accumulate<T>::into(acc, x);
}
template <class S, int N>
struct Accumulate<Eigen::Array<S, N, 1>> {
  static void into(Eigen::Array<S, N, 1>& acc, const Eigen::Array<S, N, 1>& x) { acc += x; }
};
template <>
struct Accumulate<Unit> {
  static void into(Unit&, const Unit&) {}
};
template <class A, class B>
struct Accumulate<Pair<A, B>> {
  static void into(Pair<A, B>& acc, const Pair<A, B>& x) {
    accumulate<A>(acc.fst, x.fst);
    accumulate<B>(acc.snd, x.snd);
  }
};

// The zero (co)tangent at a primal (the zero-fn strategy): a sum's zero has the primal's tag.
template <class T, class P>
struct ZeroAt {
  static T at(const P&) { return zero<T>(); }
};
template <class T, class P>
T zero_at(const P& primal) {
  return ZeroAt<T, P>::at(primal);
}
template <class TA, class TB, class PA, class PB>
struct ZeroAt<Pair<TA, TB>, Pair<PA, PB>> {
  static Pair<TA, TB> at(const Pair<PA, PB>& p) { return {zero_at<TA>(p.fst), zero_at<TB>(p.snd)}; }
};
template <class... T, class... P>
  requires(sizeof...(T) == sizeof...(P))
struct ZeroAt<Sum<T...>, Sum<P...>> {
  static Sum<T...> at(const Sum<P...>& p) {
    Sum<T...> out;
    detail::with_tag<int(sizeof...(T))>(p.tag(), [&](auto i) {
      constexpr int I = decltype(i)::value;
      using Ti = typename Sum<T...>::template Alternative<I>;
      out = Sum<T...>::template make<I>(zero_at<Ti>(p.template get<I>()));
    });
    return out;
  }
};

// Payload I of a (co)tangent sum: zero for the zero sum; another tag is an inconsistency.
template <int I, class T, class SumT>
T sum_out(const SumT& s) {
  const int tag = s.tag();
  if (tag < 0) return zero<T>();
  if (tag != I) throw LiftedSumInconsistency(tag, I);
  return s.template get<I>();
}

}  // namespace chad_rt

#endif  // CHAD_RT_LINEAR_HPP
