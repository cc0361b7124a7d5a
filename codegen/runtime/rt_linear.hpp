// The kernel runtime's linear structure (part of chad_runtime.hpp): zero(), add() and accumulate()
// of each value representation, the efficient functions strategy's type-erased environment Env,
// zero_at (the zero-fn strategy's zero at a primal) and a (co)tangent sum's payload.
#ifndef CHAD_RT_LINEAR_HPP
#define CHAD_RT_LINEAR_HPP

#include <cstdint>
#include <type_traits>
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

// zero<T>(), add<T>(a, b) and accumulate<T>(acc, x) of each representation, each one function
// template that picks its case with `if constexpr` (not a class template per type with a
// wrapper around it: a campaign's kernels instantiate these for thousands of types, and each
// instantiation is a function the compiler makes; issue #33). A type that is none of the
// runtime's representations is a scalar: zero is T(0), addition its `+`.
namespace detail {
template <class T>
inline constexpr bool is_pair = false;
template <class A, class B>
inline constexpr bool is_pair<Pair<A, B>> = true;
template <class T>
inline constexpr bool is_arr = false;
template <class S, int N>
inline constexpr bool is_arr<Arr<S, N>> = true;
template <class T>
inline constexpr bool is_sum = false;
template <class... T>
inline constexpr bool is_sum<Sum<T...>> = true;
template <class T>
inline constexpr bool is_fn = false;
template <class A, class B>
inline constexpr bool is_fn<Fn<A, B>> = true;
template <class T>
inline constexpr bool is_copower = false;
template <class A, class L>
inline constexpr bool is_copower<const CopowerNode<A, L>*> = true;
template <class T>
inline constexpr bool is_node = false;  // a mu or nu node (a copower is tested first)
template <class P>
inline constexpr bool is_node<const P*> = true;
template <class T>
struct FnTypes;
template <class X, class Y>
struct FnTypes<Fn<X, Y>> {
  using A = X;
  using B = Y;
};
}  // namespace detail

// The efficient functions strategy's `env` (EnvPack / EnvUnpack): a closure's environment
// (co)tangent with its type erased. Null is the zero; `fingerprint` names the context it was
// packed for (the target checker's), and `add_same` adds two packs of that context. Adding or
// unpacking packs of two contexts is a fault, as in the evaluator.
struct Env {
  const void* value = nullptr;
  int fingerprint = 0;
  // a + b; `in_place` (a pack its holder owns, made by add_same): b added into a's value, a returned.
  Env (*add_same)(const Env& a, const Env& b, bool in_place) = nullptr;
  bool is_zero() const { return value == nullptr; }
};
struct EnvMismatch : Fault {
  EnvMismatch(int packed, int expected)
      : Fault("a packed environment of context " + std::to_string(packed) + " where context " +
              std::to_string(expected) + " is expected") {}
};
// (a call, not a throw expression in each instantiation: see throw_fault)
[[noreturn, gnu::noinline, gnu::cold]] inline void throw_env_mismatch(int packed, int expected) {
  throw EnvMismatch(packed, expected);
}
template <class T>
Env env_pack(const T& context_tangent, int fingerprint);
namespace detail {
template <class T>
Env env_add_same(const Env& a, const Env& b, bool in_place) {
  if (in_place) {
    accumulate<T>(*const_cast<T*>(static_cast<const T*>(a.value)), *static_cast<const T*>(b.value));
    return a;
  }
  return env_pack<T>(chad_rt::add(*static_cast<const T*>(a.value), *static_cast<const T*>(b.value)), a.fingerprint);
}
// The one object of an empty type that every pack of it points at (a pack is never changed).
template <class T>
inline constexpr T empty_pack_value{};
}  // namespace detail
// A pack holds a copy of the cotangent in the arena, except of an empty type (unit, pairs of
// units: nothing to copy, and the ODE's gradient packed one per call of its field).
template <class T>
Env env_pack(const T& context_tangent, int fingerprint) {
  if constexpr (std::is_empty_v<T>) {
    (void)context_tangent;
    return Env{&detail::empty_pack_value<T>, fingerprint, &detail::env_add_same<T>};
  } else {
    return Env{make<T>(context_tangent), fingerprint, &detail::env_add_same<T>};
  }
}
// env_view: a pack's value unpacked where it lies, not copied (a zero pack: a zero made in the
// arena); env_repack of a part of such a value: a pack that points at that part. A pack is never
// changed after it is made, and everything it points at lives in the arena until the kernel
// returns, so unpacking a curried function's environment and packing the rest of it copies nothing
// (the MLP's gradient copied its weights' cotangents so five times per example, bench/RESULTS.md).
template <class T>
const T& env_view(const Env& e, int fingerprint) {
  if (e.is_zero()) return *make<T>(chad_rt::zero<T>());
  if (e.fingerprint != fingerprint) throw_env_mismatch(e.fingerprint, fingerprint);
  return *static_cast<const T*>(e.value);
}
template <class T>
Env env_repack(const T& part_of_a_view, int fingerprint) {
  return Env{&part_of_a_view, fingerprint, &detail::env_add_same<T>};
}
template <class T>
T zero() {
  if constexpr (detail::is_pair<T>) return {zero<decltype(T::fst)>(), zero<decltype(T::snd)>()};
  else if constexpr (detail::is_arr<T>) return T::Zero();
  // Unit, a sum without a constructor, the null Fn (the zero map), Env and node pointers.
  else if constexpr (std::is_same_v<T, Unit> || std::is_same_v<T, Env> || detail::is_sum<T> || detail::is_fn<T> ||
                     detail::is_node<T>)
    return T{};
  else return T(0);
}

