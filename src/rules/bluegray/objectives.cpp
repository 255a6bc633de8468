#include "rules/bluegray/objectives.h"

namespace adjutant::rules::bluegray {

std::string holder(const Board& board, const rules::hexmap::VictoryHex& vh) {
  const State& state = board.state();
  std::string key = board.numbers().format(vh.hex);
  if (state.extra.contains("held") && state.extra["held"].contains(key))
    return state.extra["held"][key].get<std::string>();
  return vh.held_by;
}

std::optional<std::string> placed_at(const Json& placed) {
  const std::string type = placed.value("type", "");
  if (type == "enter") return placed.value("hex", "");
  if (type == "move" || type == "evade") return placed.at("path").back().get<std::string>();
  if (type == "retreat" || type == "displace" || type == "advance") return placed.value("to", "");
  return std::nullopt;
}

void take_objective(Emitter& em, const std::string& where, const std::string& unit) {
  for (const auto& vh : em.scenario().victory.hexes) {
    if (vh.hold != "last_occupant" || em.scenario().numbers().format(vh.hex) != where) continue;
    const Board board = em.board();
    std::string side = board.side_of(unit);
    if (side.empty() || holder(board, vh) == side) continue;
    em.emit(
        {{"type", "control"}, {"hex", where}, {"side", side}, {"unit", unit}, {"rule", "victory"}});
  }
}

}  // namespace adjutant::rules::bluegray
