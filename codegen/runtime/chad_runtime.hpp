// The runtime every generated kernel includes (issue 13, DESIGN13 "The runtime API"): an arena
// for one kernel call, the value representations (Unit, Pair, Sum, Arr, Fn, mu and nu nodes,
// copowers), their linear structure (zero, add, zero_at, sum_out), the primitives with their
// forward derivatives and transposes (the same definitions as semantics/primitive_ops.cpp and
// semantics/primitive_derivatives.cpp), the kernel ABI's readers and writers, run_kernel (which
// runs a kernel on a deep stack and maps its exceptions to return codes), and a reader of values
// written as text for a standalone kernel's `--at`. Self-contained: the standard library, Eigen
// and chad_kernel_abi.h only; everything inline or a template, in namespace chad_rt.
#ifndef CHAD_RUNTIME_HPP
#define CHAD_RUNTIME_HPP

#ifndef EIGEN_MAX_STATIC_ALIGN_BYTES
#define EIGEN_MAX_STATIC_ALIGN_BYTES 0  // arena objects need no alignment beyond alignof
#endif
#include <Eigen/Dense>

#include <sys/mman.h>
#include <pthread.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#ifndef CHAD_KERNEL_ABI_H
#include "chad_kernel_abi.h"
#endif

#if defined(__SANITIZE_ADDRESS__)
#define CHAD_RT_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CHAD_RT_ASAN_FIBERS 1
#endif
#endif
#ifdef CHAD_RT_ASAN_FIBERS
#include <sanitizer/common_interface_defs.h>
#endif

namespace chad_rt {

// ==== Errors ====================================================================================

// A partial primitive applied outside its domain (log 0, x / 0): the input's fault.
struct DomainError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// An internal fault of the program (CHAD's bug, never the input's).
struct Fault : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Adding (co)tangents of different constructors of a lifted sum.
struct LiftedSumInconsistency : Fault {
  LiftedSumInconsistency(int left_tag, int right_tag)
      : Fault("lifted-sum inconsistency: adding (co)tangents of constructors " + std::to_string(left_tag) +
              " and " + std::to_string(right_tag)) {}
};
// Tags or coordinates (or `--at` text) that do not describe a value of the input type.
struct BadInput : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A double as the evaluator prints it in messages (syntax/printer.cpp print_real): the shortest
// text that reads back exactly, plain decimals for moderate magnitudes, 1e999 for infinity.
inline std::string describe_real(double value) {
  if (!std::isfinite(value)) return value > 0 ? "1e999" : (value < 0 ? "-1e999" : "nan");
  char buffer[400];
  const double magnitude = std::fabs(value);
  const bool plain = magnitude == 0 || (magnitude >= 1e-5 && magnitude < 1e16);
  auto result = plain ? std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed)
                      : std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

// ==== Scalars at the ABI (customisation points for another scalar type) ==========================

inline double to_double(const double& x) { return x; }
// For messages and the double ABI: a scalar that converts (double, ADOL-C's adouble), or an AD
// tool's dual number by its value part (Ceres's Jet: `.a`). Overload it for another type.
template <class S>
double to_double(const S& x) {
  if constexpr (requires { static_cast<double>(x); })
    return static_cast<double>(x);
  else
    return to_double(x.a);
}
template <class S>
S from_double(double x) {
  return S(x);
}

// ==== The arena ==================================================================================

namespace detail {
// Chunks alive in all arenas (for tests that check that a scope releases its memory).
inline std::atomic<long> live_chunks{0};

struct Chunk {
  Chunk* previous;
  std::size_t bytes;
  std::max_align_t padding;  // keeps the data after the header aligned
};

// Chunks of finished arenas, kept (up to 256 MiB per thread) for the next ones: a kernel called
// again and again would otherwise fault its arena's pages in afresh at every call.
struct ChunkCache {
  static constexpr std::size_t kKeptBytes = std::size_t(256) << 20;
  Chunk* head = nullptr;
  std::size_t bytes = 0;
  ChunkCache() = default;
  ChunkCache(const ChunkCache&) = delete;
  ChunkCache& operator=(const ChunkCache&) = delete;
  ~ChunkCache() {
    while (head) {
      Chunk* next = head->previous;
      std::free(head);
      head = next;
    }
  }
  // A kept chunk of at least `needed` bytes, or null.
  Chunk* take(std::size_t needed) {
    for (Chunk** at = &head; *at; at = &(*at)->previous)
      if ((*at)->bytes >= needed) {
        Chunk* c = *at;
        *at = c->previous;
        bytes -= c->bytes;
        return c;
      }
    return nullptr;
  }
  void give(Chunk* c) {
    if (bytes + c->bytes > kKeptBytes) {
      std::free(c);
      return;
    }
    c->previous = head;
    head = c;
    bytes += c->bytes;
  }
};
inline thread_local ChunkCache chunk_cache;
}  // namespace detail

// A bump allocator over a list of chunks (the first 64 KiB, each next one twice as large, up to
// 16 MiB; a larger request gets a chunk of its own). Nothing is freed before the arena is; no
// destructor of an object in it ever runs. Its chunks go back to the thread's ChunkCache.
class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena() {
    while (head_) {
      Chunk* previous = head_->previous;
      detail::chunk_cache.give(head_);
      detail::live_chunks.fetch_sub(1, std::memory_order_relaxed);
      head_ = previous;
    }
  }

  void* allocate(std::size_t size, std::size_t align) {
    const std::uintptr_t start = (cursor_ + (align - 1)) & ~std::uintptr_t(align - 1);
    if (start + size <= end_ && end_ != 0) [[likely]] {
      cursor_ = start + size;
      return reinterpret_cast<void*>(start);
    }
    return allocate_in_new_chunk(size, align);
  }

