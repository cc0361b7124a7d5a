// The kernel runtime (codegen/runtime/chad_runtime.hpp) apart from its primitives: zero and add
// on every representation (with the lifted-sum inconsistency), mu/nu/copower helpers, zero_at and
// sum_out, a copower fold over a million terms, a million-deep recursion inside run_kernel, the
// mapping of exceptions to return codes, the ABI readers, the text reader and arena release.
#include "chad_runtime.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace chad_rt;

// A list of reals, as the emitter generates a mu type: mu l. < Nil : unit | Cons : real * l >.
struct List {
  using Payload = Sum<Unit, Pair<double, const List*>>;
  Payload payload;
};
const List* nil() { return roll<List>(List::Payload::make<0>(Unit{})); }
const List* cons(double x, const List* tail) { return roll<List>(List::Payload::make<1>({x, tail})); }
const List* list_of(std::initializer_list<double> xs) {
  std::vector<double> v(xs);
  const List* l = nil();
  for (auto it = v.rbegin(); it != v.rend(); ++it) l = cons(*it, l);
  return l;
}
std::vector<double> items(const List* l) {
  std::vector<double> out;
  while (unroll(l).tag() == 1) {
    out.push_back(unroll(l).get<1>().fst);
    l = unroll(l).get<1>().snd;
  }
  return out;
}
// Non-tail recursion (a double sum cannot be re-associated into a loop): one frame per node.
double sum_recursively(const List* l) {
  if (unroll(l).tag() == 0) return 0;
  const auto& cell = unroll(l).get<1>();
  return cell.fst + sum_recursively(cell.snd);
}

// A stream of reals, as the emitter generates a nu type: nu s. real * s.
struct Stream {
  using Payload = Pair<double, const Stream*>;
  Fn<Unit, Payload> thunk;
  mutable bool forced = false;
  mutable Payload memo;
};
// The stream start, start + step, ... counting in *forces how many nodes were computed.
const Stream* counting(double start, double step, int* forces) {
  return delay<Stream>(fn<Unit, Stream::Payload>([=](const Unit&) {
    ++*forces;
    return Stream::Payload{start, counting(start + step, step, forces)};
  }));
}

TEST(RuntimeLinear, ZeroAndAddOnRealsArraysUnitAndPairs) {
  EXPECT_EQ(zero<double>(), 0.0);
  EXPECT_EQ(add(1.5, 2.25), 3.75);
  Arr<double, 3> a(1, 2, 3), b(10, 20, 30);
  EXPECT_TRUE((add(a, b) == Arr<double, 3>(11, 22, 33)));
  EXPECT_TRUE((zero<Arr<double, 3>>() == Arr<double, 3>(0, 0, 0)));
  EXPECT_EQ(add(Unit{}, Unit{}), Unit{});
  using P = Pair<double, Pair<Unit, Arr<double, 3>>>;
  P sum = add(P{1, {{}, a}}, P{2, {{}, b}});
  EXPECT_EQ(sum.fst, 3.0);
  EXPECT_TRUE((sum.snd.snd == Arr<double, 3>(11, 22, 33)));
  P z = zero<P>();
  EXPECT_EQ(z.fst, 0.0);
  EXPECT_TRUE((z.snd.snd == Arr<double, 3>(0, 0, 0)));
}

TEST(RuntimeLinear, SumsAddUnderTheirTagAndRejectDifferentTags) {
  using S = Sum<double, Arr<double, 2>>;
  S zero_sum = zero<S>();
  EXPECT_EQ(zero_sum.tag(), -1);
  S left = S::make<0>(1.5);
  EXPECT_EQ(add(zero_sum, left).get<0>(), 1.5);
  EXPECT_EQ(add(left, zero_sum).get<0>(), 1.5);
  EXPECT_EQ(add(left, S::make<0>(2.0)).get<0>(), 3.5);
  S right = S::make<1>(Arr<double, 2>(1, 2));
  EXPECT_TRUE((add(right, right).get<1>() == Arr<double, 2>(2, 4)));
  try {
    add(left, right);
    FAIL() << "no LiftedSumInconsistency";
  } catch (const LiftedSumInconsistency& e) {
    EXPECT_EQ(std::string(e.what()), "lifted-sum inconsistency: adding (co)tangents of constructors 0 and 1");
  }
  EXPECT_THROW(left.get<1>(), Fault);
}

