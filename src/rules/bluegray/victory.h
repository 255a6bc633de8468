// Victory points and the level of victory, all from the scenario's
// "victory" data: VP per enemy strength point eliminated, hexes held at the
// end, and the ratio levels (Cemetery Hill 14.5 style).
#pragma once

#include <map>
#include <string>

#include "rules/bluegray/events.h"

namespace adjutant::rules::bluegray {

class Emitter;

// Emits the "vp" event an eliminated unit earns the other side, if any.
void award_elimination_vp(Emitter& em, const std::string& unit);

// At the end of the game: VP for victory hexes held, then "game_end" with the level.
void end_game(Emitter& em);

// The level of victory for the given totals (scenario victory.levels).
std::string victory_level(const model::Victory& victory, const std::map<std::string, int>& vp);

}  // namespace adjutant::rules::bluegray
