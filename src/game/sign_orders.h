// Signing an order file for the phase due (docs/protocol.md section 5): the
// envelope fields filled in from the player's verified copy of the archive,
// then signed with the side's key. `adjutant sign` and the bot both sign here.
#pragma once

#include <cstdint>
#include <functional>

#include "game/archive.h"
#include "game/replay.h"
#include "ledger/chain.h"
#include "ledger/keys.h"

namespace adjutant::game {

// Fills in format, game, side, turn, phase, after (the log head), reveal
// (the side's next chain link) and, from protocol 2, the revision (the next
// of what `secrets` records as signed for this phase: game/revisions.h; 1
// when `secrets` is empty), and signs `body` for `side`. Error
// chain.exhausted when the chain has no link left.
Json sign_orders(const Archive& archive, const Replay& replay, const std::string& side,
                 const ledger::SigningKey& key, const ledger::ChainSecret& chain, Json body,
                 const fs::path& secrets = {});

// The body sign_orders signs: the pipeline fields filled in with the side's
// link `link(m)` and, from protocol 2, the revision after
// `previous_envelope` (the latest file signed for this phase, or nullptr).
Json order_body(const Archive& archive, const Replay& replay, const std::string& side, Json body,
                const std::function<std::string(std::uint32_t)>& link,
                const Json* previous_envelope);

}  // namespace adjutant::game