  std::size_t chunk_count() const {
    std::size_t count = 0;
    for (const Chunk* c = head_; c; c = c->previous) ++count;
    return count;
  }

 private:
  using Chunk = detail::Chunk;
  static constexpr std::size_t kFirstChunk = std::size_t(64) << 10;
  static constexpr std::size_t kLargestChunk = std::size_t(16) << 20;

  void* allocate_in_new_chunk(std::size_t size, std::size_t align) {
    std::size_t bytes = next_chunk_;
    if (next_chunk_ < kLargestChunk) next_chunk_ *= 2;
    if (bytes < size + align + sizeof(Chunk)) bytes = size + align + sizeof(Chunk);
    Chunk* chunk = detail::chunk_cache.take(bytes);
    if (!chunk) {
      chunk = static_cast<Chunk*>(std::malloc(bytes));
      if (!chunk) throw std::bad_alloc();
      chunk->bytes = bytes;
    }
    detail::live_chunks.fetch_add(1, std::memory_order_relaxed);
    chunk->previous = head_;
    head_ = chunk;
    cursor_ = reinterpret_cast<std::uintptr_t>(chunk) + sizeof(Chunk);
    end_ = reinterpret_cast<std::uintptr_t>(chunk) + chunk->bytes;
    return allocate(size, align);
  }

  Chunk* head_ = nullptr;
  std::uintptr_t cursor_ = 0, end_ = 0;
  std::size_t next_chunk_ = kFirstChunk;
};

namespace detail {
inline thread_local Arena* current_arena = nullptr;
}  // namespace detail

// The current thread's arena: the innermost ArenaScope's, or (outside every scope) one that lives
// as long as the thread.
inline Arena& arena() {
  if (Arena* a = detail::current_arena) [[likely]]
    return *a;
  // The thread's chunk cache is touched first, so that it is destroyed last (thread-locals die in
  // the reverse order of their first use): the arena below gives its chunks back to it at the
  // thread's exit, and they are freed there instead of lost.
  (void)detail::chunk_cache.bytes;
  static thread_local Arena outside_every_scope;
  return outside_every_scope;
}

// Installs a fresh arena for one kernel call; frees it and restores the previous one at exit.
struct ArenaScope {
  ArenaScope() : previous(detail::current_arena) { detail::current_arena = &own; }
  ~ArenaScope() { detail::current_arena = previous; }
  ArenaScope(const ArenaScope&) = delete;
  ArenaScope& operator=(const ArenaScope&) = delete;
  Arena own;
  Arena* previous;
};

// A T built in the current arena (braces for aggregates); its destructor never runs.
template <class T, class... A>
T* make(A&&... args) {
  void* memory = arena().allocate(sizeof(T), alignof(T));
  if constexpr (std::is_aggregate_v<T>)
    return ::new (memory) T{std::forward<A>(args)...};
  else
    return ::new (memory) T(std::forward<A>(args)...);
}

// Room for n values of T in the current arena, not yet built (placement new builds each): the
// loops of folds over lists keep their spine and records here, in chunks kept between calls.
template <class T>
T* arena_array(std::size_t n) {
  return static_cast<T*>(arena().allocate(sizeof(T) * n, alignof(T)));
}

// ==== Value representations ======================================================================

template <class T>
T zero();
template <class T>
T add(const T& a, const T& b);

struct Unit {
  friend bool operator==(const Unit&, const Unit&) { return true; }
};

template <class A, class B>
struct Pair {
  A fst;
  B snd;
};

// real[n1..nk], k >= 1: the n1*...*nk entries in row-major order.
template <class S, int N>
using Arr = Eigen::Array<S, N, 1>;

// A labelled sum; tag -1 is the zero of a (co)tangent sum, never a primal value. Where every
// payload is trivially copyable (reals, pairs, pointers, closures: most sums), the payload is a
// plain union beside a word-sized tag, so a sum is copied as whole words; std::variant's
// one-byte index, copied as part of a word, stalled the store-to-load forwarding of every copy
// and was the largest cost of reading a list (bench/RESULTS.md, issue 13). Other payloads
// (Eigen arrays) keep std::variant.
namespace detail {
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
  using Alternative = std::tuple_element_t<std::size_t(I), std::tuple<T...>>;
  static constexpr int size = int(sizeof...(T));
  static constexpr bool trivial = (std::is_trivially_copyable_v<T> && ...);
  struct Tagged {
    long tag = -1;
    detail::SumStorage<T...> payload;
  };
  using Variant = std::variant<std::monostate, T...>;
  std::conditional_t<trivial, Tagged, Variant> value;

  int tag() const {
    if constexpr (trivial) return int(value.tag);
    else return int(value.index()) - 1;
  }
  template <int I>
  static Sum make(Alternative<I> payload) {
    Sum s;
    if constexpr (trivial) {
      s.value.tag = I;
      detail::storage_set<I>(s.value.payload, std::move(payload));
    } else {
      s.value.template emplace<std::size_t(I + 1)>(std::move(payload));
    }
    return s;
  }
  template <int I>
  const Alternative<I>& get() const {
    if (tag() != I) [[unlikely]]
      detail::wrong_payload(I, tag());
    if constexpr (trivial) return detail::storage_get<I>(value.payload);
    else return *std::get_if<std::size_t(I + 1)>(&value);
  }
};

// A function, linear function or power: a code pointer and an environment in the arena. The
// null Fn is the zero linear map: calling it gives zero<B>().
template <class A, class B>
struct Fn {
  B (*invoke)(const void*, const A&) = nullptr;
  const void* env = nullptr;

