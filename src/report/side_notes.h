// What a report says about each side beyond the events: its victory points
// with their sources (the ruleset's map marks, rules/map_marks.h), the units that have left the
// map, and the reinforcements due by the next turn at their entry hexes.
#pragma once

#include <string>

#include "model/state.h"
#include "report/report_doc.h"
#include "rules/hexmap/scenario.h"
#include "rules/map_marks.h"

namespace adjutant::report {

// "23 VP (enemy SP eliminated 10, enemy cut off 13)": the sources from
// `marks` (rules::map_marks of the state).
std::string vp_text(const model::State& state, const std::string& side,
                    const rules::MapMarks& marks);

// "2/1 (4 SP), 1/2 (5 SP)", or "" when none of the side's units has left the map.
std::string exited_text(const rules::hexmap::Scenario& sc, const model::State& state,
                        const std::string& side);

// One line per group of reinforcements due by `turn`: "Union, turn 4 at 2112:
// 1/V (12-6), 2/V (10-6)"; empty when none is due.
Section reinforcements_section(const rules::hexmap::Scenario& sc, const model::State& state,
                               int turn);

}  // namespace adjutant::report