TEST(RuntimeLinear, SumsOfTriviallyCopyablePayloadsAreTriviallyCopyableAndBehaveTheSame) {
  // Reals, pairs, pointers: a plain union beside the tag; an array payload: the same layout,
  // copied by its tag (below).
  using S = Sum<double, Pair<double, const List*>>;
  static_assert(S::trivial && std::is_trivially_copyable_v<S>);
  static_assert(!Sum<double, Arr<double, 2>>::trivial);
  S zero_sum = zero<S>();
  EXPECT_EQ(zero_sum.tag(), -1);
  const List* xs = list_of({4});
  S right = S::make<1>(Pair<double, const List*>{2.5, xs});
  S copy = right;
  EXPECT_EQ(copy.tag(), 1);
  EXPECT_EQ(copy.get<1>().fst, 2.5);
  EXPECT_EQ(copy.get<1>().snd, xs);
  EXPECT_EQ(add(zero_sum, S::make<0>(1.5)).get<0>(), 1.5);
  EXPECT_EQ(add(S::make<0>(1.5), S::make<0>(2.0)).get<0>(), 3.5);
  EXPECT_THROW(add(S::make<0>(1.5), right), LiftedSumInconsistency);
  EXPECT_THROW(copy.get<0>(), Fault);
  EXPECT_THROW(zero_sum.get<1>(), Fault);
}

// A sum with an array payload (trivially destructible, not trivially copyable) keeps the tag
// and union, and copies the payload of its tag: copies, assignments and the zero keep their
// constructor and coordinates; a payload of a scalar that is not trivially destructible keeps
// std::variant.
struct Tracked {  // a scalar with a destructor, as an AD tool's may have
  double v = 0;
  ~Tracked() {}
};
TEST(RuntimeLinear, SumsOfFixedSizeArraysAreCopiedByTheirTag) {
  using S = Sum<double, Arr<double, 2>, Pair<Arr<double, 3>, double>>;
  static_assert(!S::trivial && S::copied);
  static_assert(!std::is_same_v<decltype(S::value), S::Variant>);
  static_assert(!Sum<double, Tracked>::copied);
  static_assert(std::is_same_v<decltype(Sum<double, Tracked>::value), Sum<double, Tracked>::Variant>);
  S a = S::make<1>(Arr<double, 2>(1.5, -2));
  S b = a;
  EXPECT_EQ(b.tag(), 1);
  EXPECT_TRUE((b.get<1>() == Arr<double, 2>(1.5, -2)));
  S c = S::make<2>(Pair<Arr<double, 3>, double>{Arr<double, 3>(1, 2, 3), 4});
  b = c;
  EXPECT_EQ(b.tag(), 2);
  EXPECT_TRUE((b.get<2>().fst == Arr<double, 3>(1, 2, 3)));
  EXPECT_EQ(b.get<2>().snd, 4);
  EXPECT_THROW(b.get<1>(), Fault);
  b = zero<S>();
  EXPECT_EQ(b.tag(), -1);
  EXPECT_THROW(b.get<2>(), Fault);
  b = S::make<0>(0.25);
  EXPECT_EQ(b.get<0>(), 0.25);
  S& same = c;
  c = same;  // assigned itself: unchanged
  EXPECT_TRUE((c.get<2>().fst == Arr<double, 3>(1, 2, 3)));
  EXPECT_TRUE((add(a, a).get<1>() == Arr<double, 2>(3, -4)));
  std::vector<S> many(3, a);  // copies in a container
  EXPECT_TRUE((many[2].get<1>() == Arr<double, 2>(1.5, -2)));
  Sum<double, Tracked> tracked = Sum<double, Tracked>::make<1>(Tracked{2.5});
  EXPECT_EQ(tracked.get<1>().v, 2.5);
}