template <class T>
T add(const T& a, const T& b) {
  if constexpr (detail::is_pair<T>) {
    return {chad_rt::add(a.fst, b.fst), chad_rt::add(a.snd, b.snd)};
  } else if constexpr (detail::is_arr<T>) {
    return a + b;
  } else if constexpr (std::is_same_v<T, Unit>) {
    return {};
  } else if constexpr (detail::is_sum<T>) {
    if (a.tag() < 0) return b;
    if (b.tag() < 0) return a;
    if (a.tag() != b.tag()) throw_lifted_sum_inconsistency(a.tag(), b.tag());
    T out;
    detail::with_tag<T::size>(a.tag(), [&](auto i) {
      constexpr int I = decltype(i)::value;
      out = T::template make<I>(chad_rt::add(a.template get<I>(), b.template get<I>()));
    });
    return out;
  } else if constexpr (detail::is_fn<T>) {
    if (a.is_zero()) return b;
    if (b.is_zero()) return a;
    return fn<typename detail::FnTypes<T>::A, typename detail::FnTypes<T>::B>(
        [a, b](const typename detail::FnTypes<T>::A& x) { return chad_rt::add(a(x), b(x)); });
  } else if constexpr (std::is_same_v<T, Env>) {
    if (a.is_zero()) return b;
    if (b.is_zero()) return a;
    if (a.fingerprint != b.fingerprint) throw_env_mismatch(b.fingerprint, a.fingerprint);
    return a.add_same(a, b, false);
  } else if constexpr (detail::is_copower<T>) {
    if (!a) return b;
    if (!b) return a;
    using Node = std::remove_cv_t<std::remove_pointer_t<T>>;
    return make<Node>(true, decltype(Node::a){}, decltype(Node::l){}, a, b);
  } else if constexpr (detail::is_node<T>) {  // mu adds under roll, nu lazily when forced
    using P = std::remove_cv_t<std::remove_pointer_t<T>>;
    if (!a) return b;
    if (!b) return a;
    if constexpr (NuNode<P>) {
      using Payload = typename P::Payload;
      return delay<P>(fn<Unit, Payload>([a, b](const Unit&) { return chad_rt::add(lin_force(a), lin_force(b)); }));
    } else {
      static_assert(MuNode<P>, "chad_rt::add: a pointer that is no mu, nu or copower node");
      return lin_roll<P>(chad_rt::add(a->payload, b->payload));
    }
  } else {
    return a + b;
  }
}

