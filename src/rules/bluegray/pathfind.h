// Movement costs (7.0-7.5) and the cheapest legal path for a move given as
// a destination.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "rules/bluegray/board.h"

namespace adjutant::rules::bluegray {

struct StepCost {
  int mp = 0;
  std::string via;  // "road", "trail" or "terrain"
  std::string why;  // "stream +2, forest 3"
};

// Why a unit can never step from `from` into adjacent `to` (off the map, a
// river or creek hexside, a river hex), or "" when it can.
std::string impassable(const Scenario& sc, Hex from, Hex to);

// impassable(sc, from, to) == "", without building the reason.
bool passable(const Scenario& sc, Hex from, Hex to);

// 7.3, 7.5: the cost of stepping from `from` into adjacent `to`: the hex's
// TEC cost plus the hexside's; where a route crosses this very hexside the
// road/trail cost replaces the hex's cost (never making the step dearer) and
// the hexside's cost is still added (readings::route_pays_hexside; version 1
// replaced both). Call only when impassable() is "".
StepCost step_cost(const Scenario& sc, Hex from, Hex to);
// step_cost(sc, from, to).mp, without building the words (for searches).
int step_mp(const Scenario& sc, Hex from, Hex to);
// step_mp under the given reading of 7.5 (readings::route_pays_hexside),
// whatever the scenario's rules version.
int step_mp_read(const Scenario& sc, Hex from, Hex to, bool route_pays_hexside);

// What a search may do beyond the map's own limits.
struct PathRules {
  Hex start;
  int spent = 0;      // MP already used at start (a reinforcement's entry, 14.32)
  int allowance = 0;  // the unit's MA (7.0, 11.1)
  // ZOC, night, strategic...; asked only of steps that are passable().
  std::function<bool(Hex from, Hex to)> may_enter;
  std::function<bool(Hex)> stops;  // entering ends the move (5.0)
};

struct Path {
  std::vector<Hex> hexes;  // start first
  int mp = 0;              // total spent, `spent` included
};

// The cheapest path from rules.start to goal within the allowance. Ties go to
// the path with fewer hexes, then to the lexicographically smallest sequence
// of hex numbers, so the answer never depends on container order.
std::optional<Path> cheapest_path(const Scenario& sc, const PathRules& rules, Hex goal);

}  // namespace adjutant::rules::bluegray
