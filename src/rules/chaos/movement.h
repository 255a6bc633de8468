// Simultaneous unengaged movement of markers (move, move.marker,
// terms.check): every marker moves along its waypoints a quarter inch a
// step, all together, each no farther than its rolled rate. A marker whose
// next step would bring it within 8" of an enemy unit stops where it is
// ("may not move to within 8" of any enemy markers or regiments"), unless
// that enemy is the unit it was ordered to engage: then the step is taken,
// all movement halts, and the CHECK is returned for resolution; movement
// then resumes by a new call with each mover's `rest` of path and rate.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "rules/chaos/march.h"
#include "rules/chaos/situation.h"

namespace adjutant::rules::chaos {

struct Mover {
  std::string id;  // "<brigade>#<n>", as in UnitBase
  std::string side;
  std::vector<Point> path;  // the first point is where it stands
  Coord rate = 0;           // the rolled rate, hundredths
  std::string engage;       // the enemy unit it is ordered to engage, or ""
};

struct Check {
  std::string mover;
  std::string target;
  Coord step = 0;  // the step (counted from 1) at which it arose
};

struct Movement {
  std::map<std::string, Point> at;                 // every mover's position now
  std::map<std::string, Coord> moved;              // hundredths travelled
  std::map<std::string, std::vector<Point>> rest;  // what is left of each path
  std::set<std::string> stopped;                   // stopped short of the enemy
  std::optional<Check> check;                      // set when movement halted for a CHECK
  Coord steps = 0;
};

// Moves `movers` (markers, 3" x 3") among the units that do not move
// (`standing`: regiments and markers of both sides). Within a step every
// mover's next position is weighed against the standing units and the
// other movers' next positions; movers are taken in id order, and the
// first CHECK in that order halts the movement. When the movement ends
// without a CHECK, a marker less than 4" from another marker goes back
// along its path until it is 4" away ("Markers cannot end their movement
// within 4" of another marker").
Movement move_markers(const Scenario& scenario, const std::vector<Mover>& movers,
                      const std::vector<UnitBase>& standing);

}  // namespace adjutant::rules::chaos
