#include "game/intake.h"

#include "ledger/armor.h"
#include "ledger/chain.h"
#include "ledger/digest.h"
#include "util/error.h"
#include "util/fields.h"
#include "util/files.h"

namespace adjutant::game {

std::map<std::string, LatestReveal> reveals_before(const Archive& archive, int upto) {
  std::map<std::string, LatestReveal> out;
  for (const auto& p : archive.parties()) out[p.id] = {0, p.anchor};
  for (const auto& e : archive.log()) {
    if (e.seq >= upto) break;
    try {
      if (e.kind == "orders") {
        const Json& b = e.body.at("body");
        out[b.at("side").get<std::string>()] = {
            b.at("reveal").at("m").get<std::uint32_t>(),
            ledger::from_hex(b.at("reveal").at("s").get<std::string>())};
      } else if (e.kind == "adjudication") {
        out[e.body.at("adjudicator").get<std::string>()] = {
            e.body.at("reveal").at("m").get<std::uint32_t>(),
            ledger::from_hex(e.body.at("reveal").at("s").get<std::string>())};
      }
    } catch (const std::exception&) {
      // A damaged entry is reported by verify at its own line.
    }
  }
  return out;
}

Intake take_orders(const Archive& archive, const model::State& state, const Json& envelope,
                   const std::string& source, const std::string& head, int upto) {
  Intake in;
  in.envelope = envelope;
  ledger::Envelope env = ledger::parse_envelope(envelope, source);
  if (env.payload_type != ledger::kOrdersType)
    throw Error("orders.type",
                source + ": not an order file (payloadType " + env.payload_type + ")");
  if (env.signatures.size() != 1)
    throw Error("orders.signatures", source +
                                         ": an order file carries exactly one signature, not " +
                                         std::to_string(env.signatures.size()));
  in.body = env.body;
  if (!in.body.is_object()) throw Error("orders.format", source + ": the body must be an object");
  auto need_string = [&](const char* key) {
    if (!in.body.contains(key) || !in.body[key].is_string())
      throw Error("orders.missing_field", source + ": body needs the string field \"" + key + "\"");
    return in.body[key].get<std::string>();
  };
  if (need_string("format") != kOrdersFormat)
    throw Error("orders.format",
                source + ": format must be \"" + std::string(kOrdersFormat) + "\"");
  in.side = need_string("side");
  auto party = archive.party(in.side);
  if (!party || in.side == "umpire")
    throw Error("orders.unknown_side",
                source + ": side \"" + in.side + "\" is not a side of this game");

  // The key that counts is genesis's key for the body's side, never the keyid.
  if (!ledger::verify_envelope(env, ledger::kOrdersType, party->public_key)) {
    for (const auto& other : archive.parties())
      if (other.id != in.side &&
          ledger::verify_envelope(env, ledger::kOrdersType, other.public_key))
        throw Error("orders.wrong_key",
                    source + ": orders for " + in.side + " are signed with " + other.id + "'s key");
    throw Error("orders.bad_signature",
                source + ": the signature does not verify with " + in.side + "'s key from genesis");
  }
  if (need_string("game") != archive.game_id())
    throw Error("orders.wrong_game",
                source + ": written for game " + in.body["game"].get<std::string>().substr(0, 16) +
                    "..., not this game (" + archive.game_id().substr(0, 16) + "...)");
  rules::PhaseInfo phase = archive.ruleset().current_phase(state);
  if (phase.side.empty())
    throw Error("orders.game_over", source + ": the game has ended; no orders are due");
  if (!in.body.contains("turn") || !in.body["turn"].is_number_integer())
    throw Error("orders.missing_field", source + ": body needs the integer field \"turn\"");
  int turn = in.body["turn"].get<int>();
  std::string phase_name = need_string("phase");
  if (in.side != phase.side)
    throw Error("orders.not_your_phase", source + ": orders for " + in.side + ", but it is " +
                                             phase.side + "'s player-turn (turn " +
                                             std::to_string(phase.turn) + ")");
  std::string after = need_string("after");
  if (after != head)
    throw Error("orders.stale", source + ": written after log entry " + after.substr(0, 16) +
                                    "..., but the log head is " + head.substr(0, 16) +
                                    "...; fetch the latest state and write the orders again");

  if (turn != phase.turn || phase_name != phase.name)
    throw Error("orders.wrong_phase", source + ": orders for turn " + std::to_string(turn) +
                                          " phase " + phase_name + ", but the game is at turn " +
                                          std::to_string(phase.turn) + " phase " + phase.name);
  if (!in.body.contains("reveal") || !in.body["reveal"].is_object())
    throw Error("orders.missing_field", source + ": body needs \"reveal\": {\"m\": N, \"s\": hex}");
  Fields rv(in.body["reveal"], source + ": reveal", "orders");
  long long m = rv.integer("m");
  in.s = ledger::from_hex(rv.str("s"));
  rv.finish();
  auto known = reveals_before(archive, upto).at(in.side);
  if (m != known.m + 1 || m > party->chain_length || in.s.size() != 32 ||
      !ledger::check_link(std::uint32_t(m), in.s, known.m, known.s))
    throw Error("orders.bad_reveal",
                source + ": reveal m=" + std::to_string(m) + " is not the next link of " + in.side +
                    "'s dice chain (expected m=" + std::to_string(known.m + 1) + ")");
  in.m = std::uint32_t(m);
  in.checked = archive.ruleset().check(state, in.body, source);
  return in;
}

Intake take_order_file(const Archive& archive, const model::State& state, const fs::path& file) {
  std::string text;
  try {
    text = read_file_limited(file, kMaxOrderBytes);
  } catch (const Error& e) {
    if (e.id() == "io.too_large")
      throw Error("orders.too_large", file.string() + ": order files are limited to 1 MiB");
    throw;
  }
  // A saved mail or a pasted armored block is as good as the JSON file.
  if (text.find(ledger::kArmorBegin) != std::string::npos) {
    auto blocks = ledger::dearmor(text);
    if (blocks.size() != 1)
      throw Error("orders.armor", file.string() + ": holds " + std::to_string(blocks.size()) +
                                      " armored blocks; save each order file separately");
    text = blocks.front();
  }
  Json envelope = ledger::parse_strict(text, file.string(), kMaxOrderBytes);
  return take_orders(archive, state, envelope, file.string(), archive.head(),
                     int(archive.log().size()));
}

}  // namespace adjutant::game