  B operator()(const A& a) const {
    if (invoke) [[likely]]
      return invoke(env, a);
    return zero<B>();
  }
  bool is_zero() const { return invoke == nullptr; }
};

namespace detail {
template <class A, class B, class L>
B call_lambda(const void* env, const A& a) {
  return (*static_cast<const L*>(env))(a);
}
template <class A, class B, class L>
B call_empty_lambda(const void*, const A& a) {
  return L{}(a);
}
}  // namespace detail

// `lambda` as an Fn: copied into the arena (no copy for a lambda that captures nothing).
template <class A, class B, class L>
Fn<A, B> fn(L lambda) {
  if constexpr (std::is_empty_v<L> && std::is_default_constructible_v<L>) {
    return {&detail::call_empty_lambda<A, B, L>, nullptr};
  } else {
    const L* env = make<L>(std::move(lambda));
    return {&detail::call_lambda<A, B, L>, env};
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
    throw Fault("unroll of a zero (null) inductive value");
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
    throw Fault("force of a zero (null) coinductive value");
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

// ==== Linear structure ===========================================================================

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

// ==== Primitives =================================================================================
// Values as semantics/primitive_ops.cpp and model/primitives.hpp; derivatives as
// semantics/primitive_derivatives.cpp and semantics/derivative_table.cpp (formulas beside).

namespace detail {
template <class X>
struct ScalarOf {
  using type = X;
  static constexpr int size = 0;  // not an array
};
template <class S, int N>
struct ScalarOf<Eigen::Array<S, N, 1>> {
  using type = S;
  static constexpr int size = N;
};
template <class X>
constexpr bool is_array = ScalarOf<X>::size > 0;

// Entry k of a scalar (k = 0) or an array.
template <class X>
const typename ScalarOf<X>::type& entry(const X& x, int k) {
  if constexpr (is_array<X>) return x[k];
  else return (void)k, x;
}
template <class X>
constexpr int entry_count = is_array<X> ? ScalarOf<X>::size : 1;

// A value shaped like X with entry k = f(k).
template <class X, class F>
X build(F&& f) {
  if constexpr (is_array<X>) {
    X out;
    for (int k = 0; k < ScalarOf<X>::size; ++k) out[k] = f(k);
    return out;
  } else {
    return f(0);
  }
}

template <class S>
[[noreturn]] void domain_error(const char* primitive, const S& x) {
  throw DomainError("domain error: `" + std::string(primitive) + "` applied to " + describe_real(to_double(x)) +
                    ", outside its domain");
}
// log, sqrt: x > 0 (NaN fails).
template <class X>
void require_positive(const X& x, const char* primitive) {
  using S = typename ScalarOf<X>::type;
  for (int k = 0; k < entry_count<X>; ++k)
    if (!(entry(x, k) > S(0))) [[unlikely]]
      domain_error(primitive, entry(x, k));
}
// /: the divisor non-zero and not NaN.
template <class X>
void require_nonzero(const X& x, const char* primitive) {
  for (int k = 0; k < entry_count<X>; ++k) {
    const auto& e = entry(x, k);
    if (e == 0 || e != e) [[unlikely]]
      domain_error(primitive, e);
  }
}

template <class S>
S sigmoid(const S& x) {
  using std::exp;
  if constexpr (std::is_same_v<S, double>) {  // no overflow of exp for large |x|
    return x >= 0 ? 1 / (1 + std::exp(-x)) : std::exp(x) / (1 + std::exp(x));
  } else {
    return S(1) / (S(1) + exp(-x));
  }
}
template <class S>
S softplus(const S& x) {  // log(1 + exp x)
  using std::exp, std::log;
  if constexpr (std::is_same_v<S, double>) {
    return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
  } else {
    return log(S(1) + exp(x));
  }
}

// CHAD's derivative table (semantics/derivative_table.cpp): f'(x) of each unary primitive.
template <class S> S d_neg(const S&) { return S(-1); }                  // (-x)' = -1
template <class S> S d_sin(const S& x) { using std::cos; return cos(x); }   // sin' = cos
template <class S> S d_cos(const S& x) { using std::sin; return -sin(x); }  // cos' = -sin
template <class S> S d_exp(const S& x) { using std::exp; return exp(x); }   // exp' = exp
template <class S> S d_log(const S& x) { return S(1) / x; }                 // log' = 1/x
template <class S> S d_sqrt(const S& x) { using std::sqrt; return S(1) / (S(2) * sqrt(x)); }  // 1/(2 sqrt x)
template <class S> S d_tanh(const S& x) {  // tanh' = 1 - tanh^2
  using std::tanh;
  const S t = tanh(x);
  return S(1) - t * t;
}
template <class S> S d_sigmoid(const S& x) {  // sigmoid' = s (1 - s), s = sigmoid x
  const S s = sigmoid(x);
  return s * (S(1) - s);
}
template <class S> S d_softplus(const S& x) { return sigmoid(x); }  // softplus' = sigmoid
}  // namespace detail

// ---- elementwise binary: + - * /
template <class X>
X prim_add(const X& a, const X& b) {
  return detail::build<X>([&](int k) { return detail::entry(a, k) + detail::entry(b, k); });
}
template <class X>
X prim_sub(const X& a, const X& b) {
  return detail::build<X>([&](int k) { return detail::entry(a, k) - detail::entry(b, k); });
}
template <class X>
X prim_mul(const X& a, const X& b) {
  return detail::build<X>([&](int k) { return detail::entry(a, k) * detail::entry(b, k); });
}
template <class X>
X prim_div(const X& a, const X& b) {
  detail::require_nonzero(b, "/");
  return detail::build<X>([&](int k) { return detail::entry(a, k) / detail::entry(b, k); });
}
// (a +- b)' = da +- db
template <class X>
X fwd_add(const X&, const X&, const X& da, const X& db) {
  return prim_add(da, db);
}
template <class X>
X fwd_sub(const X&, const X&, const X& da, const X& db) {
  return prim_sub(da, db);
}
// (a b)' = da b + a db
template <class X>
X fwd_mul(const X& a, const X& b, const X& da, const X& db) {
  using namespace detail;
  return build<X>([&](int k) { return entry(da, k) * entry(b, k) + entry(a, k) * entry(db, k); });
}
// (a / b)' = da / b - a db / b^2
template <class X>
X fwd_div(const X& a, const X& b, const X& da, const X& db) {
  using namespace detail;
  return build<X>([&](int k) {
    const auto& bk = entry(b, k);
    return entry(da, k) / bk - entry(a, k) * entry(db, k) / (bk * bk);
  });
}
// (v, v), (v, -v)
template <class X>
Pair<X, X> rev_add(const X&, const X&, const X& v) {
  return {v, v};
}
template <class X>
Pair<X, X> rev_sub(const X&, const X&, const X& v) {
  return {v, detail::build<X>([&](int k) { return -detail::entry(v, k); })};
}
// (v b, v a)
template <class X>
Pair<X, X> rev_mul(const X& a, const X& b, const X& v) {
  using namespace detail;
  return {build<X>([&](int k) { return entry(v, k) * entry(b, k); }),
          build<X>([&](int k) { return entry(v, k) * entry(a, k); })};
}
// (v / b, -v a / b^2)
template <class X>
Pair<X, X> rev_div(const X& a, const X& b, const X& v) {
  using namespace detail;
  return {build<X>([&](int k) { return entry(v, k) / entry(b, k); }),
          build<X>([&](int k) { return -(entry(v, k) * entry(a, k)) / (entry(b, k) * entry(b, k)); })};
}

// ---- elementwise unary: value, f'(a) da, f'(a) v (a diagonal map is its own transpose)
#define CHAD_RT_UNARY(NAME, VALUE, DERIVATIVE, CHECK)                                            \
  template <class X>                                                                             \
  X prim_##NAME(const X& x) {                                                                    \
    CHECK;                                                                                       \
    return detail::build<X>([&](int k) {                                                         \
      using S = typename detail::ScalarOf<X>::type;                                              \
      using std::sin, std::cos, std::exp, std::log, std::sqrt, std::tanh;                        \
      const S& a = detail::entry(x, k);                                                          \
      return S(VALUE);                                                                           \
    });                                                                                          \
  }                                                                                              \
  template <class X>                                                                             \
  X fwd_##NAME(const X& x, const X& dx) {                                                        \
    return detail::build<X>([&](int k) {                                                         \
      return detail::DERIVATIVE(detail::entry(x, k)) * detail::entry(dx, k);                     \
    });                                                                                          \
  }                                                                                              \
  template <class X>                                                                             \
  X rev_##NAME(const X& x, const X& v) {                                                         \
    return fwd_##NAME(x, v);                                                                     \
  }
