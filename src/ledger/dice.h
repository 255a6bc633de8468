// Dice nobody can predict or bias and anybody can re-derive (DESIGN "Dice"
// steps 3-5), and the injectable dice source the rules engines roll with.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ledger/jcs.h"

namespace adjutant::ledger {

// One party's revealed chain link: s_m, raw 32 bytes.
struct Reveal {
  std::string party;
  std::uint32_t m = 0;
  std::string s;
};

// The bytes hashed into R_t (DESIGN "Dice" step 3):
// lp("adjutant-dice-v1/seed") || game_id || u32(t) || lp(adjudicator) || u32(i) || s_i
// || for each player in ascending id order: lp(id) || u32(m) || s_m.
// Throws Error "dice.input" for a malformed id, a game id or link that is not
// 32 bytes, or a player listed twice.
std::string seed_preimage(std::string_view game_id, std::uint32_t t, const Reveal& adjudicator,
                          std::vector<Reveal> players);

// R_t = H(seed_preimage(...)).
std::string seed(std::string_view game_id, std::uint32_t t, const Reveal& adjudicator,
                 std::vector<Reveal> players);

// One die as logged: {"k":0,"n":6,"v":4,"for":"combat 2 (rule 8.1)"}.
struct Roll {
  std::uint64_t k = 0;
  int n = 0;
  int v = 0;
  std::string purpose;
};

// Die k of a seed with n sides (DESIGN "Dice" step 4): rejection sampling over
// HMAC bytes, so every standard library and language gets the same value.
// Throws Error "dice.sides" unless 2 <= n <= 256.
int die(std::string_view seed, std::uint64_t k, int n);

// The engine asks roll(n, purpose); every roll is recorded for the log.
class Dice {
 public:
  virtual ~Dice() = default;
  virtual int roll(int n, const std::string& purpose) = 0;
  const std::vector<Roll>& rolls() const { return rolls_; }

 protected:
  std::vector<Roll> rolls_;
};

// The dice of one adjudication: k = 0, 1, 2, ... contiguous.
class SeededDice : public Dice {
 public:
  explicit SeededDice(std::string seed) : seed_(std::move(seed)) {}
  int roll(int n, const std::string& purpose) override;

 private:
  std::string seed_;
};

// Given values, for adjudication cases; throws Error "dice.exhausted" when
// asked for more than given, "dice.out_of_range" for a value outside 1..n.
class FixedDice : public Dice {
 public:
  explicit FixedDice(std::vector<int> values) : values_(std::move(values)) {}
  int roll(int n, const std::string& purpose) override;

 private:
  std::vector<int> values_;
};

// Validation and odds previews must never roll: throws Error "dice.forbidden".
class NoDice : public Dice {
 public:
  int roll(int n, const std::string& purpose) override;
};

Json to_json(const Roll& r);
// Throws Error "dice.roll_format" naming the field.
Roll roll_from_json(const Json& j);

}  // namespace adjutant::ledger
