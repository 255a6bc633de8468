#include "game/sign_orders.h"

#include "game/intake.h"
#include "game/revisions.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "util/error.h"

namespace adjutant::game {

Json order_body(const Archive& archive, const Replay& replay, const std::string& side, Json body,
                const std::function<std::string(std::uint32_t)>& link,
                const Json* previous_envelope) {
  auto phase = replay.phase();
  std::uint32_t m = replay.intake_reveals().at(side).m + 1;
  auto own = archive.party(side);
  if (m > own->chain_length)
    throw Error("chain.exhausted", side + "'s dice chain has no link left to reveal");
  body["format"] = orders_format(archive.protocol());
  body["game"] = archive.game_id();
  body["side"] = side;
  body["turn"] = phase.turn;
  body["phase"] = phase.name;
  body["after"] = replay.expected_after();
  body["reveal"] = {{"m", m}, {"s", ledger::to_hex(link(m))}};
  body.erase("revision");
  body.erase("replaces");
  if (archive.protocol() >= 2) revise(body, previous_envelope);
  return body;
}

Json sign_orders(const Archive& archive, const Replay& replay, const std::string& side,
                 const ledger::SigningKey& key, const ledger::ChainSecret& chain, Json body,
                 const fs::path& secrets) {
  std::optional<SignedPhase> previous;
  if (!secrets.empty() && archive.protocol() >= 2)
    previous = signed_phase(secrets, archive.game_id(), side, replay.phase().turn,
                            replay.phase().name, replay.expected_after());
  body = order_body(
      archive, replay, side, std::move(body),
      [&](std::uint32_t i) { return ledger::link(chain, i); },
      previous ? &previous->envelope : nullptr);
  return ledger::sign_envelope(ledger::kOrdersType, body, key);
}

}  // namespace adjutant::game
