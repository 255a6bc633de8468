// What a side may see of an adjudication. Every report and mail reads the
// state and the events only through these functions, so a ruleset with
// hidden information (Chaos of Battle) cannot leak through a report.
#pragma once

#include <string>
#include <vector>

#include "ledger/jcs.h"
#include "model/state.h"
#include "report/report_input.h"

namespace adjutant::report {

using ledger::Json;

// The state as `side` (or kUmpire) may see it: Ruleset::view.
model::State visible_state(const GameFacts& game, const model::State& state,
                           const std::string& side);

// The events `side` may read. An event carrying "visible_to": [sides] is shown
// only to those sides and the umpire; Blue & Gray events carry none.
Json visible_events(const Json& events, const std::string& side);
// The same in a game whose ruleset declares fog of war: a side reads only
// what the ruleset's visible_events gives it (docs/protocol.md 10a).
Json visible_events(const GameFacts& game, const Json& events, const std::string& side);

// The echo of the orders as applied; every side reads it in a game without
// hidden orders, the hook for rulesets that hide them.
std::vector<std::string> visible_echo(const ReportInput& in);

}  // namespace adjutant::report
