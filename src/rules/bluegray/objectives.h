// Objective hexes held by their last occupant (victory.hexes with "hold":
// "last_occupant"): who holds each, kept in the state as extra.held.
#pragma once

#include <string>

#include "rules/bluegray/events.h"

namespace adjutant::rules::bluegray {

// After an event that places a unit (enter, move, retreat, displace,
// advance, evade): a "control" event when it takes an objective from its
// holder. Does nothing for scenarios without such objectives.
void take_objective(Emitter& em, const Json& placed);

// The side holding an objective hex now ("" if nobody has held it).
std::string holder(const State& state, const model::VictoryHex& vh);

}  // namespace adjutant::rules::bluegray
