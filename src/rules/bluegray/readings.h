// The readings of the Blue & Gray rules that changed from one ruleset version
// to the next, one named predicate each. An archive is adjudicated at the
// version its genesis pinned (docs/protocol.md "Archives verify forever"), so
// every gate on an outcome lives here and nowhere else.
#pragma once

#include "rules/hexmap/scenario.h"

namespace adjutant::rules::bluegray::readings {

// 8.42: "The phasing player may attack with only one of the units ... and not
// attack at all with the other": a unit in an enemy ZOC need not attack when
// a unit stacked with it does (version 2). Version 1 held every unit in an
// enemy ZOC to 8.0, so the sentence applied only to units under no obligation.
inline bool stack_mate_may_sit_out(const rules::hexmap::Scenario& sc) {
  return sc.rules_version >= 2;
}

// 7.3, 7.5: a road or trail replaces the cost of the terrain "in the hex"
// only; a hexside crossed along it still adds its cost ("Movement costs are
// cumulative"): a trail across a ford into forest is 2 + 1 = 3 MP (version
// 2). Version 1 let the route replace the hexside cost too (2 MP).
inline bool route_pays_hexside(const rules::hexmap::Scenario& sc) {
  return sc.rules_version >= 2;
}

// 8.43, 8.74: artillery joins an attack on several hexes only "when adding
// their strength to friendly infantry or cavalry units", so artillery alone
// firing at range bombards one hex (version 2). Version 1 accepted a
// multi-hex attack made by artillery alone.
inline bool ranged_artillery_alone_one_hex(const rules::hexmap::Scenario& sc) {
  return sc.rules_version >= 2;
}

// Victory: each `vp` event names its source and `game_end` lists every side's
// victory points by source, kept in the state as extra.vp_sources (version
// 2). Version 1 kept totals only.
inline bool vp_by_source(const rules::hexmap::Scenario& sc) {
  return sc.rules_version >= 2;
}

// 7.2, H&L 16.25 (2006 18.25, GC 22.6): a unit whose place in an entry
// column costs more MP than its allowance may not enter ("A unit may not
// enter a hex if it lacks sufficient MPs to pay the movement cost"); it waits
// for a later turn, as "the un-entered balance is simply brought back into
// play on the following Game-Turn" says (version 3). Version 1 and 2 let it
// enter and stay on the entry hex ("7 of 6 MP").
inline bool entry_within_allowance(const rules::hexmap::Scenario& sc) {
  return sc.rules_version >= 3;
}

// GC 22.6 ("Note, however, the Union Stacking Restriction (Case 23.1)"), H&L
// 2006 18.25: a stack of a column is what may legally stack, a side's own
// restriction included, so Union divisions enter one to a stack (version 3).
// Version 1 and 2 paired any two units.
inline bool column_stacks_are_legal(const rules::hexmap::Scenario& sc) {
  return sc.rules_version >= 3;
}

// GC 22.11 ("Combat Strength halved") with 8.1 ("Round off the ratio in
// favor of the defender"): a halved strength is exact, the odds worked in
// half strength points, and only the ratio is rounded (version 3). Version
// 1 and 2 rounded each halved unit up, which could favour the attacker.
inline bool halves_exactly(const rules::hexmap::Scenario& sc) {
  return sc.rules_version >= 3;
}

// H&L 2006 20.14 ("an attack over which the Union Player has influence ...
// must avoid making attacks at less than 1:3 odds if at all possible"), and
// 1975 18.12 under the same reading: only an attacker that began the
// player-turn in an enemy ZOC (or, artillery, next to an enemy unit) is
// forced to attack; a unit that moved or entered into contact this
// player-turn chose to (version 3). Version 1 and 2 counted every attacker
// in an enemy ZOC at combat time as forced.
inline bool forced_only_from_the_start(const rules::hexmap::Scenario& sc) {
  return sc.rules_version >= 3;
}

}  // namespace adjutant::rules::bluegray::readings
