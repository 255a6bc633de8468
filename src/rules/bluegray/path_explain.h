// Why a move given as a destination found no legal path (7.0), in words a
// player can act on: what the cheapest legal path would cost and which steps
// make it dear, or the rule that bars every way there, and the hexes the unit
// can reach nearest the destination this turn. Words only: the check refuses
// the move as before (move.no_path).
#pragma once

#include <functional>
#include <string>

#include "rules/bluegray/pathfind.h"

namespace adjutant::rules::bluegray {

struct NoPathWords {
  std::string message;  // "no legal path from 0309 to 1509 within 6 MP: the cheapest costs ..."
  std::string hint;     // "Within 6 MP it reaches 0812 or 0913 (3 hexes from 1509): ..."
};

// `rules` are the search's own (start, MP spent, allowance, what may be
// entered, where a move stops); `barred` says why a step the map allows is
// refused ("" when it is not), with its rule, as the check words it.
NoPathWords explain_no_path(const Scenario& sc, const PathRules& rules, Hex goal,
                            const std::function<std::string(Hex from, Hex to)>& barred);

}  // namespace adjutant::rules::bluegray
