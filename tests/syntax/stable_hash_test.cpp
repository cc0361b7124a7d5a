// syntax/stable_hash.hpp against the published test vectors of FNV-1a (64 bits) and splitmix64,
// and the properties campaigns rely on.
#include "syntax/stable_hash.hpp"

#include <gtest/gtest.h>

namespace chad {
namespace {

TEST(StableHash, Fnv1aMatchesThePublishedVectors) {
  // Fowler, Noll and Vo's reference vectors for FNV-1a, 64 bits.
  EXPECT_EQ(fnv1a(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a("foobar"), 0x85944171f73967e8ULL);
  EXPECT_EQ(kFnvOffsetBasis, 0xcbf29ce484222325ULL);
}

TEST(StableHash, Splitmix64MatchesItsReferenceSequence) {
  // Vigna's splitmix64.c from state 0: the first two outputs.
  EXPECT_EQ(splitmix64_mix(1 * kGoldenGamma), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(splitmix64_mix(2 * kGoldenGamma), 0x6e789e6aa1b965f4ULL);
}

TEST(StableHash, AnotherBasisDrawsAnotherHashAndTheUnitIntervalStaysInside) {
  EXPECT_NE(fnv1a("main", kFnvOffsetBasis), fnv1a("main", kFnvOffsetBasis + 1));
  EXPECT_EQ(fnv1a("b", fnv1a("a")), fnv1a("ab"));  // a hash goes on from where another stopped
  EXPECT_EQ(fnv1a_step(fnv1a("a"), 'b'), fnv1a("ab"));
  EXPECT_EQ(unit_interval(0), 0.0);
  EXPECT_LT(unit_interval(~0ULL), 1.0);
}

}  // namespace
}  // namespace chad
