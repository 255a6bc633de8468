#include "rules/hexmap/scenario.h"

#include <algorithm>

#include "hex/sheets.h"
#include "ledger/digest.h"
#include "rules/hexmap/scenario_load.h"

namespace adjutant::rules::hexmap {

namespace load {

void Reader::needs_format_2(const std::string& path) const {
  if (s.format < 2)
    fail("scenario.format", path, "needs \"format\": \"adjutant-scenario/2\" (docs/scenarios.md)");
}

void Reader::needs_format_3(const std::string& path) const {
  if (s.format < 3)
    fail("scenario.format", path, "needs \"format\": \"adjutant-scenario/3\" (docs/scenarios.md)");
}

std::string Reader::text(const Json& value, const std::string& path) const {
  if (!value.is_string())
    fail("scenario.wrong_type", path, "must be a string, found " + json_type(value));
  return value.get<std::string>();
}

Hex Reader::hex(const Json& value, const std::string& path) const {
  return numbers().parse_or_throw(text(value, path), at(path));
}

Hex Reader::map_hex(const Json& value, const std::string& path) const {
  Hex h = hex(value, path);
  if (!s.on_map(h))
    fail("scenario.off_map", path,
         numbers().format(h) + " is off the map (0101 to " +
             numbers().format(Hex{s.columns, s.rows}) + ")");
  return h;
}

Hex Reader::map_hex_from_format_2(const Json& value, const std::string& path) const {
  return checks_of_format_2() ? map_hex(value, path) : hex(value, path);
}

Edges Reader::edges(const Json& value, const std::string& path) const {
  Edges out;
  if (!value.is_array()) fail("scenario.wrong_type", path, "must be an array of edge names");
  for (std::size_t i = 0; i < value.size(); ++i) {
    std::string e = text(value[i], path + "[" + std::to_string(i) + "]");
    if (!kEdgeNames.count(e))
      fail("scenario.bad_edge", path + "[" + std::to_string(i) + "]",
           "\"" + e + "\" is not a map edge (north, east, south, west)");
    out.insert(e);
  }
  return out;
}

}  // namespace load

Scenario Scenario::from_json(const Json& j, const std::string& source) {
  Scenario s;
  s.raw = j;
  s.sha256 = ledger::sha256_hex(ledger::canonical(j));
  Fields top(j, source, "scenario");
  std::string format = top.str("format");
  if (format == "adjutant-scenario/1")
    s.format = 1;
  else if (format == "adjutant-scenario/2")
    s.format = 2;
  else if (format == "adjutant-scenario/3")
    s.format = 3;
  else
    throw Error("scenario.format", source +
                                       ": format must be \"adjutant-scenario/1\", "
                                       "\"adjutant-scenario/2\" or \"adjutant-scenario/3\"");
  load::Reader r{s, source};
  s.id = top.str("id");
  s.title = top.str("title");
  s.ruleset = top.str("ruleset");
  s.notes = top.str_opt("notes").value_or("");
  if (top.has("provenance")) {
    r.needs_format_2("provenance");
    Fields p(top.any("provenance"), r.at("provenance"), "scenario");
    p.str("summary");
    p.array_opt("approximate");
    p.array_opt("sources");
    p.finish();
  }
  int index = 0;
  for (const auto& sd : top.array("sides")) {
    Fields f(sd, r.at("sides[" + std::to_string(index++) + "]"), "scenario");
    s.sides.push_back({f.str("id"), f.str("name"), f.str_opt("colour").value_or("#888888")});
    f.finish();
  }
  s.stacking = int(top.integer_or("stacking", 2, 1, load::kMaxNumber));
  load::read_tec(r, top);
  load::read_map(r, top);
  load::read_crt(r, top);
  load::read_turns(r, top);
  load::read_units(r, top);
  load::read_entry(r, top);
  load::read_exits(r, top);
  load::read_victory(r, top);
  s.index_units();
  // Exclusive rules: an object whose members the ruleset checks (bluegray:
  // src/rules/bluegray/exclusive.cpp).
  if (auto rules = top.any_opt("rules")) {
    // Format 1: the first release ignored a "rules" that is not an object.
    if (!rules->is_object() && r.checks_of_format_2())
      r.fail("scenario.wrong_type", "rules", "must be an object, found " + json_type(*rules));
    if (rules->is_object()) s.rules = *rules;
  }
  top.finish();
  return s;
}

int Scenario::last_row(int col) const {
  return hex::last_row(col, rows, short_columns);
}

bool Scenario::on_map(Hex h) const {
  return hex::in_block(h, columns, rows, short_columns);
}

Edges Scenario::edges_of(Hex h) const {
  Edges out;
  if (!on_map(h)) return out;
  if (h.row == 1) out.insert("north");
  if (h.row == last_row(h.col)) out.insert("south");
  if (h.col == 1) out.insert("west");
  if (h.col == columns) out.insert("east");
  return out;
}

std::vector<Hex> Scenario::road_exits() const {
  std::set<Hex> out;
  for (const auto& r : routes)
    if (r.kind == "road") out.insert(r.off_hexes.begin(), r.off_hexes.end());
  return {out.begin(), out.end()};
}

const TerrainType& Scenario::terrain_at(Hex h) const {
  auto it = terrain.find(h);
  return terrain_types.at(it == terrain.end() ? default_terrain : it->second);
}

const HexsideType* Scenario::hexside_at(Hexside s) const {
  auto it = hexsides.find(s);
  return it == hexsides.end() ? nullptr : &hexside_types.at(it->second);
}

std::string Scenario::route_across(Hexside s) const {
  auto it = route_sides_.find(s);
  return it == route_sides_.end() ? "" : it->second;
}

const UnitDef* Scenario::unit(const std::string& id) const {
  if (unit_index_.size() == units.size() && !units.empty()) {
    auto it = unit_index_.find(id);
    if (it != unit_index_.end() && it->second < units.size() && units[it->second].id == id)
      return &units[it->second];
  }
  for (const auto& u : units)
    if (u.id == id) return &u;
  return nullptr;
}

void Scenario::index_units() {
  unit_index_.clear();
  for (std::size_t i = 0; i < units.size(); ++i) unit_index_.emplace(units[i].id, i);
}

const SideDef* Scenario::side(const std::string& id) const {
  for (const auto& sd : sides)
    if (sd.id == id) return &sd;
  return nullptr;
}

std::string Scenario::other_side(const std::string& side) const {
  for (const auto& sd : sides)
    if (sd.id != side) return sd.id;
  return "";
}

}  // namespace adjutant::rules::hexmap
