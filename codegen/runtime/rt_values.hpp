// The kernel runtime's value representations (part of chad_runtime.hpp): Unit, Pair, Arr (fixed-size
// arrays), Sum, Fn (closures and linear maps in the arena), mu and nu nodes (inductive values
// and lazily forced coinductive ones) and copowers !A (x) L with their sum_out.
#ifndef CHAD_RT_VALUES_HPP
#define CHAD_RT_VALUES_HPP

#include <cstddef>
#include <cstring>
#include <optional>  // generated code: a fold body's kept applications (codegen/fold_body_memos.cpp)
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#ifndef CHAD_RT_ARENA_HPP
#include "rt_arena.hpp"
#endif
#ifndef CHAD_RT_ERRORS_HPP
#include "rt_errors.hpp"
#endif

namespace chad_rt {

template <class T>
T zero();
template <class T>
T add(const T& a, const T& b);
template <class T>
void accumulate(T& acc, const T& x);

struct Unit {
  friend bool operator==(const Unit&, const Unit&) { return true; }
};

template <class A, class B>
struct Pair {
  A fst;
  B snd;
};

// real[n1..nk], k >= 1: the n1*...*nk entries in row-major order, a plain array of N scalars.
// Its own small type, not Eigen's: the kernels use it as storage with element-wise loops, and a
// campaign compiles hundreds of kernels, where Eigen's expression templates (instantiated per N)
// were a fifth of clang's time (issue #33). Default construction leaves the entries unset, as for
// a scalar; Zero() and Constant(v) fill them; `a << x, y, ...` sets them in order.
template <class S, int N>
struct Arr {
  S entries[N];

  Arr() = default;
  // Copied by hand, not trivially, as Eigen's arrays were: trivially copyable, the -O2 kernels
  // of the bench programs ran 15-30% slower (measured, bench/RESULTS.md, issue #33; small arrays
  // then travel in registers and are stored in halves, likely stalling the whole loads after).
  // Sums with array payloads are therefore copied by their tag. The copy is one memcpy where the
  // scalar allows it: copied entry by entry into closures built in the arena, the small GMM's
  // primal ran 1.35x slower (bench/RESULTS.md, stop 49).
  Arr(const Arr& o) { copy_from(o); }
  Arr& operator=(const Arr& o) {
    copy_from(o);
    return *this;
  }
  void copy_from(const Arr& o) {
    if constexpr (__is_trivially_copyable(S))
      __builtin_memcpy(entries, o.entries, sizeof entries);
    else
      for (int i = 0; i < N; ++i) entries[i] = o.entries[i];
  }
  // Arr<S, 3>(x, y, z): every entry given.
  template <class... V>
    requires(sizeof...(V) == N && N > 1)
  explicit Arr(const V&... v) : entries{S(v)...} {}

  static Arr Zero() { return Constant(S(0)); }
  static Arr Constant(const S& v) {
    Arr a;
    for (int i = 0; i < N; ++i) a.entries[i] = v;
    return a;
  }
  static constexpr int size() { return N; }
  S& operator[](int i) { return entries[i]; }
  const S& operator[](int i) const { return entries[i]; }
  S& operator()(int i) { return entries[i]; }
  const S& operator()(int i) const { return entries[i]; }
  S* data() { return entries; }
  const S* data() const { return entries; }
  // Entries start .. start + R - 1.
  template <int R>
  Arr<S, R> segment(int start) const {
    Arr<S, R> out;
    for (int i = 0; i < R; ++i) out.entries[i] = entries[start + i];
    return out;
  }
  // Up to 8 entries, `+=` adds entry by entry, unrolled: by the loop, the MLP's gradient at 1e4
  // and 1e5 ran 1.2-1.26x slower (bench/RESULTS.md, stop 55).
  Arr& operator+=(const Arr& x) {
    if constexpr (N <= 8)
      [&]<int... I>(std::integer_sequence<int, I...>) { ((entries[I] = entries[I] + x.entries[I]), ...); }(
          std::make_integer_sequence<int, N>{});
    else
      for (int i = 0; i < N; ++i) entries[i] = entries[i] + x.entries[i];
    return *this;
  }
  // Up to 4 entries, the sum is built from its entries, which the compiler keeps in registers.
  // Built by the loop, it lay on the stack, written an entry at a time and read back as one
  // vector: each such read waited for the stores (the ODE's gradient, whose field adds one-hot
  // real[4] cotangents, ran 1.2x slower; bench/RESULTS.md, issue #33).
  friend Arr operator+(const Arr& a, const Arr& b) {
    if constexpr (N > 1 && N <= 4)
      return [&]<int... I>(std::integer_sequence<int, I...>) { return Arr((a.entries[I] + b.entries[I])...); }(
          std::make_integer_sequence<int, N>{});
    Arr out;
    for (int i = 0; i < N; ++i) out.entries[i] = a.entries[i] + b.entries[i];
    return out;
  }
  friend bool operator==(const Arr& a, const Arr& b) {
    for (int i = 0; i < N; ++i)
      if (!(a.entries[i] == b.entries[i])) return false;
    return true;
  }