CHAD_RT_UNARY(neg, -a, d_neg, (void)0)
CHAD_RT_UNARY(sin, sin(a), d_sin, (void)0)
CHAD_RT_UNARY(cos, cos(a), d_cos, (void)0)
CHAD_RT_UNARY(exp, exp(a), d_exp, (void)0)
CHAD_RT_UNARY(log, log(a), d_log, detail::require_positive(x, "log"))
CHAD_RT_UNARY(sqrt, sqrt(a), d_sqrt, detail::require_positive(x, "sqrt"))
CHAD_RT_UNARY(tanh, tanh(a), d_tanh, (void)0)
CHAD_RT_UNARY(sigmoid, detail::sigmoid(a), d_sigmoid, (void)0)
CHAD_RT_UNARY(softplus, detail::softplus(a), d_softplus, (void)0)
#undef CHAD_RT_UNARY

// ---- sum(x): real[s] -> real
template <class X>
typename detail::ScalarOf<X>::type prim_sum(const X& x) {
  auto total = detail::entry(x, 0);
  for (int k = 1; k < detail::entry_count<X>; ++k) total = total + detail::entry(x, k);
  return total;
}
// (sum a)' = sum da
template <class X>
typename detail::ScalarOf<X>::type fwd_sum(const X&, const X& dx) {
  using S = typename detail::ScalarOf<X>::type;
  S total(0);
  for (int k = 0; k < detail::entry_count<X>; ++k) total = total + detail::entry(dx, k);
  return total;
}
// v replicated to the operand's shape (N = 0: a scalar operand).
template <int N, class S>
std::conditional_t<N == 0, S, Arr<S, (N == 0 ? 1 : N)>> rev_sum(const S& v) {
  if constexpr (N == 0) return v;
  else return Arr<S, N>::Constant(v);
}
template <int N, class X, class S>
auto rev_sum(const X&, const S& v) {
  return rev_sum<N>(v);
}
template <class X, class S>
X rev_sum(const X&, const S& v) {
  return rev_sum<detail::ScalarOf<X>::size>(v);
}

