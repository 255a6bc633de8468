#include "game/intake.h"

#include <algorithm>

#include "ledger/armor.h"
#include "ledger/chain.h"
#include "ledger/digest.h"
#include "util/error.h"
#include "util/fields.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::game {

Intake take_orders(const Archive& archive, const model::State& state, const Json& envelope,
                   const std::string& source, const std::string& head,
                   const std::map<std::string, LatestReveal>& reveals) {
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
  auto need_hash = [&](const char* key) {
    std::string v = need_string(key);
    bool ok = v.size() == 64;
    for (char c : v) ok = ok && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    if (!ok)
      throw Error(
          "orders.wrong_type",
          source + ": \"" + key + "\" must be 64 lowercase hex digits, found " + in_quotes(v));
    return v;
  };
  const char* format = orders_format(archive.protocol());
  if (need_string("format") != format)
    throw Error("orders.format",
                source + ": format must be \"" + std::string(format) + "\"" +
                    (archive.protocol() >= 2 ? " (this game is of protocol 2: sign the orders "
                                               "again with this release)"
                                             : ""));
  in.side = need_string("side");
  auto party = archive.party(in.side);
  if (!party || in.side == "umpire")
    throw Error("orders.unknown_side",
                source + ": side " + in_quotes(in.side) + " is not a side of this game");

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
  if (need_hash("game") != archive.game_id())
    throw Error("orders.wrong_game",
                source + ": written for game " + in.body["game"].get<std::string>().substr(0, 16) +
                    "..., not this game (" + archive.game_id().substr(0, 16) + "...)");
  rules::PhaseInfo phase = archive.ruleset().current_phase(state);
  if (phase.side.empty())
    throw Error("orders.game_over", source + ": the game has ended; no orders are due");
  if (!in.body.contains("turn") || !in.body["turn"].is_number_integer())
    throw Error("orders.missing_field", source + ": body needs the integer field \"turn\"");
  if (in.body["turn"].get<long long>() < 0 || in.body["turn"].get<long long>() > kMaxCount)
    throw Error("orders.out_of_range",
                source + ": \"turn\" is " + in.body["turn"].dump() + ", not a game-turn number");
  int turn = int(in.body["turn"].get<long long>());
  std::string phase_name = need_string("phase");
  auto movers = phase.waiting_on();
  if (std::find(movers.begin(), movers.end(), in.side) == movers.end())
    throw Error("orders.not_your_phase", source + ": orders for " + in.side + ", but it is " +
                                             phase.side + "'s player-turn (turn " +
                                             std::to_string(phase.turn) + ")");
  std::string after = need_hash("after");
  if (after != head)
    throw Error("orders.stale", source + ": written after log entry " + after.substr(0, 16) +
                                    "..., but the log head is " + head.substr(0, 16) +
                                    "...; fetch the latest state and write the orders again");

  if (turn != phase.turn || phase_name != phase.name)
    throw Error("orders.wrong_phase", source + ": orders for turn " + std::to_string(turn) +
                                          " phase " + printable(phase_name) +
                                          ", but the game is at turn " +
                                          std::to_string(phase.turn) + " phase " + phase.name);
  if (!in.body.contains("reveal") || !in.body["reveal"].is_object())
    throw Error("orders.missing_field", source + ": body needs \"reveal\": {\"m\": N, \"s\": hex}");
  Fields rv(in.body["reveal"], source + ": reveal", "orders");
  long long m = rv.integer("m", 1, 4294967295LL);
  in.s = ledger::from_hex(rv.hex("s", 64));
  rv.finish();
  const LatestReveal& known = reveals.at(in.side);
  if (m != known.m + 1 || m > party->chain_length || in.s.size() != 32 ||
      !ledger::check_link(std::uint32_t(m), in.s, known.m, known.s))
    throw Error("orders.bad_reveal",
                source + ": reveal m=" + std::to_string(m) + " is not the next link of " + in.side +
                    "'s dice chain (expected m=" + std::to_string(known.m + 1) + ")");
  in.m = std::uint32_t(m);
  in.revision = read_revision(in.body, archive.protocol(), source);
  in.checked = archive.ruleset().check(state, in.body, source);
  return in;
}

Json read_order_file(const fs::path& file) {
  std::string text;
  try {
    text = read_file(file, kMaxOrderBytes);
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
  return ledger::parse_strict(text, file.string(), kMaxOrderBytes);
}

}  // namespace adjutant::game
