// The hexes a scenario names outside its map: set-up and entry hexes,
// exits and where units come back, objectives, and the hexes of its
// exclusive rules (Ely's Ford, the bank a crossing reaches, the regions of
// the 1961 map). They come from the rule texts, so a tracing of the printed
// map must leave them where they are and keep them usable: the tracing page
// highlights them and warns when the tracing contradicts one
// (docs/scenarios.md "Tracing the printed map").
#pragma once

#include "ledger/jcs.h"
#include "rules/hexmap/scenario.h"

namespace adjutant::web {

using ledger::Json;

// [{"hex": [col, row], "label": "0104", "why": ["entry: 1/XI (turn 2)", ...],
//   "needs": {"passable": true, "stop": true, "only": [...], "not": [...]}}],
// in hex order. `needs` says what the hex's terrain must allow: units pass
// through it, units stop in it, one of `only` (Ely's Ford is a ferry hex),
// none of `not` (a region's square is land).
Json fixed_hexes(const rules::hexmap::Scenario& scenario);

}  // namespace adjutant::web
