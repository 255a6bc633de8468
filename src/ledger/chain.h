// Dice hash chains (DESIGN "Dice" steps 1-2): each party fixes all its future
// randomness before the game by publishing the anchor s_0 of a chain whose
// links it then reveals one by one, s_1, s_2, ...
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace adjutant::ledger {

inline constexpr const char* kChainFormat = "adjutant-chain/1";

// s_(i-1) = H(lp("adjutant-dice-v1/chain") || u32(i) || s_i)
std::string chain_step(std::uint32_t i, std::string_view s_i);

struct ChainSecret {
  std::uint32_t length = 0;
  std::string top;  // s_L, 32 bytes
  // The one card the chain was drawn for (a chain serves one game only):
  // the game's name and the party; empty in a chain not yet claimed.
  std::string game;
  std::string party;
};

// A fresh secret from RAND_bytes; throws Error "chain.length" when length is 0.
ChainSecret new_chain(std::uint32_t length);

// s_i, by hashing down from s_L; throws Error "chain.exhausted" if i > length.
std::string link(const ChainSecret& c, std::uint32_t i);

// s_0, the value genesis publishes.
std::string anchor(const ChainSecret& c);

// True when `s_m` hashes down to `known` (the link revealed at index
// `known_m`, or the anchor at 0) in exactly m - known_m steps; m == known_m
// accepts a repeated reveal. The caller bounds m by the published length.
bool check_link(std::uint32_t m, std::string_view s_m, std::uint32_t known_m,
                std::string_view known);

// {"format":"adjutant-chain/1","length":L,"top":"<hex>"} and, once claimed,
// "game" and "party"; written 0600 atomically; throws Error "chain.write".
void save_chain(const std::filesystem::path& file, const ChainSecret& c);
// Throws Error "chain.read" (exit kEnvironment) or "chain.format".
ChainSecret load_chain(const std::filesystem::path& file);

}  // namespace adjutant::ledger
