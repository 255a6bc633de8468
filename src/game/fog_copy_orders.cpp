// Orders on a side's sealed copy (docs/protocol.md 10a, "A side's part of
// the scenario"): the phase due, the body completed and signed from the copy
// alone, the side's part and view opened to read and check its orders, and
// an order file checked as the umpire's intake takes it.
#include "game/fog.h"
#include "game/genesis.h"
#include "game/intake.h"
#include "game/revisions.h"
#include "game/secrets.h"
#include "ledger/chain.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "util/error.h"
#include "util/printable.h"

namespace adjutant::game {

namespace {

// The copy's phase due (the packet's `due`), or null when none of its
// side is.
const Json* phase_due(const SealedCopy& c, const SealedReport& r) {
  const Json* due = c.packet.contains("due") ? &c.packet["due"] : nullptr;
  if (r.revealed || !due || !due->is_object() || !due->contains("turn") ||
      !(*due)["turn"].is_number_integer() || !due->contains("phase") ||
      !(*due)["phase"].is_string() || !due->contains("after"))
    return nullptr;
  return due;
}

[[noreturn]] void not_due(const SealedReport& r) {
  throw Error("sign.not_due", "no phase of " + r.side +
                                  " is due in this copy: sync the umpire's latest sealed copy");
}

void require_checked(const SealedReport& r) {
  if (!r.ok)
    throw Error(r.error_id, "this copy: " + r.where + ": " + r.message, Exit::kVerifyFailed);
}

}  // namespace

Party sealed_party(const SealedCopy& c, const std::string& side) {
  for (const auto& p : genesis_parties(c.log.front().body))
    if (p.id == side) return p;
  return {};
}

Json sealed_order_body(const SealedCopy& c, const SealedReport& r, Json body,
                       const std::string& link) {
  require_checked(r);
  const Json* due = phase_due(c, r);
  if (!due) not_due(r);
  Party party = sealed_party(c, r.side);
  if (r.next_link > party.chain_length)
    throw Error("chain.exhausted", r.side + "'s dice chain has no link left");
  if (!body.is_object()) throw Error("orders.format", "the order body must be a JSON object");
  int protocol = protocol_of(c.log.front().body);
  body["format"] = orders_format(protocol);
  body["game"] = ledger::sha256_hex(ledger::canonical(c.log.front().body));
  body["side"] = r.side;
  body["turn"] = (*due)["turn"];
  body["phase"] = (*due)["phase"];
  body["after"] = (*due)["after"];
  body["reveal"] = {{"m", r.next_link}, {"s", ledger::to_hex(link)}};
  body.erase("revision");
  body.erase("replaces");
  return body;
}

Json sign_sealed(const fs::path& copy, Json body, const fs::path& key, const fs::path& chain,
                 const fs::path& secrets) {
  SealedCopy c = read_sealed_copy(copy);
  SealedReport r = check_sealed_copy(c);
  require_checked(r);
  if (!phase_due(c, r)) not_due(r);
  Party party = sealed_party(c, r.side);
  ledger::SigningKey k = key_for(party, secrets, key, "of " + r.side);
  ledger::ChainSecret ch = chain_for(party, secrets, chain);
  if (r.next_link > party.chain_length)
    throw Error("chain.exhausted", r.side + "'s dice chain has no link left");
  body = sealed_order_body(c, r, std::move(body), ledger::link(ch, r.next_link));
  if (protocol_of(c.log.front().body) >= 2) set_revision(body, secrets);
  return ledger::sign_envelope(ledger::kOrdersType, body, k);
}

SealedOrdersGame sealed_orders_game(const SealedCopy& c, const SealedReport& r,
                                    const std::string& where, bool due_only) {
  require_checked(r);
  const Json* due = phase_due(c, r);
  if (!due && due_only) not_due(r);
  // The side's part (checked by check_sealed_copy against its signed
  // commitment) and its latest view.
  const Json* part = nullptr;
  const Json* view = nullptr;
  long long view_line = -1;
  for (const auto& o : c.packet["openings"]) {
    if (o["kind"] == "scenario:" + r.side) part = &o["content"];
    if (o["kind"] == "view:" + r.side && o["line"].get<long long>() > view_line) {
      view = &o["content"];
      view_line = o["line"].get<long long>();
    }
  }
  if (!part)
    throw Error("sign.sealed_text",
                "this sealed copy holds no part of the scenario to read text orders with (a copy "
                "sealed before sealed copies carried one, or rules that give none): sync the "
                "umpire's latest sealed copy, or give a JSON body",
                Exit::kUsage);
  if (!view) throw Error("verify.opening", "this copy holds no view of " + r.side);
  const Json& genesis = c.log.front().body;
  int version = genesis.contains("ruleset") && genesis["ruleset"].is_object()
                    ? genesis["ruleset"].value("version", 0)
                    : 0;
  SealedOrdersGame g;
  g.side = r.side;
  g.turn = due ? (*due)["turn"].get<int>() : r.turn;
  g.phase = due ? (*due)["phase"].get<std::string>() : r.phase;
  g.ruleset = rules::make_ruleset(*part, "the part of the scenario in " + where, version);
  g.view = model::State::from_json(*view, "the view of " + r.side + " in " + where,
                                   g.ruleset->unit_marks());
  g.part = *part;
  g.version = version;
  g.name = genesis.value("name", "");
  g.game_id = ledger::sha256_hex(ledger::canonical(genesis));
  g.after = due ? due->value("after", "") : std::string();
  g.due = due != nullptr;
  return g;
}

SealedOrdersGame open_sealed_orders(const fs::path& copy) {
  SealedCopy c = read_sealed_copy(copy);
  return sealed_orders_game(c, check_sealed_copy(c), copy.string());
}

rules::Checked check_sealed_envelope(const SealedCopy& c, const SealedReport& r,
                                     const Json& envelope, const std::string& source) {
  SealedOrdersGame g = sealed_orders_game(c, r, source);
  ledger::Envelope env = ledger::parse_envelope(envelope, source);
  if (env.payload_type != ledger::kOrdersType)
    throw Error("orders.type",
                source + ": not an order file (payloadType " + env.payload_type + ")");
  if (env.signatures.size() != 1)
    throw Error("orders.signatures", source + ": an order file carries exactly one signature");
  const Json& b = env.body;
  int protocol = protocol_of(c.log.front().body);
  const char* format = orders_format(protocol);
  if (!b.is_object() || b.value("format", "") != format)
    throw Error("orders.format",
                source + ": the body must be an object of format " + std::string(format));
  read_revision(b, protocol, source);
  if (b.value("side", "") != r.side)
    throw Error("orders.unknown_side", source + ": orders for " + in_quotes(b.value("side", "")) +
                                           ", and this is " + r.side + "'s sealed copy");
  Party party = sealed_party(c, r.side);
  if (!ledger::verify_envelope(env, ledger::kOrdersType, party.public_key))
    throw Error("orders.bad_signature",
                source + ": the signature does not verify with " + r.side + "'s key from genesis");
  if (b.value("game", "") != ledger::sha256_hex(ledger::canonical(c.log.front().body)))
    throw Error("orders.wrong_game", source + ": written for another game");
  const Json& due = c.packet["due"];
  if (b.value("after", "") != due.value("after", ""))
    throw Error("orders.stale", source +
                                    ": written after another log entry than the one the "
                                    "phase due names; sync and write the orders again");
  if (b.value("turn", -1) != g.turn || b.value("phase", "") != g.phase)
    throw Error("orders.wrong_phase", source + ": orders for another phase than turn " +
                                          std::to_string(g.turn) + " phase " + g.phase);
  const Json& rv = b.contains("reveal") ? b["reveal"] : Json();
  long long m = rv.is_object() ? rv.value("m", -1LL) : -1;
  std::string s = rv.is_object() && rv.contains("s") && rv["s"].is_string()
                      ? ledger::from_hex(rv["s"].get<std::string>())
                      : "";
  if (m != (long long)(r.link_m) + 1 || s.size() != 32 ||
      !ledger::check_link(std::uint32_t(m), s, r.link_m, r.link_s))
    throw Error("orders.bad_reveal",
                source + ": reveal is not the next link of " + r.side +
                    "'s dice chain (expected m=" + std::to_string(r.link_m + 1) + ")");
  return g.ruleset->check(g.view, b, source);
}

rules::Checked check_sealed(const fs::path& copy, const Json& envelope, const std::string& source) {
  SealedCopy c = read_sealed_copy(copy);
  return check_sealed_envelope(c, check_sealed_copy(c), envelope, source);
}

}  // namespace adjutant::game