// ---- dot(u, w): real[n] * real[n] -> real
template <class S, int N>
S prim_dot(const Arr<S, N>& u, const Arr<S, N>& w) {
  S total = u[0] * w[0];
  for (int k = 1; k < N; ++k) total = total + u[k] * w[k];
  return total;
}
// dot(u, w)' = dot(du, w) + dot(u, dw)
template <class S, int N>
S fwd_dot(const Arr<S, N>& u, const Arr<S, N>& w, const Arr<S, N>& du, const Arr<S, N>& dw) {
  S total(0);
  for (int k = 0; k < N; ++k) total = total + du[k] * w[k] + u[k] * dw[k];
  return total;
}
// (v w, v u)
template <class S, int N>
Pair<Arr<S, N>, Arr<S, N>> rev_dot(const Arr<S, N>& u, const Arr<S, N>& w, const S& v) {
  Pair<Arr<S, N>, Arr<S, N>> out;
  for (int k = 0; k < N; ++k) out.fst[k] = v * w[k], out.snd[k] = v * u[k];
  return out;
}

// ---- matvec(m, x): real[R,C] * real[C] -> real[R] (m row-major)
template <int R, int C, class S>
Arr<S, R> prim_matvec(const Arr<S, R * C>& m, const Arr<S, C>& x) {
  Arr<S, R> out;
  for (int r = 0; r < R; ++r) {
    S total = m[r * C] * x[0];
    for (int c = 1; c < C; ++c) total = total + m[r * C + c] * x[c];
    out[r] = total;
  }
  return out;
}
// matvec(m, x)' = dm x + m dx
template <int R, int C, class S>
Arr<S, R> fwd_matvec(const Arr<S, R * C>& m, const Arr<S, C>& x, const Arr<S, R * C>& dm, const Arr<S, C>& dx) {
  Arr<S, R> out;
  for (int r = 0; r < R; ++r) {
    S total(0);
    for (int c = 0; c < C; ++c) total = total + dm[r * C + c] * x[c] + m[r * C + c] * dx[c];
    out[r] = total;
  }
  return out;
}
// (v x^T, m^T v)
template <int R, int C, class S>
Pair<Arr<S, R * C>, Arr<S, C>> rev_matvec(const Arr<S, R * C>& m, const Arr<S, C>& x, const Arr<S, R>& v) {
  Pair<Arr<S, R * C>, Arr<S, C>> out{Arr<S, R * C>(), Arr<S, C>::Zero()};
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) {
      out.fst[r * C + c] = v[r] * x[c];
      out.snd[c] = out.snd[c] + m[r * C + c] * v[r];
    }
  return out;
}

// ---- scale(c, w): real * real[s] -> real[s]
template <class S, class X>
X prim_scale(const S& c, const X& w) {
  return detail::build<X>([&](int k) { return c * detail::entry(w, k); });
}
// scale(c, w)' = dc w + c dw
template <class S, class X>
X fwd_scale(const S& c, const X& w, const S& dc, const X& dw) {
  return detail::build<X>([&](int k) { return dc * detail::entry(w, k) + c * detail::entry(dw, k); });
}
// (sum_k v_k w_k, c v)
template <class S, class X>
Pair<S, X> rev_scale(const S& c, const X& w, const X& v) {
  S total(0);
  for (int k = 0; k < detail::entry_count<X>; ++k) total = total + detail::entry(v, k) * detail::entry(w, k);
  return {total, detail::build<X>([&](int k) { return c * detail::entry(v, k); })};
}

// ---- get(v, I): real[n] -> real
template <int I, class S, int N>
S prim_get(const Arr<S, N>& v) {
  static_assert(0 <= I && I < N, "get: index out of range");
  return v[I];
}
// get(v, i)' = dv[i]
template <int I, class S, int N>
S fwd_get(const Arr<S, N>&, const Arr<S, N>& dv) {
  return prim_get<I>(dv);
}
template <int I, class S, int N>
S fwd_get(const Arr<S, N>& dv) {
  return prim_get<I>(dv);
}
// v at position I, zeros elsewhere
template <int I, int N, class S>
Arr<S, N> rev_get(const S& v) {
  static_assert(0 <= I && I < N, "get: index out of range");
  Arr<S, N> out = Arr<S, N>::Zero();
  out[I] = v;
  return out;
}
template <int I, int N, class S>
Arr<S, N> rev_get(const Arr<S, N>&, const S& v) {
  return rev_get<I, N>(v);
}

// ---- vec(e1, ..., en): real * ... * real -> real[n]
template <class S, class... Rest>
Arr<S, 1 + int(sizeof...(Rest))> prim_vec(const S& first, const Rest&... rest) {
  Arr<S, 1 + int(sizeof...(Rest))> out;
  int k = 0;
  out[k++] = first;
  ((out[k++] = S(rest)), ...);
  return out;
}
// vec(e1..en)' = vec(de1..den): the arguments are e1..en then de1..den.
template <class... X>
  requires(sizeof...(X) >= 2 && sizeof...(X) % 2 == 0)
auto fwd_vec(const X&... args) {
  constexpr int n = int(sizeof...(X)) / 2;
  auto all = std::forward_as_tuple(args...);
  using S = std::decay_t<std::tuple_element_t<0, std::tuple<X...>>>;
  return [&]<int... K>(std::integer_sequence<int, K...>) {
    return prim_vec<S>(S(std::get<n + K>(all))...);
  }(std::make_integer_sequence<int, n>{});
}
namespace detail {
// (v[I], (v[I+1], ... v[N-1])), right-nested; a single S for the last.
template <int I, class S, int N>
auto tuple_from(const Arr<S, N>& v) {
  if constexpr (I == N - 1) return S(v[I]);
  else return Pair<S, decltype(tuple_from<I + 1>(v))>{v[I], tuple_from<I + 1>(v)};
}
}  // namespace detail
// (v[0], ..., v[n-1]) as the n-tuple Pair<S, Pair<S, ... S>>.
template <int N, class S>
auto rev_vec(const Arr<S, N>& v) {
  return detail::tuple_from<0>(v);
}
// The arguments are e1..en then the cotangent v.
template <class... X>
  requires(sizeof...(X) >= 2)
