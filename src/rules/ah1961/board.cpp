#include "rules/ah1961/board.h"

namespace adjutant::rules::ah1961 {

bool is_hq(const UnitDef& d) {
  return d.type == "hq";
}
bool is_boat(const UnitDef& d) {
  return d.type == "boat";
}
bool is_bridge(const UnitDef& d) {
  return d.type == "bridge";
}
bool is_detachment(const UnitDef& d) {
  return is_boat(d) || is_bridge(d);
}
bool is_artillery_type(const UnitDef& d) {
  return d.type == "artillery" || d.type == "horse_artillery";
}
bool is_fighting(const UnitDef& d) {
  return !is_hq(d) && !is_detachment(d);
}
bool has_zone(const UnitDef& d) {
  return !is_detachment(d);
}

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

std::string Board::side_of(const std::string& unit) const {
  auto it = st_.units.find(unit);
  if (it != st_.units.end() && it->second.extra.contains("side"))
    return it->second.extra["side"].get<std::string>();  // a captured bridge
  const UnitDef* d = def(unit);
  return d ? d->side : "";
}

std::optional<Hex> Board::square_of(const std::string& unit) const {
  auto it = st_.units.find(unit);
  if (it == st_.units.end() || it->second.status != model::UnitStatus::kActive) return std::nullopt;
  return sc_.numbers().parse(it->second.location);
}

std::vector<std::string> Board::units_at(Hex h) const {
  std::vector<std::string> out;
  std::string where = sq(h);
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
    if (u.status == model::UnitStatus::kActive && side_of(id) == side) out.push_back(id);
  return out;
}

bool Board::enemy_at(Hex h, const std::string& side) const {
  for (const auto& id : units_at(h))
    if (side_of(id) != side) return true;
  return false;
}

std::string Board::region(Hex h) const {
  auto it = g_.region.find(h);
  return it == g_.region.end() ? "" : it->second;
}

bool Board::shore(Hex h) const {
  if (water(h)) return false;
  for (Hex n : hex::neighbours(h))
    if (sc_.on_map(n) && water(n)) return true;
  return false;
}

bool Board::on_road(Hex h) const {
  for (const auto& r : sc_.routes)
    if (r.kind == "road")
      for (Hex x : r.hexes)
        if (x == h) return true;
  return false;
}

bool Board::route_joins(Hex a, Hex b) const {
  for (const auto& r : sc_.routes) {
    if (r.kind != "road" && r.kind != "railroad" && r.kind != "unfinished_railroad") continue;
    for (std::size_t i = 1; i < r.hexes.size(); ++i)
      if ((r.hexes[i - 1] == a && r.hexes[i] == b) || (r.hexes[i - 1] == b && r.hexes[i] == a))
        return true;
  }
  return false;
}

std::set<Hex> Board::fortifications() const {
  std::set<Hex> out;
  if (st_.extra.contains("fortifications"))
    for (const auto& f : st_.extra["fortifications"])
      if (auto h = sc_.numbers().parse(f.get<std::string>())) out.insert(*h);
  return out;
}

bool Board::fortified(Hex h) const {
  return fortifications().count(h) > 0;
}

std::vector<BuiltBridge> Board::bridges() const {
  std::vector<BuiltBridge> out;
  if (!st_.extra.contains("bridges")) return out;
  const hex::Numbering num = sc_.numbers();
  for (const auto& [unit, b] : st_.extra["bridges"].items()) {
    BuiltBridge x;
    x.unit = unit;
    x.river = *num.parse(b.at("river").get<std::string>());
    x.a = *num.parse(b.at("ends")[0].get<std::string>());
    x.b = *num.parse(b.at("ends")[1].get<std::string>());
    if (b.contains("locked")) {
      x.locked_turn = b["locked"].at("turn").get<int>();
      x.locked_phase = b["locked"].at("phase").get<std::string>();
    }
    out.push_back(x);
  }
  return out;
}

std::optional<BuiltBridge> Board::bridge_at(Hex river) const {
  for (const auto& b : bridges())
    if (b.river == river) return b;
  return std::nullopt;
}

std::optional<BuiltBridge> Board::bridge_of(const std::string& unit) const {
  for (const auto& b : bridges())
    if (b.unit == unit) return b;
  return std::nullopt;
}

std::optional<std::string> Board::controller(Hex h, const std::string& side) const {
  for (const auto& id : units_of(side)) {
    const UnitDef* d = def(id);
    if (!d || !has_zone(*d)) continue;
    int dist = hex::distance(h, *square_of(id));
    if (dist == 1 || (dist == 2 && is_artillery_type(*d))) return id;
  }
  return std::nullopt;
}

int Board::factors_on_board(const std::string& side) const {
  int n = 0;
  for (const auto& id : units_of(side))
    if (const UnitDef* d = def(id)) n += d->strength;
  return n;
}

}  // namespace adjutant::rules::ah1961
