#include "ledger/vectors.h"

#include <tuple>

#include "ledger/dice_draw.h"

#include <cstdint>
#include <string>

#include "ledger/chain.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/keys.h"

namespace adjutant::ledger {

namespace {

std::string counting_bytes(unsigned first) {
  std::string out;
  for (unsigned i = 0; i < 32; ++i) out += char(first + i);
  return out;
}

Json chain_vectors(const ChainSecret& c) {
  Json links = Json::array();
  for (std::uint32_t i = 0; i <= c.length; ++i) links.push_back(to_hex(link(c, i)));
  Json j = Json::object();
  j["length"] = c.length;
  j["top"] = to_hex(c.top);
  j["links"] = links;
  j["step_input_1"] = to_hex(lp("adjutant-dice-v1/chain") + u32(1) + link(c, 1));
  return j;
}

Json reveal_json(const Reveal& r) {
  Json j = Json::object();
  j["party"] = r.party;
  j["m"] = r.m;
  j["s"] = to_hex(r.s);
  return j;
}

}  // namespace

// DESIGN "Dice" steps 1-4 and "Keys, signatures, envelopes", end to end.
Json protocol_vectors() {
  const ChainSecret umpire{4, counting_bytes(0x00), "", ""};
  const ChainSecret confederate{4, counting_bytes(0x20), "", ""};
  const ChainSecret union_side{4, counting_bytes(0x40), "", ""};
  Json out = Json::object();
  out["format"] = "adjutant-protocol-vectors/1";
  out["chains"] = {{"umpire", chain_vectors(umpire)},
                   {"confederate", chain_vectors(confederate)},
                   {"union", chain_vectors(union_side)}};

  const std::string game_text = "adjutant test game";
  const std::string game_id = sha256(game_text);
  out["game_id"] = {{"sha256_of", game_text}, {"hex", to_hex(game_id)}};

  const std::uint32_t t = 1;
  const Reveal adjudicator{"umpire", 1, link(umpire, 1)};
  const std::vector<Reveal> players = {{"union", 1, link(union_side, 1)},
                                       {"confederate", 1, link(confederate, 1)}};
  const std::string r_t = seed(game_id, t, adjudicator, players);
  Json player_json = Json::array();
  for (const Reveal& p : {players[1], players[0]}) player_json.push_back(reveal_json(p));
  out["seed"] = {{"t", t},
                 {"adjudicator", reveal_json(adjudicator)},
                 {"players", player_json},
                 {"preimage", to_hex(seed_preimage(game_id, t, adjudicator, players))},
                 {"R", to_hex(r_t)}};

  SeededDice dice(r_t);
  for (int i = 0; i < 12; ++i) dice.roll(6, "d6 " + std::to_string(i + 1));
  for (int i = 0; i < 4; ++i) dice.roll(10, "d10 " + std::to_string(i + 1));
  Json rolls = Json::array();
  for (const Roll& r : dice.rolls()) {
    Json j = to_json(r);
    j["hmac_input_a0"] = to_hex(lp("adjutant-dice-v1/roll") + u64(r.k) + u32(0));
    j["hmac_a0"] = to_hex(hmac_sha256(r_t, lp("adjutant-dice-v1/roll") + u64(r.k) + u32(0)));
    rolls.push_back(j);
  }
  out["rolls"] = rolls;

  // A d6 whose first HMAC byte is rejected (>= 252): the next byte of the
  // same HMAC decides (DESIGN "Dice" step 4), not a new HMAC.
  for (std::uint64_t k = 0;; ++k) {
    std::string b = hmac_sha256(r_t, lp("adjutant-dice-v1/roll") + u64(k) + u32(0));
    if (std::uint8_t(b[0]) < 252) continue;
    out["rejection"] = {{"k", k},
                        {"n", 6},
                        {"hmac_a0", to_hex(b)},
                        {"first_byte", std::uint8_t(b[0])},
                        {"v", die(r_t, k, 6)}};
    break;
  }

  // Drawing 5 of the 17 items 0..16 from a fresh stream of R_1 (section 8a),
  // and 3 of 3, whose last item is drawn without a die.
  for (auto [n, k, name] : {std::tuple<int, int, const char*>{17, 5, "draw"},
                            std::tuple<int, int, const char*>{3, 3, "draw_all"}}) {
    SeededDice tin(r_t);
    std::vector<int> drawn = draw(tin, n, k, "tin");
    Json draw_rolls = Json::array();
    for (const Roll& r : tin.rolls()) draw_rolls.push_back(to_json(r));
    out[name] = {{"n", n}, {"k", k}, {"rolls", draw_rolls}, {"drawn", drawn}};
  }

  // A commitment to a hidden item (section 10a): salt 0x60..0x7f.
  const std::string salt = counting_bytes(0x60);
  const Json hidden = {{"side", "union"}, {"units", {{"a", 3}, {"b", 7}}}};
  out["commitment"] = {
      {"kind", "state"},
      {"salt", to_hex(salt)},
      {"content", hidden},
      {"preimage", to_hex(lp("adjutant-fog-v1/commit") + lp("state") + salt + canonical(hidden))},
      {"C", to_hex(commitment("state", salt, hidden))}};

  const std::string private_seed = counting_bytes(0x01);
  const SigningKey key = SigningKey::from_seed(private_seed);
  const Json body = {{"turn", 1}, {"side", "union"}, {"format", "adjutant-orders/1"}};
  const std::string message = pae(kOrdersType, canonical(body));
  out["signature"] = {{"private_key", to_hex(private_seed)},
                      {"public_key", to_hex(key.public_raw())},
                      {"public_key_base64url", base64url(key.public_raw())},
                      {"key_id", key_id(key.public_raw())},
                      {"payload_type", kOrdersType},
                      {"body", body},
                      {"body_jcs", canonical(body)},
                      {"pae", message},
                      {"pae_hex", to_hex(message)},
                      {"sig", to_hex(key.sign(message))},
                      {"envelope", sign_envelope(kOrdersType, body, key)}};
  return out;
}

}  // namespace adjutant::ledger