  // `a << x, y, ...`: the entries in order, each a scalar or a whole array (the rows of a
  // matrix literal).
  struct Filler {
    Arr* target;
    int next;
    Filler& operator,(const S& v) {
      target->entries[next++] = v;
      return *this;
    }
    template <int M>
    Filler& operator,(const Arr<S, M>& block) {
      for (int i = 0; i < M; ++i) target->entries[next++] = block.entries[i];
      return *this;
    }
  };
  Filler operator<<(const S& v) {
    Filler f{this, 0};
    return f, v;
  }
  template <int M>
  Filler operator<<(const Arr<S, M>& block) {
    Filler f{this, 0};
    return f, block;
  }
};

// A labelled sum; tag -1 is the zero of a (co)tangent sum, never a primal value. Where every
// payload is trivially copyable (reals, pairs, pointers, closures: most sums), the payload is a
// plain union beside a word-sized tag, so a sum is copied as whole words; std::variant's
// one-byte index, copied as part of a word, stalled the store-to-load forwarding of every copy
// and was the largest cost of reading a list (bench/RESULTS.md, issue 13). Payloads that are
// trivially destructible but not trivially copyable (arrays of a scalar that copies itself by
// hand, as Ceres's Jet) share that layout and are copied by their tag (`Copied`). Others (an AD
// tool's scalar with a destructor, as ADOL-C's adouble) keep std::variant.
namespace detail {
// Type traits as the compilers' own built-ins where they have them: the standard library's
// traits are class templates (with completeness checks that instantiate more), a measurable
// share of clang's time on a campaign's kernels (issue #33).
#if defined(__has_builtin)
#if __has_builtin(__is_trivially_copyable) && __has_builtin(__is_trivially_destructible)
template <class T>
inline constexpr bool trivially_copyable = __is_trivially_copyable(T);
template <class T>
inline constexpr bool trivially_destructible = __is_trivially_destructible(T);
#define CHAD_RT_BUILTIN_TRAITS 1
#endif
#if __has_builtin(__type_pack_element)
template <int I, class... T>
using pack_element = __type_pack_element<std::size_t(I), T...>;
#define CHAD_RT_BUILTIN_PACK_ELEMENT 1
#endif
#endif
#ifndef CHAD_RT_BUILTIN_TRAITS
template <class T>
inline constexpr bool trivially_copyable = std::is_trivially_copyable_v<T>;
template <class T>
inline constexpr bool trivially_destructible = std::is_trivially_destructible_v<T>;
#endif
#ifndef CHAD_RT_BUILTIN_PACK_ELEMENT
template <int I, class... T>
using pack_element = std::tuple_element_t<std::size_t(I), std::tuple<T...>>;
#endif

template <class... T>
union SumStorage {};
template <class H, class... R>
union SumStorage<H, R...> {
  H head;
  SumStorage<R...> rest;
  SumStorage() {}
};
template <int I, class H, class... R>
const auto& storage_get(const SumStorage<H, R...>& s) {
  if constexpr (I == 0) return s.head;
  else return storage_get<I - 1>(s.rest);
}
template <int I, class H, class... R, class P>
void storage_set(SumStorage<H, R...>& s, P&& payload) {
  if constexpr (I == 0) new (&s.head) H(std::forward<P>(payload));
  else storage_set<I - 1>(s.rest, std::forward<P>(payload));
}
[[noreturn, gnu::noinline, gnu::cold]] inline void wrong_payload(int asked, long tag) {
  throw Fault("sum: payload " + std::to_string(asked) + " asked of a value with tag " + std::to_string(tag));
}
}  // namespace detail

template <class... T>
struct Sum {
  template <int I>
  using Alternative = detail::pack_element<I, T...>;
  static constexpr int size = int(sizeof...(T));
  static constexpr bool trivial = (detail::trivially_copyable<T> && ...);
  struct Tagged {
    long tag = -1;
    detail::SumStorage<T...> payload;
  };
  static constexpr bool copied = !trivial && (detail::trivially_destructible<T> && ...);
  struct Copied {
    long tag = -1;
    detail::SumStorage<T...> payload;
    Copied() = default;
    Copied(const Copied& o) : tag(o.tag) { copy_payload(o, std::index_sequence_for<T...>{}); }
    Copied& operator=(const Copied& o) {
      if (this == &o) return *this;
      tag = o.tag;
      copy_payload(o, std::index_sequence_for<T...>{});
      return *this;
    }
    template <std::size_t... I>
    void copy_payload(const Copied& o, std::index_sequence<I...>) {
      ((o.tag == long(I) ? detail::storage_set<int(I)>(payload, detail::storage_get<int(I)>(o.payload)) : void()), ...);
    }
  };
  using Variant = std::variant<std::monostate, T...>;
  std::conditional_t<trivial, Tagged, std::conditional_t<copied, Copied, Variant>> value;

