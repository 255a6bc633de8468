#include "rules/bluegray/objectives.h"

namespace adjutant::rules::bluegray {

std::string holder(const State& state, const model::VictoryHex& vh) {
  std::string key = hex::format(vh.hex);
  if (state.extra.contains("held") && state.extra["held"].contains(key))
    return state.extra["held"][key].get<std::string>();
  return vh.held_by;
}

void take_objective(Emitter& em, const Json& placed) {
  const std::string type = placed.value("type", "");
  std::string where;
  if (type == "enter")
    where = placed.value("hex", "");
  else if (type == "move" || type == "evade")
    where = placed.at("path").back().get<std::string>();
  else if (type == "retreat" || type == "displace" || type == "advance")
    where = placed.value("to", "");
  else
    return;
  for (const auto& vh : em.scenario().victory.hexes) {
    if (vh.hold != "last_occupant" || hex::format(vh.hex) != where) continue;
    std::string side = em.board().side_of(placed.value("unit", ""));
    if (side.empty() || holder(em.state(), vh) == side) continue;
    em.emit({{"type", "control"},
             {"hex", where},
             {"side", side},
             {"unit", placed.value("unit", "")},
             {"rule", "victory"}});
  }
}

}  // namespace adjutant::rules::bluegray