// Arrays: their own fixed-size type (not Eigen's), filled by `<<` from scalars and whole rows.
TEST(RuntimeLinear, ArraysFillFromScalarsAndRowsAndAddEntryByEntry) {
  Arr<double, 2> row(1, 2);
  Arr<double, 6> m;
  m << row, 3.0, 4.0, row;
  EXPECT_TRUE((m == Arr<double, 6>(1, 2, 3, 4, 1, 2)));
  EXPECT_TRUE((m.segment<2>(2) == Arr<double, 2>(3, 4)));
  EXPECT_FALSE((m == Arr<double, 6>(1, 2, 3, 4, 1, 3)));
  m += Arr<double, 6>::Constant(0.5);
  EXPECT_EQ(m[5], 2.5);
  EXPECT_EQ(m(0), 1.5);
  EXPECT_TRUE((Arr<double, 6>::Zero() == Arr<double, 6>(0, 0, 0, 0, 0, 0)));
}

TEST(RuntimeLinear, InductiveValuesAddUnderRollWithNullAsZero) {
  const List* xs = list_of({1, 2, 3});
  const List* ys = list_of({10, 20, 30});
  EXPECT_EQ(items(add(xs, ys)), (std::vector<double>{11, 22, 33}));
  EXPECT_EQ(zero<const List*>(), nullptr);
  EXPECT_EQ(add<const List*>(nullptr, xs), xs);
  EXPECT_EQ(add<const List*>(xs, nullptr), xs);
  EXPECT_EQ(lin_unroll<List>(nullptr).tag(), -1);  // the zero of the payload's sum
  EXPECT_EQ(lin_unroll(xs).get<1>().fst, 1.0);
  EXPECT_EQ(items(lin_roll<List>(List::Payload::make<1>({4.0, nil()}))), std::vector<double>{4});
  EXPECT_THROW(unroll<List>(nullptr), Fault);
}

TEST(RuntimeLinear, CoinductiveValuesAreLazyMemoisedAndAddWhenForced) {
  int forces_a = 0, forces_b = 0;
  const Stream* a = counting(1, 1, &forces_a);   // 1, 2, 3, ...
  const Stream* b = counting(10, 10, &forces_b);  // 10, 20, 30, ...
  EXPECT_EQ(forces_a, 0);
  const Stream* sum = add(a, b);
  EXPECT_EQ(forces_a + forces_b, 0);  // adding forces nothing
  EXPECT_EQ(force(sum).fst, 11.0);
  EXPECT_EQ(force(force(sum).snd).fst, 22.0);  // 2 + 20
  EXPECT_EQ(forces_a, 2);
  force(a);
  force(force(a).snd);
  EXPECT_EQ(forces_a, 2);  // memoised
  EXPECT_EQ(lin_force<Stream>(nullptr).fst, 0.0);
  EXPECT_EQ(lin_force<Stream>(nullptr).snd, nullptr);
  EXPECT_EQ(add<const Stream*>(nullptr, a), a);
}

TEST(RuntimeLinear, FunctionsAddPointwiseAndTheNullFunctionIsZero) {
  Fn<double, double> twice = fn<double, double>([](const double& x) { return 2 * x; });
  const double k = 5;
  Fn<double, double> times_k = fn<double, double>([k](const double& x) { return k * x; });
  EXPECT_EQ(add(twice, times_k)(3.0), 21.0);  // 6 + 15
  Fn<double, double> none = zero<Fn<double, double>>();
  EXPECT_TRUE(none.is_zero());
  EXPECT_EQ(none(3.0), 0.0);
  EXPECT_EQ(add(none, twice)(4.0), 8.0);
  Fn<double, Pair<double, Unit>> to_pair{};
  EXPECT_EQ(to_pair(1.0).fst, 0.0);
}

