// The bot's only source of variety: an integer hash of its seed and what it
// is deciding (splitmix64 over FNV-1a of names). No standard-library
// distribution, no clock: every machine draws the same numbers.
#pragma once

#include <cstdint>
#include <string_view>

namespace adjutant::bot {

// splitmix64's finaliser: every bit of x reaches every bit of the result.
inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// FNV-1a, 64 bits.
inline std::uint64_t text_hash(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

inline std::uint64_t seeded(std::uint64_t seed, std::uint64_t a, std::uint64_t b = 0) {
  return mix(mix(mix(seed) ^ a) ^ b);
}

}  // namespace adjutant::bot
