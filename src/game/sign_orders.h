// Signing an order file for the phase due (docs/protocol.md section 5): the
// envelope fields filled in from the player's verified copy of the archive,
// then signed with the side's key. `adjutant sign` and the bot both sign here.
#pragma once

#include "game/archive.h"
#include "game/replay.h"
#include "ledger/chain.h"
#include "ledger/keys.h"

namespace adjutant::game {

// Fills in format, game, side, turn, phase, after (the log head) and reveal
// (the side's next chain link) and signs `body` for `side`. Error
// chain.exhausted when the chain has no link left.
Json sign_orders(const Archive& archive, const Replay& replay, const std::string& side,
                 const ledger::SigningKey& key, const ledger::ChainSecret& chain, Json body);

}  // namespace adjutant::game