// A linear function (as the code generator writes one) adds its value into the caller's cotangent; called, it adds
// into a zero; it is no zero map, and it adds to other functions pointwise.
TEST(RuntimeLinear, ALinearFunctionAddsIntoTheCallersCotangentOrIntoAZeroWhenCalled) {
  using P = Pair<double, double>;
  const double k = 3;
  const auto* const adds = ::new (in_arena) auto([k](const double& x, P& acc) { acc.snd = acc.snd + k * x; });
  Fn<double, P> second{nullptr, adds, &detail::accumulate_by_lambda<double, P, decltype(adds)>};
  EXPECT_FALSE(second.is_zero());
  const P called = second(2.0);
  EXPECT_EQ(called.fst, 0.0);
  EXPECT_EQ(called.snd, 6.0);
  P acc{1.0, 10.0};
  second.add_into(2.0, acc);
  EXPECT_EQ(acc.fst, 1.0);
  EXPECT_EQ(acc.snd, 16.0);
  Fn<double, P> first = fn<double, P>([](const double& x) { return P{x, 0.0}; });
  const P both = add(first, second)(1.0);
  EXPECT_EQ(both.fst, 1.0);
  EXPECT_EQ(both.snd, 3.0);
  first.add_into(4.0, acc);  // a plain function adds its value
  EXPECT_EQ(acc.fst, 5.0);
  EXPECT_EQ(acc.snd, 16.0);
}

// A pack viewed where it lies and a part of it packed again copy nothing and read back what was
// packed; packs of a unit point at one object; the zero pack views as a zero; a pack of one
// context viewed as another's is a fault.
TEST(RuntimeLinear, PacksViewedAndRepackedAreNotCopiedAndAddAsTheirValues) {
  using Context = Pair<Pair<Unit, double>, Arr<double, 2>>;
  Context packed{{Unit{}, 1.5}, Arr<double, 2>::Zero()};
  packed.snd(0) = 2;
  packed.snd(1) = -3;
  const Env pack = env_pack<Context>(packed, 7);
  const Context& view = env_view<Context>(pack, 7);
  EXPECT_EQ(&view, pack.value);  // not a copy
  EXPECT_EQ(view.fst.snd, 1.5);
  EXPECT_EQ(view.snd(1), -3.0);
  const Env rest = env_repack<Pair<Unit, double>>(view.fst, 8);
  EXPECT_EQ(rest.value, &view.fst);
  using Rest = Pair<Unit, double>;
  EXPECT_EQ(env_view<Rest>(rest, 8).snd, 1.5);
  const Env sum = add(rest, env_pack<Rest>(Rest{Unit{}, 0.25}, 8));
  EXPECT_EQ(env_view<Rest>(sum, 8).snd, 1.75);
  EXPECT_EQ(view.fst.snd, 1.5);  // the sum is a new pack: the viewed one is unchanged
  EXPECT_EQ(env_view<Context>(Env{}, 7).snd(0), 0.0);
  EXPECT_THROW(env_view<Context>(pack, 8), EnvMismatch);
  const Env unit_a = env_pack<Unit>(Unit{}, 9), unit_b = env_pack<Unit>(Unit{}, 9);
  EXPECT_FALSE(unit_a.is_zero());
  EXPECT_EQ(unit_a.value, unit_b.value);  // nothing to copy
  EXPECT_FALSE(add(unit_a, unit_b).is_zero());
}

TEST(RuntimeLinear, CopowersFoldLeftToRightAndAddByConcatenation) {
  using C = Copower<double, double>;
  std::vector<double> seen;
  auto f = fn<double, Fn<double, double>>([&seen](const double& a) {
    seen.push_back(a);
    return fn<double, double>([a](const double& l) { return a * l; });
  });
  EXPECT_EQ(copower_fold<double>(zero<C>(), f), 0.0);
  C c = add(add(copower_unit(1.0, 2.0), zero<C>()), add(copower_unit(3.0, 4.0), copower_unit(5.0, 6.0)));
  EXPECT_EQ(copower_fold<double>(c, f), 1 * 2 + 3 * 4 + 5 * 6);
  EXPECT_EQ(seen, (std::vector<double>{1, 3, 5}));
  // A term whose f(a) is the zero map adds nothing.
  auto only_odd = fn<double, Fn<double, double>>([](const double& a) {
    return a == 3 ? Fn<double, double>{} : fn<double, double>([a](const double& l) { return a * l; });
  });
  EXPECT_EQ(copower_fold<double>(c, only_odd), 1 * 2 + 5 * 6);
}

