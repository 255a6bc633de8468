// What a Blue & Gray map shows beyond its counters (Package::map_marks):
// the armies demoralized as a whole, and the third note line of a side in
// Hooker and Lee (scenario hooks read from the state): its morale (18.0),
// the movement quota used (17.1), the crossing roll (17.2) and the units off
// the map on a flank march (16.22). Reads state and scenario data; decides
// nothing.
#pragma once

#include <string>

#include "model/state.h"
#include "rules/hexmap/scenario.h"
#include "rules/map_marks.h"

namespace adjutant::rules::bluegray {

// Whether the scenario's notes carry the army line (it has one of those
// hooks).
bool army_notes(const rules::hexmap::Scenario& scenario);

// "12 SP lost (demoralized above 47) · moved 4 of 6 units on turn 3 · ...", or
// "" when the side has nothing of the kind.
std::string army_text(const rules::hexmap::Scenario& scenario, const model::State& state,
                      const std::string& side);

// The map's marks of `state`: demoralized armies, victory points by source,
// and each side's army line when the scenario has one.
MapMarks map_marks(const rules::hexmap::Scenario& scenario, const model::State& state);
// The marks its counters may carry: ineffective unless the scenario
// switches 10.0-10.4 off (Hooker and Lee 1975, 18.0), demoralized where
// the scenario tracks an army's morale (Hooker and Lee 18.0).
CounterMarks counter_marks(const rules::hexmap::Scenario& scenario);

}  // namespace adjutant::rules::bluegray