auto rev_vec(const X&... args) {
  const auto& v = std::get<sizeof...(X) - 1>(std::forward_as_tuple(args...));
  return detail::tuple_from<0>(v);
}

// ---- comparisons: bool = Sum<Unit, Unit>, False = tag 0, True = tag 1; derivatives zero.
using Bool = Sum<Unit, Unit>;
inline Bool make_bool(bool b) { return b ? Bool::make<1>(Unit{}) : Bool::make<0>(Unit{}); }
template <class S>
Bool prim_lt(const S& a, const S& b) {
  return make_bool(a < b);
}
template <class S>
Bool prim_gt(const S& a, const S& b) {
  return make_bool(b < a);
}
template <class T = Unit, class S>
T fwd_lt(const S&, const S&, const S&, const S&) {
  return zero<T>();
}
template <class T = Unit, class S>
T fwd_gt(const S&, const S&, const S&, const S&) {
  return zero<T>();
}
template <class S, class V>
Pair<S, S> rev_lt(const S&, const S&, const V&) {
  return {S(0), S(0)};
}
template <class S, class V>
Pair<S, S> rev_gt(const S&, const S&, const V&) {
  return {S(0), S(0)};
}

// ==== Normal forms at the ABI ====================================================================

// Reads a value's pre-order constructor tags and its coordinates; BadInput on too few, too many
// or a tag out of range.
struct InputReader {
  explicit InputReader(const chad_kernel_call& call)
      : InputReader(call.input_tags, call.input_tag_count, call.input, call.input_dimension) {}
  InputReader(const int* tags, std::size_t tag_count, const double* coords, std::size_t coord_count)
      : tags_(tags), tag_count_(tag_count), coords_(coords), coord_count_(coord_count) {}
  // Coordinates already in the program's scalar type S (an AD tool's active variables: ADOL-C's
  // adouble, Ceres's Jet), read by real<S>() with the same S.
  template <class S>
  static InputReader typed(const int* tags, std::size_t tag_count, const S* coords, std::size_t coord_count) {
    InputReader in(tags, tag_count, nullptr, coord_count);
    in.typed_coords_ = coords;
    return in;
  }

  // The checks' failures are out of line, so that the readers inline these.
  int tag(int ctor_count) {
    if (next_tag_ >= tag_count_) [[unlikely]]
      too_few_tags();
    const int t = tags_[next_tag_];
    if (t < 0 || t >= ctor_count) [[unlikely]]
      tag_out_of_range(t, ctor_count);
    ++next_tag_;
    return t;
  }
  template <class S>
  S real() {
    if (next_coord_ >= coord_count_) [[unlikely]]
      too_few_coordinates();
    if (typed_coords_) return static_cast<const S*>(typed_coords_)[next_coord_++];
    return from_double<S>(coords_[next_coord_++]);
  }
  template <class S, int N>
  Arr<S, N> array() {
    Arr<S, N> out;
    for (int k = 0; k < N; ++k) out[k] = real<S>();
    return out;
  }
  void finish() const {
    if (next_tag_ != tag_count_)
      throw BadInput("too many tags: " + std::to_string(tag_count_) + " given, the value uses " +
                     std::to_string(next_tag_));
    if (next_coord_ != coord_count_)
      throw BadInput("too many coordinates: " + std::to_string(coord_count_) + " given, the value uses " +
                     std::to_string(next_coord_));
  }

 private:
  [[noreturn, gnu::noinline, gnu::cold]] void too_few_tags() const {
    throw BadInput("too few tags: the input's index ends after " + std::to_string(tag_count_) + " tags");
  }
  [[noreturn, gnu::noinline, gnu::cold]] void tag_out_of_range(int t, int ctor_count) const {
    throw BadInput("tag " + std::to_string(next_tag_) + " is " + std::to_string(t) + ", out of range 0.." +
                   std::to_string(ctor_count - 1));
  }
  [[noreturn, gnu::noinline, gnu::cold]] void too_few_coordinates() const {
    throw BadInput("too few coordinates: the input has " + std::to_string(coord_count_));
  }

  const int* tags_;
  std::size_t tag_count_, next_tag_ = 0;
  const double* coords_;
  const void* typed_coords_ = nullptr;
  std::size_t coord_count_, next_coord_ = 0;
};

// Collects a value's pre-order tags and coordinates (in double), then hands them to the sink.
struct OutputWriter {
  std::vector<int> tags;
  std::vector<double> coords;
  void* typed_coords = nullptr;  // a std::vector<S>* collecting the reals in the program's S instead

  void tag(int t) { tags.push_back(t); }
  template <class S>
  void real(const S& x) {
    if (typed_coords)
      static_cast<std::vector<S>*>(typed_coords)->push_back(x);
    else
      coords.push_back(to_double(x));
  }
  template <class S, int N>
  void array(const Arr<S, N>& x) {
    for (int k = 0; k < N; ++k) real<S>(x[k]);
  }
  void send_index(const chad_kernel_call& call) const {
    if (call.sink.index) call.sink.index(call.sink.context, tags.data(), tags.size());
  }
  // Sends the coordinates collected so far as one vector, and forgets them.
  void send_vector(const chad_kernel_call& call) {
    if (call.sink.vector) call.sink.vector(call.sink.context, coords.data(), coords.size());
    coords.clear();
  }
};