TEST(RuntimeLinear, CopowerFoldOverAMillionTermsNestedEitherWay) {
  constexpr int n = 1'000'000;
  ArenaScope scope;
  using C = Copower<double, double>;
  C left_deep = nullptr, right_deep = nullptr;
  for (int i = 0; i < n; ++i) left_deep = add(left_deep, copower_unit(1.0, double(i)));
  for (int i = n - 1; i >= 0; --i) right_deep = add(copower_unit(1.0, double(i)), right_deep);
  double last = -1;
  bool in_order = true;
  auto f = fn<double, Fn<double, double>>([&](const double& a) {
    return fn<double, double>([&, a](const double& l) {
      in_order = in_order && l == last + 1;
      last = l;
      return a * l;
    });
  });
  const double expected = double(n) * (n - 1) / 2;  // 0 + 1 + ... + (n - 1), exact in double
  EXPECT_EQ(copower_fold<double>(left_deep, f), expected);
  EXPECT_TRUE(in_order);
  last = -1;
  EXPECT_EQ(copower_fold<double>(right_deep, f), expected);
  EXPECT_TRUE(in_order);
}

TEST(RuntimeLinear, ZeroAtKeepsThePrimalsTagsAndSumOutChecksThem) {
  using P = Pair<double, Sum<Unit, Arr<double, 2>>>;
  using T = Pair<double, Sum<Unit, Arr<double, 2>>>;
  T z = zero_at<T>(P{7, Sum<Unit, Arr<double, 2>>::make<1>(Arr<double, 2>(1, 2))});
  EXPECT_EQ(z.fst, 0.0);
  ASSERT_EQ(z.snd.tag(), 1);
  EXPECT_TRUE((z.snd.get<1>() == Arr<double, 2>(0, 0)));
  EXPECT_EQ((zero_at<const List*>(list_of({1}))), nullptr);

  using S = Sum<double, Arr<double, 2>>;
  EXPECT_EQ((sum_out<0, double>(S::make<0>(2.5))), 2.5);
  EXPECT_EQ((sum_out<0, double>(S{})), 0.0);
  EXPECT_THROW((sum_out<0, double>(S::make<1>(Arr<double, 2>(1, 2)))), LiftedSumInconsistency);
}

chad_kernel_call call_with(const std::vector<int>& tags, const std::vector<double>& coords) {
  chad_kernel_call call{};
  call.input_tags = tags.data();
  call.input_tag_count = tags.size();
  call.input = coords.data();
  call.input_dimension = coords.size();
  return call;
}

TEST(RuntimeKernel, AMillionDeepRecursionInsideRunKernelReturnsOk) {
  constexpr int n = 1'000'000;  // at >= 16 bytes a frame, deeper than an 8 MiB stack
  chad_kernel_call call = call_with({}, {});
  double total = 0;
  std::size_t doubled = 0;
  const int code = run_kernel(&call, [&] {
    const List* l = nil();
    for (int i = 1; i <= n; ++i) l = cons(1.0, l);
    total = sum_recursively(l);
    doubled = items(add(l, l)).size();  // add recurses once per node too
  });
  EXPECT_EQ(code, CHAD_KERNEL_OK) << call.message;
  EXPECT_EQ(total, double(n));
  EXPECT_EQ(doubled, std::size_t(n));
  EXPECT_STREQ(call.message, "");
}

template <class F>
std::pair<int, std::string> outcome(F body) {
  chad_kernel_call call = call_with({}, {});
  std::strcpy(call.message, "stale");
  const int code = run_kernel(&call, body);
  return {code, call.message};
}

