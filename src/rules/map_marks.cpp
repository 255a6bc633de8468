#include "rules/map_marks.h"

#include "rules/package.h"

namespace adjutant::rules {

MapMarks map_marks(const rules::hexmap::Scenario& scenario, const model::State& state) {
  const Package* p = package_of(scenario.ruleset);
  return p && p->map_marks ? p->map_marks(scenario, state) : MapMarks{};
}

bool has_army_notes(const rules::hexmap::Scenario& scenario) {
  const Package* p = package_of(scenario.ruleset);
  return p && p->army_notes && p->army_notes(scenario);
}

}  // namespace adjutant::rules
