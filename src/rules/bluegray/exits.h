// Leaving the map (the scenario's "exits": Cemetery Hill 14.4, Hooker and
// Lee 16.11) and the exit race of Cemetery Hill 14.53.
#pragma once

#include <string>

#include "rules/bluegray/events.h"

namespace adjutant::rules::bluegray {

// The exit a unit may take from hex h, or nullptr.
const model::ExitZone* exit_zone(const Scenario& sc, const UnitDef& unit, Hex h);

// Emits the "exit" event (and the VP the exit earns, if any).
void exit_map(Emitter& em, const std::string& unit, Hex from, int mp, int order);

// 14.53: at the end of a player-turn of the race's `after` side, the VP for
// exited units beyond the other side's.
void award_exit_race(Emitter& em, const std::string& side_that_moved);

}  // namespace adjutant::rules::bluegray
