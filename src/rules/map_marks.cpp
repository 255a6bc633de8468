#include "rules/map_marks.h"

#include "rules/hex_ruleset.h"
#include "rules/package.h"

namespace adjutant::rules {

MapMarks map_marks(const rules::hexmap::Scenario& scenario, const model::State& state) {
  const Package* p = package_of(scenario.ruleset);
  return p && p->map_marks ? p->map_marks(scenario, state) : MapMarks{};
}

CounterMarks counter_marks(const rules::hexmap::Scenario& scenario) {
  const Package* p = package_of(scenario.ruleset);
  return p && p->counter_marks ? p->counter_marks(scenario) : CounterMarks{};
}

bool has_army_notes(const rules::hexmap::Scenario& scenario) {
  const Package* p = package_of(scenario.ruleset);
  return p && p->army_notes && p->army_notes(scenario);
}

MapMarks map_marks(const Ruleset& ruleset, const model::State& state) {
  const rules::hexmap::Scenario* sc = hex_scenario(ruleset);
  return sc ? map_marks(*sc, state) : MapMarks{};
}

bool has_army_notes(const Ruleset& ruleset) {
  const rules::hexmap::Scenario* sc = hex_scenario(ruleset);
  return sc && has_army_notes(*sc);
}

}  // namespace adjutant::rules
