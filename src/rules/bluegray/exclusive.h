// The exclusive rules a scenario switches on in its "rules" object, for the
// procedures its data cannot say (docs/scenarios.md): each is a hook with
// parameters, checked when the ruleset takes the scenario.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>

#include "model/scenario.h"

namespace adjutant::rules::bluegray {

// Cemetery Hill 14.33: a reinforcement whose entry hex holds an enemy unit or
// lies in an enemy ZOC, and which does not enter, enters `delay` turns later
// at the nearest unblocked map-edge road hex in its side's directions.
struct Reschedule {
  int delay = 1;
  std::map<std::string, model::Edges> toward;  // side -> "south", "east", ...
  std::string rule = "14.33";
};

// Cemetery Hill 14.53: at the end of each player-turn of `after`, `side` scores
// `vp_per_unit` for each of its exited units of `types` beyond the number of
// `against`'s exited units of those types.
struct ExitRace {
  std::string side;
  std::string against;
  std::set<std::string> types;
  int vp_per_unit = 0;
  std::string after;
  std::string rule = "14.53";
};

struct Exclusive {
  std::optional<Reschedule> reschedule;
  std::optional<ExitRace> exit_race;
};

// Reads the scenario's "rules"; scenario.* errors name the JSON path
// ("rules.exit_race.vp_per_unit"). Cheap: the engine calls it where needed.
Exclusive exclusive_rules(const model::Scenario& sc, const std::string& source = "scenario");

}  // namespace adjutant::rules::bluegray
