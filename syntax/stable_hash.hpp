// Hashes that are the same on every machine and in every run (no std::hash): FNV-1a over bytes
// and splitmix64's finaliser. Campaigns use them for what must replay exactly: a program's seed,
// which programs are cross-checked or size-checked, the kernel cache's keys. Not cryptographic.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

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

// `parts` as 32 hex digits, 128 bits: two FNV-1a passes from different offsets, each finished with
// splitmix64's mixer. Not cryptographic: accidental collisions are out of reach (the kernel
// cache's keys; generated code's shared names take the first 16 digits).
inline std::string hex_key(const std::vector<std::string>& parts) {
  std::uint64_t halves[2] = {kFnvOffsetBasis, 0x6c62272e07bb0142ULL};
  std::string key;
  for (std::uint64_t h : halves) {
    for (const std::string& part : parts) {
      h = fnv1a(part, h);
      h = fnv1a_step(h, 0xffu);  // a separator no text byte sequence can fake alone
      h = fnv1a_step(h, part.size());
    }
    h = splitmix64_mix(h);
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    key += text;
  }
  return key;
}

// A uniform number in [0, 1) from a mixed hash's top 53 bits.
constexpr double unit_interval(std::uint64_t mixed) { return double(mixed >> 11) * 0x1.0p-53; }

}  // namespace chad
