// Where a unit can go this movement phase, and which way its goals lie.
#pragma once

#include <map>
#include <vector>

#include "rules/bluegray/bot/situation.h"

namespace adjutant::bot::bluegray {

// Every hex a unit may end its move in, with the MP spent getting there by
// the cheapest path: the checks of the movement phase (no enemy unit, a unit
// entering an enemy ZOC stops (5.0), none entered at night (9.0) or by an
// ineffective unit (10.2), none the scenario forbids the unit (Hooker and
// Lee's edge zone and crossing), none where no unit may stop (a ferry)), and
// 7.4's single hex to a unit that does not enter. Stacking is the planner's
// to check: it holds at the end only.
struct Reach {
  Hex start;
  bool enter = false;
  int allowance = 0;
  std::map<Hex, int> mp;  // the start included
};

Reach reach(const Situation& s, const std::string& unit, Hex start, int spent, int allowance,
            bool enter, bool ineffective);

// MP from every hex to the nearest of `goals`, stepping around enemy units
// but not around zones of control or friends: a sense of direction, not a
// path. kUnreached where no goal can be reached.
HexGrid<int> distance_field(const Situation& s, const std::vector<Hex>& goals);

}  // namespace adjutant::bot::bluegray
