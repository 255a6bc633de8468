// Movement: up to the movement factor in squares, one unit or units moving
// together at the slowest's pace; stops on entering woods, hills, Stannard's
// Marsh, a stream square off a road or railroad, a river square and the
// first square an enemy controls; two squares a turn inside woods, hills
// and marsh; no passing friendly units on river squares; the four ways
// across a river (River Crossing); actions among the moves (brigade
// substitution and recombination, building a bridge).
#pragma once

#include <map>
#include <set>

#include "rules/ah1961/events.h"
#include "rules/ah1961/orders.h"

namespace adjutant::rules::ah1961 {

// What a unit has done this turn, so that later orders go on from there
// (units that combine carry the squares already moved, More Than One Unit
// Per Square).
struct Spent {
  int squares = 0;
  int slow = 0;  // squares moved inside woods, hills or marsh
  bool stopped = false;
  std::string stop_rule;
  std::string stop_why;
  std::vector<Hex> entered;  // this turn's squares, for the bridge rule
};

struct MovePhase {
  std::map<std::string, Spent> spent;
  std::set<std::string> boats_used;  // only one unit on each boat counter per turn
  std::set<std::string> moved;       // units that moved this turn
};

// Checks the "moves" in order against the working state, emitting their
// events; every problem is appended.
void check_moves(Emitter& em, const std::vector<MoveOrder>& moves, MovePhase& phase,
                 Problems& problems, std::vector<std::string>& echo);

}  // namespace adjutant::rules::ah1961