  int tag() const {
    if constexpr (trivial || copied) return int(value.tag);
    else return int(value.index()) - 1;
  }
  template <int I>
  static Sum make(Alternative<I> payload) {
    Sum s;
    if constexpr (trivial || copied) {
      s.value.tag = I;
      // The first three members written here, not through storage_set: no function per (sum,
      // constructor) for the compiler to make (issue #33); sums of more constructors are rare.
      if constexpr (I == 0) new (&s.value.payload.head) Alternative<I>(std::move(payload));
      else if constexpr (I == 1) new (&s.value.payload.rest.head) Alternative<I>(std::move(payload));
      else if constexpr (I == 2) new (&s.value.payload.rest.rest.head) Alternative<I>(std::move(payload));
      else detail::storage_set<I>(s.value.payload, std::move(payload));
    } else {
      s.value.template emplace<std::size_t(I + 1)>(std::move(payload));
    }
    return s;
  }
  template <int I>
  const Alternative<I>& get() const {
    if (tag() != I) [[unlikely]]
      detail::wrong_payload(I, tag());
    if constexpr (trivial || copied) {
      if constexpr (I == 0) return value.payload.head;  // as in make
      else if constexpr (I == 1) return value.payload.rest.head;
      else if constexpr (I == 2) return value.payload.rest.rest.head;
      else return detail::storage_get<I>(value.payload);
    } else {
      return *std::get_if<std::size_t(I + 1)>(&value);
    }
  }
};

// A function, linear function or power: a code pointer and an environment in the arena. The
// null Fn is the zero linear map: calling it gives zero<B>(). A linear function (accumulate_by_lambda)
// has only `accumulate_into`, which adds its value into a cotangent the caller holds (`add_into`:
// efficient CHAD's accumulation, only the value's nonzero parts touched); called, it adds into a
// zero. The others have only `invoke`, and add_into adds their value.
template <class A, class B>
struct Fn {
  B (*invoke)(const void*, const A&) = nullptr;
  const void* env = nullptr;
  void (*accumulate_into)(const void*, const A&, B&) = nullptr;

