#include "ledger/dice.h"

#include <algorithm>

#include "ledger/digest.h"
#include "util/error.h"

namespace adjutant::ledger {

namespace {

// DESIGN "Dice": ids are [a-z0-9_-]{1,32}.
bool valid_id(std::string_view id) {
  if (id.empty() || id.size() > 32) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

void check_reveal(const Reveal& r) {
  if (!valid_id(r.party))
    throw Error("dice.input", "party id \"" + r.party + "\" is not [a-z0-9_-]{1,32}");
  if (r.s.size() != 32)
    throw Error("dice.input", "the chain link of " + r.party + " is not 32 bytes");
}

void check_sides(int n) {
  if (n < 2 || n > 256)
    throw Error("dice.sides", "a die has 2 to 256 sides, not " + std::to_string(n));
}

}  // namespace

std::string seed_preimage(std::string_view game_id, std::uint32_t t, const Reveal& adjudicator,
                          std::vector<Reveal> players) {
  if (game_id.size() != 32) throw Error("dice.input", "the game id is not 32 bytes");
  check_reveal(adjudicator);
  std::sort(players.begin(), players.end(),
            [](const Reveal& a, const Reveal& b) { return a.party < b.party; });
  std::string out = lp("adjutant-dice-v1/seed");
  out += game_id;
  out += u32(t);
  out += lp(adjudicator.party) + u32(adjudicator.m) + adjudicator.s;
  for (std::size_t i = 0; i < players.size(); ++i) {
    check_reveal(players[i]);
    if (i > 0 && players[i].party == players[i - 1].party)
      throw Error("dice.input", "player " + players[i].party + " is listed twice");
    out += lp(players[i].party) + u32(players[i].m) + players[i].s;
  }
  return out;
}

std::string seed(std::string_view game_id, std::uint32_t t, const Reveal& adjudicator,
                 std::vector<Reveal> players) {
  return sha256(seed_preimage(game_id, t, adjudicator, std::move(players)));
}

int die(std::string_view seed, std::uint64_t k, int n) {
  check_sides(n);
  const unsigned limit = 256u - 256u % unsigned(n);
  const std::string prefix = lp("adjutant-dice-v1/roll") + u64(k);
  for (std::uint64_t a = 0; a <= UINT32_MAX; ++a) {
    for (unsigned char b : hmac_sha256(seed, prefix + u32(std::uint32_t(a)))) {
      if (b < limit) return 1 + int(b % unsigned(n));
    }
  }
  throw Error("dice.exhausted", "no acceptable byte in 2^32 HMAC blocks", Exit::kEnvironment);
}

int SeededDice::roll(int n, const std::string& purpose) {
  std::uint64_t k = rolls_.size();
  int v = die(seed_, k, n);
  rolls_.push_back({k, n, v, purpose});
  return v;
}

int FixedDice::roll(int n, const std::string& purpose) {
  check_sides(n);
  std::size_t k = rolls_.size();
  if (k >= values_.size())
    throw Error("dice.exhausted", "die " + std::to_string(k) + " (" + purpose +
                                      ") asked for, but only " + std::to_string(values_.size()) +
                                      " fixed values were given");
  int v = values_[k];
  if (v < 1 || v > n)
    throw Error("dice.out_of_range", "fixed die " + std::to_string(k) + " (" + purpose + ") is " +
                                         std::to_string(v) + ", not within 1.." +
                                         std::to_string(n));
  rolls_.push_back({k, n, v, purpose});
  return v;
}

int NoDice::roll(int n, const std::string& purpose) {
  throw Error("dice.forbidden",
              "a d" + std::to_string(n) + " was asked for (" + purpose +
                  ") where no dice may be rolled (order validation or a preview)");
}

Json to_json(const Roll& r) {
  Json j = Json::object();
  j["k"] = r.k;
  j["n"] = r.n;
  j["v"] = r.v;
  j["for"] = r.purpose;
  return j;
}

Roll roll_from_json(const Json& j) {
  auto fail = [](const std::string& what) { throw Error("dice.roll_format", "roll: " + what); };
  if (!j.is_object()) fail("must be an object");
  for (const auto& [name, value] : j.items()) {
    if (name != "k" && name != "n" && name != "v" && name != "for") fail("unknown field " + name);
  }
  auto integer = [&](const char* name, std::int64_t lo, std::int64_t hi) {
    if (!j.contains(name) || !j.at(name).is_number_integer())
      fail(std::string(name) + " must be an integer");
    const Json& v = j.at(name);
    bool huge = v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(INT64_MAX);
    if (huge || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi)
      fail(std::string(name) + " is out of range");
    return v.get<std::int64_t>();
  };
  Roll r;
  r.k = std::uint64_t(integer("k", 0, INT64_MAX));
  r.n = int(integer("n", 2, 256));
  r.v = int(integer("v", 1, r.n));
  if (!j.contains("for") || !j.at("for").is_string()) fail("for must be a string");
  r.purpose = j.at("for").get<std::string>();
  return r;
}

}  // namespace adjutant::ledger
