// Leaving the map (the scenario's "exits": Cemetery Hill 14.4, Hooker and
// Lee 16.11-16.27: exits that score, exits with a limit and a return - the
// flank march - and leaving by retreat) and the exit race of Cemetery Hill
// 14.53.
#pragma once

#include <string>

#include "rules/bluegray/events.h"

namespace adjutant::rules::bluegray {

// The exit a unit may take from hex h, or nullptr.
const rules::hexmap::ExitZone* exit_zone(const Scenario& sc, const UnitDef& unit, Hex h);

// Units that have taken exit x, as the state records them (extra.left, kept
// for exits with a limit or a return).
int exited_by(const Board& board, const rules::hexmap::ExitZone& x);

// Why `unit` may not take exit `x` now (H&L 16.22: its turns, its combined
// total of units), as a problem id and message; id "" when it may.
struct ExitRefusal {
  std::string id;
  std::string message;
};
ExitRefusal exit_refusal(const Board& board, const rules::hexmap::ExitZone& x,
                         const std::string& unit);

// Emits the "exit" event (and the VP the exit earns, if any); a late exit
// that eliminates (H&L 16.27) emits "eliminate" instead; an exit with a
// return makes the unit wait for its turn back (16.23).
void exit_map(Emitter& em, const std::string& unit, Hex from, int mp, int order);

// H&L 16.21: a unit that must retreat and cannot, standing where an exit
// admitting it allows leaving by retreat, leaves the map; false otherwise.
bool retreat_off_map(Emitter& em, const std::string& unit, Hex from, const std::string& cause);

// 14.53: at the end of a player-turn of the race's `after` side, the VP for
// exited units beyond the other side's.
void award_exit_race(Emitter& em, const std::string& side_that_moved);

}  // namespace adjutant::rules::bluegray