  B operator()(const A& a) const {
    if (invoke) [[likely]]
      return invoke(env, a);
    B out = zero<B>();
    if (accumulate_into) accumulate_into(env, a, out);
    return out;
  }
  // acc = acc + f(a), in place.
  void add_into(const A& a, B& acc) const {
    if (accumulate_into) [[likely]]
      accumulate_into(env, a, acc);
    else if (invoke)
      accumulate<B>(acc, invoke(env, a));
  }
  bool is_zero() const { return invoke == nullptr && accumulate_into == nullptr; }
};

// fn places its lambda in the arena itself, not through make<L>, which was one more function per
// lambda for the compiler to make (a campaign's kernels hold thousands); the code generator's
// closures go further and write fn's work out (Emitter::closure_object): the lambda built in the
// arena, `const auto* const l = ::new (chad_rt::in_arena) auto([=](...) {...});`, and a linear
// function is `Fn{nullptr, l, &detail::accumulate_by_lambda<A, B, decltype(l)>}`. The thunks take
// the lambda's pointer type P (`const L*`), so that no trait is instantiated to name L.
namespace detail {
template <class A, class B, class P>
B call_lambda(const void* env, const A& a) {
  return (*static_cast<P>(env))(a);
}
template <class A, class B, class L>
B call_empty_lambda(const void*, const A& a) {
  return L{}(a);
}
template <class A, class B, class P>
void accumulate_by_lambda(const void* env, const A& a, B& acc) {
  (*static_cast<P>(env))(a, acc);
}
}  // namespace detail

// `lambda` as an Fn: copied into the arena (no copy for a lambda that captures nothing).
template <class A, class B, class L>
Fn<A, B> fn(L lambda) {
  if constexpr (__is_empty(L) && requires { L{}; }) {  // (built-in and requires: no trait classes to instantiate)
    return {&detail::call_empty_lambda<A, B, L>, nullptr};
  } else {
    const L* env = ::new (in_arena) L(std::move(lambda));
    return {&detail::call_lambda<A, B, const L*>, env};
  }
}

// ---- mu types: generated `struct M { using Payload = ...; Payload payload; }`, values const M*.
template <class N>
concept NuNode = requires(const N& n) {
  typename N::Payload;
  n.thunk;
  n.forced;
  n.memo;
};
template <class M>
concept MuNode = !NuNode<M> && requires(const M& m) {
  typename M::Payload;
  m.payload;
};

template <class M>
const M* roll(typename M::Payload payload) {
  return make<M>(std::move(payload));
}
template <class M>
const typename M::Payload& unroll(const M* node) {
  if (!node) [[unlikely]]
    throw_fault("unroll of a zero (null) inductive value");
  return node->payload;
}
// A linear inductive (co)tangent: null stands for zero. (lin_roll / lin_unroll of a linear
// coinductive one are below: CHAD's target rolls and unrolls both kinds alike.)
template <MuNode M>
typename M::Payload lin_unroll(const M* node) {
  if (!node) return zero<typename M::Payload>();
  return node->payload;
}
template <MuNode M>
const M* lin_roll(typename M::Payload payload) {
  return roll<M>(std::move(payload));
}

// ---- nu types: generated `struct N { using Payload; Fn<Unit, Payload> thunk; mutable bool
// forced = false; mutable Payload memo; }`, values const N*; forced once, then memoised.
template <class N>
const N* delay(Fn<Unit, typename N::Payload> thunk) {
  N* node = make<N>();
  node->thunk = thunk;
  return node;
}
template <class N>
const typename N::Payload& force(const N* node) {
  if (!node) [[unlikely]]
    throw_fault("force of a zero (null) coinductive value");
  if (!node->forced) {
    auto value = node->thunk(Unit{});
    node->memo = std::move(value);
    node->forced = true;
  }
  return node->memo;
}
template <class N>
typename N::Payload lin_force(const N* node) {
  if (!node) return zero<typename N::Payload>();
  return force(node);
}
// A linear coinductive (co)tangent given whole: a node already forced; unrolled, its payload.
template <NuNode N>
const N* lin_roll(typename N::Payload payload) {
  return make<N>(Fn<Unit, typename N::Payload>{}, true, std::move(payload));
}
template <NuNode N>
typename N::Payload lin_unroll(const N* node) {
  return lin_force(node);
}
// The payload of a (co)tangent node just made by lin_roll, for a loop that reads a list's
// (co)tangent to fill in its child (kernel_abi_emitter.cpp) before anything else holds the node.
template <MuNode M>
typename M::Payload& payload_to_fill(const M* node) {
  return const_cast<M*>(node)->payload;
}
template <NuNode N>
typename N::Payload& payload_to_fill(const N* node) {
  return node->memo;
}

// ---- copowers !A (x) L: formal sums of (a, l), a binary tree; null is the empty sum.
template <class A, class L>
struct CopowerNode {
  bool is_sum;                      // false: the term (a, l); true: left + right
  A a;
  L l;
  const CopowerNode* left;
  const CopowerNode* right;
};
template <class A, class L>
using Copower = const CopowerNode<A, L>*;

template <class A, class L>
Copower<A, L> copower_unit(A a, L l) {
  return make<CopowerNode<A, L>>(false, std::move(a), std::move(l), nullptr, nullptr);
}

// The sum of f(a)(l) over the terms, left to right (an explicit stack: a copower can hold
// millions of terms); R's zero if there are none. A term whose f(a) is the zero map adds nothing.
template <class R, class A, class L>
R copower_fold(Copower<A, L> copower, const Fn<A, Fn<L, R>>& f) {
  R total = zero<R>();
  bool empty = true;
  std::vector<const CopowerNode<A, L>*> stack;
  if (copower) stack.push_back(copower);
  while (!stack.empty()) {
    const CopowerNode<A, L>* node = stack.back();
    stack.pop_back();
    if (node->is_sum) {
      if (node->right) stack.push_back(node->right);
      if (node->left) stack.push_back(node->left);
      continue;
    }
    Fn<L, R> linear = f(node->a);
    if (linear.is_zero()) continue;
    if (empty) {
      total = linear(node->l);
      empty = false;
    } else {
      total = add(total, linear(node->l));
    }
  }
  return total;
}

}  // namespace chad_rt

#endif  // CHAD_RT_VALUES_HPP
