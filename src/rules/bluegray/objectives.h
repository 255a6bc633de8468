// Objective hexes held by their last occupant (victory.hexes with "hold":
// "last_occupant"): who holds each, kept in the state as extra.held.
#pragma once

#include <optional>
#include <string>

#include "rules/bluegray/events.h"

namespace adjutant::rules::bluegray {

// The hex where an event places a unit (enter, move, retreat, displace,
// advance, evade), or nothing for an event that places none.
std::optional<std::string> placed_at(const Json& event);

// After an event that placed `unit` in `where` (placed_at): a "control"
// event when it takes an objective from its holder. Does nothing for
// scenarios without such objectives.
void take_objective(Emitter& em, const std::string& where, const std::string& unit);

// The side holding an objective hex now ("" if nobody has held it).
std::string holder(const Board& board, const rules::hexmap::VictoryHex& vh);

}  // namespace adjutant::rules::bluegray