TEST(RuntimeKernel, EachExceptionMapsToItsCodeAndMessage) {
  EXPECT_EQ(outcome([] { prim_log(-2.0); }),
            std::make_pair(int(CHAD_KERNEL_DOMAIN_ERROR), std::string("domain error: `log` applied to -2, outside its domain")));
  EXPECT_EQ(outcome([] { throw Fault("a fault"); }), std::make_pair(int(CHAD_KERNEL_FAULT), std::string("a fault")));
  EXPECT_EQ(outcome([] { add(Sum<double, double>::make<0>(1), Sum<double, double>::make<1>(2)); }).first,
            CHAD_KERNEL_FAULT);
  EXPECT_EQ(outcome([] { throw BadInput("bad"); }), std::make_pair(int(CHAD_KERNEL_BAD_INPUT), std::string("bad")));
  EXPECT_EQ(outcome([] { throw std::out_of_range("other"); }), std::make_pair(int(CHAD_KERNEL_FAULT), std::string("other")));
  EXPECT_EQ(outcome([] { throw 42; }), std::make_pair(int(CHAD_KERNEL_FAULT), std::string("unknown exception")));
  EXPECT_EQ(outcome([] {}), std::make_pair(int(CHAD_KERNEL_OK), std::string()));
  // A long message is truncated to the buffer, NUL-terminated.
  auto [code, message] = outcome([] { throw Fault(std::string(5000, 'x')); });
  EXPECT_EQ(code, CHAD_KERNEL_FAULT);
  EXPECT_EQ(message, std::string(sizeof(chad_kernel_call::message) - 1, 'x'));
}

