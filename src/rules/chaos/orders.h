// Reading and checking one side's order file for a turn (docs/rules/chaos.md
// "The order file"): every problem is named with a chaos.* (or orders.*)
// id, the brigade and the rule, before any die is rolled. Only what the
// side can know is checked here; what depends on where the enemy will be is
// settled at resolution and reported as an event.
#pragma once

#include <string>

#include "model/state.h"
#include "rules/chaos/scenario.h"
#include "rules/ruleset.h"

namespace adjutant::rules::chaos {

// The procedures a version does not adjudicate yet, by order field: an
// order that asks for one is refused with chaos.not_yet naming it.
struct NotYet {
  const char* field;
  const char* procedure;  // the rule name (docs/rules/chaos.md "Rule names")
};
const std::vector<NotYet>& not_yet_fields(int version);

// The checked plan: the body normalised (every brigade of the side in
// `sequence`, markers and paths as numbers) and the echo lines.
Checked check_orders(const Scenario& scenario, const model::State& state, const Json& orders,
                     const std::string& source);

}  // namespace adjutant::rules::chaos
