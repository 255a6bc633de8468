#include "rules/bluegray/stacking.h"

#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/orders.h"

namespace adjutant::rules::bluegray {

bool stack_allowed(const Board& board, const std::string& side,
                   const std::vector<std::string>& units) {
  std::vector<const UnitDef*> combat;
  for (const auto& id : units)
    if (const UnitDef* d = board.def(id); d && is_combat(*d)) combat.push_back(d);
  if (int(combat.size()) > board.scenario().stacking) return false;
  const auto& own = exclusive_of(board.scenario()).side_stacking;
  auto it = own.find(side);
  if (it == own.end() || combat.size() < 2) return true;
  // 19.0: every unit alone; 19.21: divisions (the alone types) alone.
  if (it->second.alone_types.empty()) return false;
  for (const UnitDef* d : combat)
    if (it->second.alone_types.count(d->type)) return false;
  return true;
}

bool has_room(const Board& board, Hex h, const std::string& side, const std::string& unit) {
  std::vector<std::string> units = board.units_at(h, side);
  units.push_back(unit);
  return stack_allowed(board, side, units);
}

std::string phase_end_stacking_rule(const Scenario& sc, const std::string& side) {
  const auto& own = exclusive_of(sc).side_stacking;
  auto it = own.find(side);
  return it == own.end() ? "" : it->second.rule;
}

void check_phase_end_stacking(const Board& board, const std::string& side,
                              const std::map<Hex, std::pair<int, std::string>>& last_into,
                              Problems& problems) {
  std::string rule = phase_end_stacking_rule(board.scenario(), side);
  for (const auto& [h, last] : last_into) {
    auto units = board.units_at(h, side);
    if (stack_allowed(board, side, units)) continue;
    const std::string where = board.numbers().format(h);
    problems.push_back(problem("move.stacking", last.first, last.second, where, rule,
                               "the movement phase would end with " + join(units) + " in " + where +
                                   ", more than its stacking allows"));
  }
}

}  // namespace adjutant::rules::bluegray