TEST(RuntimeKernel, ArenaScopesReleaseTheirChunksAndNest) {
  const long before = detail::live_chunks.load();
  {
    ArenaScope outer;
    Arena* outer_arena = &arena();
    EXPECT_EQ(outer_arena, &outer.own);
    {
      ArenaScope inner;
      for (int i = 0; i < 100'000; ++i) make<Arr<double, 4>>(Arr<double, 4>::Zero());  // 3.2 MB
      EXPECT_GT(inner.own.chunk_count(), 3u);  // 64 KiB, 128 KiB, ... to hold 3.2 MB
      EXPECT_EQ(detail::live_chunks.load(), before + long(inner.own.chunk_count()));
    }
    EXPECT_EQ(&arena(), outer_arena);
    EXPECT_EQ(outer.own.chunk_count(), 0u);
  }
  EXPECT_EQ(detail::live_chunks.load(), before);
  // One kernel call leaves nothing behind either.
  chad_kernel_call call = call_with({}, {});
  run_kernel(&call, [] {
    for (int i = 0; i < 10'000; ++i) make<double>(1.0);
  });
  EXPECT_EQ(detail::live_chunks.load(), before);
}

TEST(RuntimeKernel, ArenaAllocationsAreAlignedAndDistinct) {
  ArenaScope scope;
  char* c = make<char>('a');
  double* d = make<double>(2.0);
  auto* big = static_cast<char*>(arena().allocate(1 << 20, 16));  // larger than a first chunk
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(d) % alignof(double), 0u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(big) % 16, 0u);
  big[(1 << 20) - 1] = 1;
  EXPECT_EQ(*c, 'a');
  EXPECT_EQ(*d, 2.0);
}

TEST(RuntimeAbi, InputReaderReadsTagsAndCoordinatesAndRejectsTheWrongCount) {
  std::vector<int> tags{1, 0};
  std::vector<double> coords{1.5, 2, 3, 4};
  chad_kernel_call call = call_with(tags, coords);
  InputReader in(call);
  EXPECT_EQ(in.tag(2), 1);
  EXPECT_EQ(in.real<double>(), 1.5);
  EXPECT_TRUE((in.array<double, 3>() == Arr<double, 3>(2, 3, 4)));
  EXPECT_THROW(in.finish(), BadInput);  // a tag is left
  EXPECT_EQ(in.tag(1), 0);
  EXPECT_NO_THROW(in.finish());
  EXPECT_THROW(in.tag(2), BadInput);  // too few tags
  EXPECT_THROW(in.real<double>(), BadInput);  // too few coordinates

  InputReader out_of_range(call);
  EXPECT_THROW(out_of_range.tag(1), BadInput);  // tag 1 of a one-constructor sum
  // The call points into its vectors: they must outlive the reader (not temporaries).
  std::vector<int> no_tags;
  std::vector<double> two_coords{1, 2};
  InputReader extra_coords(call_with(no_tags, two_coords));
  extra_coords.real<double>();
  EXPECT_THROW(extra_coords.finish(), BadInput);
}

TEST(RuntimeAbi, OutputWriterSendsTheIndexAndEachVector) {
  struct Received {
    std::vector<int> tags;
    std::vector<std::vector<double>> vectors;
  } received;
  chad_kernel_call call = call_with({}, {});
  call.sink.context = &received;
  call.sink.index = [](void* context, const int* tags, size_t count) {
    static_cast<Received*>(context)->tags.assign(tags, tags + count);
  };
  call.sink.vector = [](void* context, const double* coords, size_t count) {
    static_cast<Received*>(context)->vectors.emplace_back(coords, coords + count);
  };
  OutputWriter out;
  out.tag(2);
  out.real(1.5);
  out.array(Arr<double, 2>(3, 4));
  out.send_index(call);
  out.send_vector(call);
  out.real(7.0);
  out.send_vector(call);
  EXPECT_EQ(received.tags, std::vector<int>{2});
  EXPECT_EQ(received.vectors, (std::vector<std::vector<double>>{{1.5, 3, 4}, {7}}));
  EXPECT_EQ(to_double(2.5), 2.5);
}

TEST(RuntimeText, ReadsValuesInTheLanguagesSyntax) {
  TextReader in(" ( -1.5 , [0x1.8p+1, 2e-3, - 4] ) roll Cons rolled ()");
  in.expect('(');
  EXPECT_EQ(in.number(), -1.5);
  in.expect(',');
  in.expect('[');
  EXPECT_EQ(in.number(), 3.0);  // 0x1.8p+1 = 1.5 * 2
  EXPECT_TRUE(in.accept(','));
  EXPECT_EQ(in.number(), 0.002);
  in.expect(',');
  EXPECT_EQ(in.number(), -4.0);
  EXPECT_TRUE(in.peek(']'));
  in.expect(']');
  in.expect(')');
  const std::size_t mark = in.save();
  EXPECT_FALSE(in.accept_word("rol"));  // not a prefix of a longer word
  EXPECT_TRUE(in.accept_word("roll"));
  EXPECT_EQ(in.identifier(), "Cons");
  EXPECT_FALSE(in.accept_word("roll"));  // `rolled` is another word
  EXPECT_EQ(in.identifier(), "rolled");
  in.restore(mark);
  EXPECT_TRUE(in.accept_word("roll"));
  in.identifier();
  in.identifier();
  in.expect('(');
  in.expect(')');
  EXPECT_NO_THROW(in.finish());
}

std::string text_error(const std::string& text, void (*read)(TextReader&)) {
  TextReader in(text);
  try {
    read(in);
  } catch (const BadInput& e) {
    return e.what();
  }
  return "no BadInput";
}

TEST(RuntimeText, ErrorsSayTheColumnAndWhatWasExpected) {
  EXPECT_EQ(text_error("  x", [](TextReader& in) { in.number(); }).rfind("column 3: expected a number", 0), 0u);
  EXPECT_EQ(text_error("(1", [](TextReader& in) { in.expect('('), in.number(), in.expect(')'); }),
            "column 3: expected `)`, found the end");
  EXPECT_EQ(text_error("1 2", [](TextReader& in) { in.number(), in.finish(); }),
            "column 3: expected the end of the value, found `2`");
  EXPECT_EQ(text_error("1e999", [](TextReader& in) { in.number(); }).rfind("column 1: expected a number", 0), 0u);
  EXPECT_EQ(text_error("12abc", [](TextReader& in) { in.number(); }).rfind("column 1: expected a number", 0), 0u);
  EXPECT_EQ(text_error("[", [](TextReader& in) { in.expect('['), in.identifier(); }),
            "column 2: expected an identifier, found the end");
}

}  // namespace
