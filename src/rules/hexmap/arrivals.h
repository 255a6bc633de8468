// Reading reinforcements off a state: when and where each waiting unit may
// enter now (the scenario's schedule, or where a ruleset rescheduled it, kept
// as the unit's extra.enter), and who is due by a given turn. Rules, maps and
// reports all read arrivals through here; nothing here decides a rule.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/state.h"
#include "rules/hexmap/scenario.h"

namespace adjutant::rules::hexmap {

// The unit's arrival as it stands: extra.enter {turn, hexes} when present,
// else the scenario's; nullopt for a unit that never enters.
std::optional<Arrival> current_arrival(const Scenario& sc, const std::string& unit,
                                       const model::UnitState* state);

// Waiting units due to arrive by `turn`, grouped by side, turn and entry
// hexes (in that order), each group's units in order-of-battle order.
struct DueGroup {
  std::string side;
  int turn = 0;
  std::vector<Hex> hexes;
  std::vector<const UnitDef*> units;
};
std::vector<DueGroup> reinforcements_due(const Scenario& sc, const model::State& state, int turn);

}  // namespace adjutant::rules::hexmap
