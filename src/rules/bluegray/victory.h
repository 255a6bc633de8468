// Victory points and the level of victory, all from the scenario's
// "victory" data: VP per enemy strength point eliminated, objective hexes,
// lines of communication, and the ratio levels (Cemetery Hill 14.5).
#pragma once

#include <map>
#include <string>

#include "rules/bluegray/events.h"

namespace adjutant::rules::bluegray {

class Emitter;

// Emits a "vp" event: `vp` more for `side`, from `source` (eliminated,
// objective, line_of_communication, exited, exit_race), citing `rule`.
void award(Emitter& em, const std::string& side, int vp, const std::string& reason,
           const std::string& source, const std::string& rule);

// Emits the "vp" event an eliminated unit earns the other side, if any.
void award_elimination_vp(Emitter& em, const std::string& unit);

// At the end of the game: VP for objective hexes and lines of communication,
// then "game_end" with the level and the VP (by source, readings.h).
void end_game(Emitter& em);

// The level of victory for the given totals (scenario victory.levels).
std::string victory_level(const rules::hexmap::Victory& victory,
                          const std::map<std::string, int>& vp);

}  // namespace adjutant::rules::bluegray
