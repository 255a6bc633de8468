// The readings of the Blue & Gray rules that changed from one ruleset version
// to the next, one named predicate each. An archive is adjudicated at the
// version its genesis pinned (docs/protocol.md "Archives verify forever"), so
// every gate on an outcome lives here and nowhere else.
#pragma once

#include "model/scenario.h"

namespace adjutant::rules::bluegray::readings {

// 8.42: "The phasing player may attack with only one of the units ... and not
// attack at all with the other": a unit in an enemy ZOC need not attack when
// a unit stacked with it does (version 2). Version 1 held every unit in an
// enemy ZOC to 8.0, so the sentence applied only to units under no obligation.
inline bool stack_mate_may_sit_out(const model::Scenario& sc) {
  return sc.rules_version >= 2;
}

// 7.3, 7.5: a road or trail replaces the cost of the terrain "in the hex"
// only; a hexside crossed along it still adds its cost ("Movement costs are
// cumulative"): a trail across a ford into forest is 2 + 1 = 3 MP (version
// 2). Version 1 let the route replace the hexside cost too (2 MP).
inline bool route_pays_hexside(const model::Scenario& sc) {
  return sc.rules_version >= 2;
}

// 8.43, 8.74: artillery joins an attack on several hexes only "when adding
// their strength to friendly infantry or cavalry units", so artillery alone
// firing at range bombards one hex (version 2). Version 1 accepted a
// multi-hex attack made by artillery alone.
inline bool ranged_artillery_alone_one_hex(const model::Scenario& sc) {
  return sc.rules_version >= 2;
}

// Victory: each `vp` event names its source and `game_end` lists every side's
// victory points by source, kept in the state as extra.vp_sources (version
// 2). Version 1 kept totals only.
inline bool vp_by_source(const model::Scenario& sc) {
  return sc.rules_version >= 2;
}

}  // namespace adjutant::rules::bluegray::readings
