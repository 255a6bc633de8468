#include "game/sign_orders.h"

#include "game/intake.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "util/error.h"

namespace adjutant::game {

Json sign_orders(const Archive& archive, const Replay& replay, const std::string& side,
                 const ledger::SigningKey& key, const ledger::ChainSecret& chain, Json body,
                 const fs::path& secrets) {
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
  body["reveal"] = {{"m", m}, {"s", ledger::to_hex(ledger::link(chain, m))}};
  body.erase("revision");
  body.erase("replaces");
  if (archive.protocol() >= 2) {
    if (secrets.empty())
      body["revision"] = 1;
    else
      set_revision(body, secrets);
  }
  return ledger::sign_envelope(ledger::kOrdersType, body, key);
}

}  // namespace adjutant::game
