// What a report says about each side's victory points: their sources, from
// the ruleset's map marks (rules/map_marks.h). The rest of a side's standing
// (losses, units that left the map, reinforcements due) the ruleset says
// (rules::Ruleset::side_standing, reinforcements_due).
#pragma once

#include <string>

#include "model/state.h"
#include "rules/map_marks.h"

namespace adjutant::report {

// "23 VP (enemy SP eliminated 10, enemy cut off 13)": the sources from
// `marks` (rules::map_marks of the state).
std::string vp_text(const model::State& state, const std::string& side,
                    const rules::MapMarks& marks);

}  // namespace adjutant::report