// ==== Running on a deep stack ====================================================================
// A fold over a tree, or a forward fold's tangent over a list, recurses once per node (folds over
// lists are loops: codegen/emit_fold_spine.cpp). A body runs on a 4 GiB stack
// (reserved, committed as it is touched) when the current one has less than 256 MiB left. The
// deep stack is switched to on the same thread (swapcontext), not a new thread: starting a thread
// would make every shared_ptr count of the calling process atomic from then on
// (syntax/deep_stack.hpp does the same for the same reason).

constexpr std::size_t kDeepStackBytes = std::size_t(4) << 30;
constexpr std::size_t kDeepStackThreshold = std::size_t(256) << 20;

namespace detail {
inline thread_local char* deep_stack_low = nullptr;  // the deep stack's low end, while on it

// Bytes left below the caller's frame on the current stack (0 when unknown).
inline std::size_t stack_room() {
  char* here = static_cast<char*>(__builtin_frame_address(0));
  char* low = deep_stack_low;
  if (!low) {
    static thread_local char* thread_low = nullptr;
    static thread_local bool known = false;
    if (!known) {  // once per thread: for the main thread glibc reads /proc/self/maps
      pthread_attr_t attributes;
      if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
        void* address = nullptr;
        std::size_t size = 0;
        if (pthread_attr_getstack(&attributes, &address, &size) == 0) thread_low = static_cast<char*>(address);
        pthread_attr_destroy(&attributes);
      }
      known = true;
    }
    low = thread_low;
  }
  return low && here > low ? std::size_t(here - low) : 0;
}

struct DeepJob {
  void (*run)(void*);
  void* argument;
  char* low;
  std::exception_ptr error;
  ucontext_t caller, deep;
  const void* caller_stack_bottom = nullptr;
  std::size_t caller_stack_size = 0;
};
inline thread_local DeepJob* starting_job = nullptr;  // makecontext passes no pointer portably

inline void deep_entry() {
  DeepJob* job = starting_job;
#ifdef CHAD_RT_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(nullptr, &job->caller_stack_bottom, &job->caller_stack_size);
#endif
  deep_stack_low = job->low;
  try {
    job->run(job->argument);
  } catch (...) {  // never unwind across the switch: the caller re-throws it
    job->error = std::current_exception();
  }
#ifdef CHAD_RT_ASAN_FIBERS
  __sanitizer_start_switch_fiber(nullptr, job->caller_stack_bottom, job->caller_stack_size);
#endif
}  // returns to job->caller (uc_link)

// Deep stacks are reserved once and kept for reuse (a process-wide free list: mapping and
// unmapping 4 GiB costs tens of microseconds a call). After a use that went below the top
// 1 GiB (the page just below is resident: the stack grows down page by page), the pages below
// are given back (MADV_DONTNEED), so a very deep call leaves at most 1 GiB committed.
struct DeepStackPool {
  std::atomic_flag busy = ATOMIC_FLAG_INIT;
  std::vector<void*> free;
  void* take() {
    void* memory = nullptr;
    while (busy.test_and_set(std::memory_order_acquire)) {}
    if (!free.empty()) memory = free.back(), free.pop_back();
    busy.clear(std::memory_order_release);
    if (memory) return memory;
    memory = mmap(nullptr, kDeepStackBytes, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (memory == MAP_FAILED) return nullptr;
    mprotect(memory, std::size_t(sysconf(_SC_PAGESIZE)), PROT_NONE);  // an overflow faults
    return memory;
  }
  void give_back(void* memory) {
    // Up to 1 GiB stays committed for the next call (a benchmark's loop would otherwise fault a
    // deep fold's frames in afresh at every call); below that, the pages are given back.
    const std::size_t kept = std::size_t(1) << 30, page = std::size_t(sysconf(_SC_PAGESIZE));
    unsigned char resident = 0;
    char* below_kept = static_cast<char*>(memory) + kDeepStackBytes - kept - page;
    if (mincore(below_kept, page, &resident) != 0 || (resident & 1))
      madvise(memory, kDeepStackBytes - kept, MADV_DONTNEED);
    while (busy.test_and_set(std::memory_order_acquire)) {}
    free.push_back(memory);
    busy.clear(std::memory_order_release);
  }
};
inline DeepStackPool deep_stack_pool;

// Runs run(argument) on a deep stack; false when none could be made (nothing ran).
inline bool run_on_new_deep_stack(void (*run)(void*), void* argument) {
  void* memory = deep_stack_pool.take();
  if (!memory) return false;
  const std::size_t guard = std::size_t(sysconf(_SC_PAGESIZE));
  DeepJob job{run, argument, static_cast<char*>(memory) + guard, nullptr, {}, {}};
  char* const saved_low = deep_stack_low;
  DeepJob* const saved_job = starting_job;
  bool ran = false;
  if (getcontext(&job.deep) == 0) {
    job.deep.uc_stack.ss_sp = job.low;
    job.deep.uc_stack.ss_size = kDeepStackBytes - guard;
    job.deep.uc_link = &job.caller;
    makecontext(&job.deep, &deep_entry, 0);
    starting_job = &job;
#ifdef CHAD_RT_ASAN_FIBERS
    void* fake_stack = nullptr;
    __sanitizer_start_switch_fiber(&fake_stack, job.low, kDeepStackBytes - guard);
#endif
    ran = swapcontext(&job.caller, &job.deep) == 0;
#ifdef CHAD_RT_ASAN_FIBERS
    __sanitizer_finish_switch_fiber(fake_stack, nullptr, nullptr);
#endif
  }
  starting_job = saved_job;
  deep_stack_low = saved_low;
  deep_stack_pool.give_back(memory);
  if (job.error) std::rethrow_exception(job.error);
  return ran;
}
}  // namespace detail

