// What the 1961 game's map shows beyond its counters (Package::map_marks):
// the fortified squares and the built pontoon bridges, which live in the
// state (extra.fortifications, extra.bridges), so that every map of a
// replayed position shows them.
#include "rules/map_marks.h"
#include "rules/ah1961/ah1961.h"

namespace adjutant::rules::ah1961 {

MapMarks map_marks(const rules::hexmap::Scenario&, const model::State& state) {
  MapMarks marks;
  const Json& extra = state.extra;
  if (extra.contains("fortifications"))
    for (const auto& f : extra["fortifications"])
      if (f.is_string()) marks.fortifications.push_back(f.get<std::string>());
  if (extra.contains("bridges"))
    for (const auto& [unit, b] : extra["bridges"].items())
      marks.bridges.push_back(
          {unit, b.at("ends")[0].get<std::string>(), b.at("ends")[1].get<std::string>()});
  return marks;
}

}  // namespace adjutant::rules::ah1961
