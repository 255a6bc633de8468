// Chaos of Battle's table and a view's pieces for the map
// (rules/table_board.h; Ruleset::table_board, table_sight).
#pragma once

#include <map>
#include <string>

#include "model/state.h"
#include "rules/chaos/scenario.h"
#include "rules/table_board.h"

namespace adjutant::rules::chaos {

TableBoard table_board_of(const Scenario& scenario);

// What `side` ("" or "umpire" for the umpire) sees of `seen`, which must be
// side_view(scenario, state, side) (for the umpire the whole state). Throws
// Error state.* for a state that is not that view.
TableSight table_sight_of(const Scenario& scenario, const model::State& seen,
                          const std::string& side, const std::map<std::string, int>& preferred);

}  // namespace adjutant::rules::chaos