// Runs work() to completion with at least kDeepStackThreshold bytes of stack: here when there is
// that much room (or when no deep stack can be reserved), else on a fresh 4 GiB stack. The work's
// exception is re-thrown here. A caller that runs many kernels (a benchmark loop) can wrap the
// whole loop in it, so that each run_kernel inside runs directly.
template <class F>
void run_on_deep_stack(F&& work) {
  if (detail::stack_room() >= kDeepStackThreshold) {
    work();
    return;
  }
  using W = std::remove_reference_t<F>;
  auto run = [](void* w) { (*static_cast<W*>(w))(); };
  if (!detail::run_on_new_deep_stack(run, static_cast<void*>(std::addressof(work)))) work();
}

namespace detail {
inline void set_message(chad_kernel_call* call, const char* text) {
  const std::size_t capacity = sizeof call->message;
  std::size_t n = std::strlen(text);
  if (n >= capacity) n = capacity - 1;
  std::memcpy(call->message, text, n);
  call->message[n] = '\0';
}
}  // namespace detail

// One kernel call: a fresh arena, body() on a deep stack, each exception mapped to its code with
// its message in call->message.
template <class F>
int run_kernel(chad_kernel_call* call, F body) {
  call->message[0] = '\0';
  try {
    run_on_deep_stack([&] {
      ArenaScope scope;
      body();
    });
    return CHAD_KERNEL_OK;
  } catch (const DomainError& e) {
    detail::set_message(call, e.what());
    return CHAD_KERNEL_DOMAIN_ERROR;
  } catch (const Fault& e) {
    detail::set_message(call, e.what());
    return CHAD_KERNEL_FAULT;
  } catch (const BadInput& e) {
    detail::set_message(call, e.what());
    return CHAD_KERNEL_BAD_INPUT;
  } catch (const std::bad_alloc&) {
    detail::set_message(call, "out of memory");
    return CHAD_KERNEL_FAULT;
  } catch (const std::exception& e) {
    detail::set_message(call, e.what());
    return CHAD_KERNEL_FAULT;
  } catch (...) {
    detail::set_message(call, "unknown exception");
    return CHAD_KERNEL_FAULT;
  }
}

// ==== Values as text (a standalone kernel's --at) ================================================

// Tokens of a value in the language's syntax: reals (an optional leading -, decimals, C99 hex
// floats), ( ) , [ ], identifiers (constructors) and keywords such as `roll`. Whitespace between
// tokens is skipped. Errors are BadInput "column N: expected ...".
struct TextReader {
  explicit TextReader(std::string text) : text_(std::move(text)) {}

  bool peek(char c) {
    skip_space();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool accept(char c) {
    if (!peek(c)) return false;
    ++pos_;
    return true;
  }
  void expect(char c) {
    if (!accept(c)) fail(std::string("`") + c + "`");
  }
  // The word `w` when it is next and not the start of a longer identifier.
  bool accept_word(const char* w) {
    skip_space();
    const std::size_t n = std::strlen(w);
    if (text_.compare(pos_, n, w) != 0) return false;
    if (pos_ + n < text_.size() && is_identifier_char(text_[pos_ + n])) return false;
    pos_ += n;
    return true;
  }
  std::string identifier() {
    skip_space();
    if (pos_ >= text_.size() || !(std::isalpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
      fail("an identifier");
    const std::size_t start = pos_;
    while (pos_ < text_.size() && is_identifier_char(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }
  double number() {
    skip_space();
    const std::size_t start = pos_;
    bool negative = false;
    if (pos_ < text_.size() && text_[pos_] == '-') {
      negative = true;
      ++pos_;
      skip_space();
    }
    const std::size_t digits = pos_;
    if (pos_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      pos_ = start;
      fail("a number");
    }
    if (text_.compare(pos_, 2, "0x") == 0 || text_.compare(pos_, 2, "0X") == 0) {
      pos_ += 2;
      while (pos_ < text_.size() && (std::isxdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.'))
        ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == 'p' || text_[pos_] == 'P')) {
        ++pos_;
        if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
        skip_digits();
      }
    } else {
      skip_digits();
      if (pos_ + 1 < text_.size() && text_[pos_] == '.' && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1]))) {
        ++pos_;
        skip_digits();
      }
      if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
        std::size_t k = pos_ + 1;
        if (k < text_.size() && (text_[k] == '+' || text_[k] == '-')) ++k;
        if (k < text_.size() && std::isdigit(static_cast<unsigned char>(text_[k]))) {
          pos_ = k;
          skip_digits();
        }
      }
    }
    const std::string token = text_.substr(digits, pos_ - digits);
    char* end = nullptr;
    const double value = std::strtod(token.c_str(), &end);
    if (end != token.c_str() + token.size() || !std::isfinite(value) ||
        (pos_ < text_.size() && is_identifier_char(text_[pos_]))) {
      pos_ = start;
      fail("a number (a decimal like 2.5 or 1e-3, or a hex float like 0x1.8p+1, with a finite value)");
    }
    return negative ? -value : value;
  }
  // Nothing but whitespace is left.
  void finish() {
    skip_space();
    if (pos_ < text_.size()) fail("the end of the value");
  }
  std::size_t save() const { return pos_; }
  void restore(std::size_t position) { pos_ = position; }

  [[noreturn]] void fail(const std::string& expected) const {
    std::string found = pos_ < text_.size() ? "`" + text_.substr(pos_, 12) + "`" : "the end";
    throw BadInput("column " + std::to_string(pos_ + 1) + ": expected " + expected + ", found " + found);
  }

 private:
  static bool is_identifier_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '\'';
  }
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  void skip_digits() {
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  std::string text_;
  std::size_t pos_ = 0;
};

}  // namespace chad_rt

#endif  // CHAD_RUNTIME_HPP
