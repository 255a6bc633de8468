#include "rules/bluegray/board.h"

#include <algorithm>

namespace adjutant::rules::bluegray {

std::string Board::side_of(const std::string& unit) const {
  const UnitDef* d = def(unit);
  return d ? d->side : "";
}

std::optional<Hex> Board::hex_of(const std::string& unit) const {
  auto it = st_.units.find(unit);
  if (it == st_.units.end() || it->second.status != model::UnitStatus::kActive) return std::nullopt;
  return hex::parse(it->second.location);
}

bool Board::ineffective(const std::string& unit) const {
  auto it = st_.units.find(unit);
  return it != st_.units.end() && it->second.ineffective;
}

std::vector<std::string> Board::units_at(Hex h) const {
  std::vector<std::string> out;
  std::string where = hex::format(h);
  for (const auto& [id, u] : st_.units)
    if (u.status == model::UnitStatus::kActive && u.location == where) out.push_back(id);
  return out;
}

std::vector<std::string> Board::units_at(Hex h, const std::string& side) const {
  std::vector<std::string> out;
  for (const auto& id : units_at(h))
    if (side_of(id) == side) out.push_back(id);
  return out;
}

std::vector<std::string> Board::units_of(const std::string& side) const {
  std::vector<std::string> out;
  for (const auto& [id, u] : st_.units)
    if (u.status == model::UnitStatus::kActive && side_of(id) == side && hex::parse(u.location))
      out.push_back(id);
  return out;
}

bool Board::enemy_at(Hex h, const std::string& side) const {
  for (const auto& id : units_at(h))
    if (side_of(id) != side) return true;
  return false;
}

int Board::distance_to_side(Hex h, const std::string& side) const {
  int best = kFar;
  for (const auto& id : units_of(side)) best = std::min(best, hex::distance(h, *hex_of(id)));
  return best;
}

int Board::combat_units_at(Hex h, const std::string& side) const {
  int n = 0;
  for (const auto& id : units_at(h, side))
    if (is_combat(*def(id))) ++n;
  return n;
}

bool is_combat(const UnitDef& d) {
  return d.combat;
}

bool is_artillery(const UnitDef& d) {
  return d.type == "artillery";
}
bool is_cavalry(const UnitDef& d) {
  return d.type == "cavalry";
}

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + items[i];
  return out;
}

}  // namespace adjutant::rules::bluegray
