// The movement half of a Blue & Gray order file: which units move where.
#pragma once

#include <vector>

#include "rules/bluegray/bot/situation.h"

namespace adjutant::bot::bluegray {

// The moves, in the order they are to be given (stacking holds at the end
// of each move in that order, 6.0). In turn, and by the seed's temper:
// - units whose leaving the map scores (an exit's VP, an exit race) ride
//   for the nearest exit and leave when they can (14.4, 14.53);
// - each victory hex gets one unit to stand on it (the nearest), unless
//   one is there or the enemy holds it (then it is a target);
// - enemy hexes are attacked where enough units can reach the hexes next to
//   them (and next to no other enemy) for the temper's odds: those units
//   move into contact, the best odds first;
// - every other unit, reinforcements entering, moves as far toward the
//   enemy (artillery: two hexes from it) as it can without entering an
//   enemy zone of control, by the cheapest ways, roads included.
std::vector<Json> plan_moves(const Situation& s);

}  // namespace adjutant::bot::bluegray
