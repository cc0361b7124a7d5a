// Hashes that are the same on every machine and in every run (no std::hash): FNV-1a over bytes
// and splitmix64's finaliser. Campaigns use them for what must replay exactly: a program's seed,
// which programs are cross-checked or size-checked, the kernel cache's keys. Not cryptographic.
#pragma once
#include <cstdint>
#include <string_view>

namespace chad {

inline constexpr std::uint64_t kFnvOffsetBasis = 14695981039346656037ULL;
inline constexpr std::uint64_t kFnvPrime = 1099511628211ULL;
inline constexpr std::uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ULL;  // splitmix64's increment

// One FNV-1a step: `value`'s low byte (or whole word, for a length) into h.
constexpr std::uint64_t fnv1a_step(std::uint64_t h, std::uint64_t value) { return (h ^ value) * kFnvPrime; }

// FNV-1a of `text`, from `basis` (kFnvOffsetBasis, or another to draw an independent hash).
constexpr std::uint64_t fnv1a(std::string_view text, std::uint64_t basis = kFnvOffsetBasis) {
  std::uint64_t h = basis;
  for (unsigned char c : text) h = fnv1a_step(h, c);
  return h;
}

// splitmix64's finaliser: every input bit moves about half of the output bits.
constexpr std::uint64_t splitmix64_mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A uniform number in [0, 1) from a mixed hash's top 53 bits.
constexpr double unit_interval(std::uint64_t mixed) { return double(mixed >> 11) * 0x1.0p-53; }

}  // namespace chad
