// Assault boats and pontoon bridges as counters on the board (River
// Crossing): building a bridge, and what an enemy zone of control does to
// them (a boat is destroyed, a bridge captured).
#pragma once

#include "rules/ah1961/events.h"
#include "rules/ah1961/orders.h"

namespace adjutant::rules::ah1961 {

// A bridge built or captured in this player-turn may not be used or moved in it.
bool locked(const Board& b, const BuiltBridge& bridge);
bool locked(const Board& b, const std::string& unit);

// "build": the detachment on a road shore square joins it across the river
// square to the road square opposite, which a friendly combat or HQ unit
// holds. Emits "bridge_built" or appends a problem.
void build_bridge(Emitter& em, const MoveOrder& m, Problems& problems,
                  std::vector<std::string>& echo);

// The enemy's boats in the phasing side's zones of control are destroyed
// and its bridges captured; so is a detachment of the phasing side that
// moved into an enemy zone (`moved`).
void sweep_detachments(Emitter& em, const std::vector<std::string>& moved);

}  // namespace adjutant::rules::ah1961