namespace detail {
// The Env cell a deferred application's cell has lent its sum to for one call (DeferredSum::
// call_lending), or null: a pack that cell alone holds, which an accumulation into the lent
// cell adds into in place.
inline thread_local const Env* lent_env = nullptr;
}  // namespace detail
// accumulate<T>(acc, x): acc = acc + x in place, efficient CHAD's accumulation of a contribution
// into a mutable cotangent cell. Arrays add element-wise where they lie, pairs component by
// component (no whole tuple built and copied per contribution), the lent Env cell into its pack;
// every other representation (scalars, sums, functions, nodes, Env) replaces acc by add(acc, x),
// the operands' order kept.
template <class T>
void accumulate(T& acc, const T& x) {
  if constexpr (detail::is_arr<T>) {
    acc += x;
  } else if constexpr (std::is_same_v<T, Unit>) {
  } else if constexpr (detail::is_pair<T>) {
    accumulate<decltype(T::fst)>(acc.fst, x.fst);
    accumulate<decltype(T::snd)>(acc.snd, x.snd);
  } else if constexpr (std::is_same_v<T, Env>) {
    if (&acc == detail::lent_env && !x.is_zero()) {
      if (acc.fingerprint != x.fingerprint) throw_env_mismatch(x.fingerprint, acc.fingerprint);
      acc.add_same(acc, x, true);
    } else {
      acc = add<T>(acc, x);
    }
  } else {
    acc = add<T>(acc, x);
  }
}
// cell += env_pack(value): into the lent cell's pack in place, else packed and added as usual.
template <class T>
void accumulate_packed(Env& cell, const T& value, int fingerprint) {
  if (&cell == detail::lent_env && !cell.is_zero()) {
    if (cell.fingerprint != fingerprint) throw_env_mismatch(fingerprint, cell.fingerprint);
    accumulate<T>(*const_cast<T*>(static_cast<const T*>(cell.value)), value);
  } else {
    accumulate<Env>(cell, env_pack<T>(value, fingerprint));
  }
}

// A reverse fold's deferred application (codegen/deferred_applications.cpp): the sum of the
// arguments the nodes' backpropagators give one loop-invariant linear map, which the fold's flush
// applies once after its backward loop (f(a1) + ... + f(an) = f(a1 + ... + an)) and resets.
// A sum of packs is added into in place once it is a pack of its own (the second add's), not
// packed afresh per node: the MLP's and the GMM d10 k25's packs hold kilobytes.
template <class A>
struct DeferredSum {
  A sum = zero<A>();
  bool any = false;
  bool owned = false;  // Env: `sum` is a pack made for it, which no one else reads
  void add(const A& a) {
    if (!any) {
      sum = a;
      any = true;
    } else if constexpr (std::is_same_v<A, Env>) {
      if (a.is_zero()) return;
      if (sum.is_zero()) {
        sum = a;
        return;
      }
      if (sum.fingerprint != a.fingerprint) throw_env_mismatch(a.fingerprint, sum.fingerprint);
      sum = sum.add_same(sum, a, owned);
      owned = true;
    } else {
      accumulate<A>(sum, a);
    }
  }
  bool lent = false;   // Env: `sum` is in the result of the call that borrowed it (call_lending)
  void reset() {
    sum = zero<A>();
    any = owned = lent = false;
  }
  // A node's call f(x) whose result's Env part `at(result)` is this cell's argument and read
  // nowhere else: once the cell owns its sum, the call adds into that pack in place (the cell
  // is lent to it: no pack made per node), and take_back gives the cell the result's part.
  template <class R, class X, class At>
  R call_lending(const Fn<X, R>& f, const std::type_identity_t<X>& x, At at) {
    if (!owned) return f(x);
    R result = zero<R>();
    Env& cell = at(result);
    cell = sum;
    struct Lending {  // lent for the call only, also when it throws
      const Env* outer;
      explicit Lending(const Env* cell) : outer(std::exchange(detail::lent_env, cell)) {}
      ~Lending() { detail::lent_env = outer; }
    } lending(&cell);
    f.add_into(x, result);
    lent = true;
    return result;
  }
  void take_back(const A& a) {
    if (!lent) return add(a);
    sum = a;
    lent = false;
  }
};
// The flush of a fold without deferred applications.
struct NoFlush {
  template <class Context>
  void operator()(Context&) const {}
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
  if (tag != I) throw_lifted_sum_inconsistency(tag, I);
  return s.template get<I>();
}

}  // namespace chad_rt

#endif  // CHAD_RT_LINEAR_HPP
