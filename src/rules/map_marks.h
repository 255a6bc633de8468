// What a hex map and its reports show of a state beyond its counters: the marks a ruleset
// keeps in its own part of the state (state.extra), handed to the map typed
// by the ruleset's package (rules/package.h map_marks), so that render
// reads no ruleset's private keys.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/state.h"
#include "rules/hexmap/scenario.h"

namespace adjutant::rules {

class Ruleset;

struct MapMarks {
  // Fortified hexes, in the state's own order (the 1961 game).
  std::vector<std::string> fortifications;
  // Built pontoon bridges: the unit and the shore hexes at its two ends.
  struct Bridge {
    std::string unit;
    std::string from, to;
  };
  std::vector<Bridge> bridges;
  // Units that may not attack until they recover (Blue & Gray 10.0): their
  // values are drawn on red.
  std::set<std::string> ineffective_units;
  // Sides whose army is demoralized as a whole (Hooker and Lee 18.0).
  std::set<std::string> demoralized_sides;
  // Where each side's victory points come from: side -> source -> points
  // (Blue & Gray's objectives and exits), for the map's notes and the
  // reports.
  std::map<std::string, std::map<std::string, long long>> vp_sources;
  // Each side's army line under the map (Hooker and Lee: morale, quota,
  // crossing roll, flank march), when the scenario has one (army_notes).
  std::map<std::string, std::string> army;

  bool demoralized(const std::string& side) const { return demoralized_sides.count(side) > 0; }
};

// Which marks a scenario's counters may carry at all, for the map's
// legend: units ineffective (Blue & Gray 10.0, unless the scenario switches
// it off), armies demoralized (Hooker and Lee 18.0).
struct CounterMarks {
  bool ineffective = false;
  bool demoralized = false;
};
// Those of `scenario`, as its ruleset's package declares them; none for a
// package that declares none (the 1961 game).
CounterMarks counter_marks(const rules::hexmap::Scenario& scenario);

// The marks of `state` in a game of hex scenario `scenario`, as its
// ruleset's package gives them; none for a ruleset that gives none.
MapMarks map_marks(const rules::hexmap::Scenario& scenario, const model::State& state);

// Whether the scenario's map notes carry an army line per side.
bool has_army_notes(const rules::hexmap::Scenario& scenario);

// The same, of the game `ruleset` plays: none (false) for a ruleset
// without a hex map.
MapMarks map_marks(const Ruleset& ruleset, const model::State& state);
bool has_army_notes(const Ruleset& ruleset);

}  // namespace adjutant::rules
