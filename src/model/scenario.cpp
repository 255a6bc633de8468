#include "model/scenario.h"

#include "ledger/digest.h"
#include "util/error.h"
#include "util/fields.h"

namespace adjutant::model {

namespace {

Hex parse_hex(const std::string& text, const std::string& where) {
  return hex::parse_or_throw(text, where);
}

// Values inside maps and lists that Fields does not reach: a wrong type is
// scenario.wrong_type naming where, not a JSON library exception.
std::string string_at(const Json& v, const std::string& where) {
  if (!v.is_string())
    throw Error("scenario.wrong_type", where + ": must be a string, found " + json_type(v));
  return v.get<std::string>();
}

// The ranges of schemas/scenario.schema.json. A negative cost would make the
// path search endless; the upper bound keeps every sum and product the rules
// form (strengths times multipliers, VP, MP along a path) inside an int and
// the turn track short enough to list.
constexpr long long kMaxNumber = 999;

int ranged(long long v, long long low, const std::string& where, long long high = kMaxNumber) {
  if (v < low || v > high)
    throw Error("scenario.out_of_range", where + ": " + std::to_string(v) + " is outside " +
                                             std::to_string(low) + ".." + std::to_string(high));
  return int(v);
}

int int_at(const Json& v, long long low, const std::string& where) {
  if (!v.is_number_integer())
    throw Error("scenario.wrong_type", where + ": must be an integer, found " + json_type(v));
  return ranged(v.get<long long>(), low, where);
}

const Json& array_at(const Json& v, const std::string& where) {
  if (!v.is_array())
    throw Error("scenario.wrong_type", where + ": must be an array, found " + json_type(v));
  return v;
}

void load_tec(Scenario& s, Fields& top) {
  Fields tec(top.object("tec"), s.id + ": tec", "scenario");
  for (const auto& [id, row] : tec.object("terrain").items()) {
    Fields f(row, s.id + ": tec.terrain." + id, "scenario");
    TerrainType t;
    t.id = id;
    t.name = f.str_opt("name").value_or(id);
    t.mp = ranged(f.integer_opt("mp").value_or(1), 0, f.where() + ".mp");
    t.passable = f.boolean("passable", true);
    t.defence = ranged(f.integer_opt("defence").value_or(1), 1, f.where() + ".defence");
    t.blocks_los = f.boolean("blocks_los", false);
    t.blocks_zoc = f.boolean("blocks_zoc", false);
    t.colour = f.str_opt("colour").value_or("#e8e4c8");
    f.finish();
    s.terrain_types[id] = t;
  }
  for (const auto& [id, row] : tec.object("hexsides").items()) {
    Fields f(row, s.id + ": tec.hexsides." + id, "scenario");
    HexsideType t;
    t.id = id;
    t.name = f.str_opt("name").value_or(id);
    t.mp = ranged(f.integer_opt("mp").value_or(0), 0, f.where() + ".mp");
    t.passable = f.boolean("passable", true);
    t.zoc = f.boolean("zoc", true);
    t.defence_all = ranged(f.integer_opt("defence_all").value_or(1), 1, f.where() + ".defence_all");
    t.colour = f.str_opt("colour").value_or("#3a6fb0");
    f.finish();
    s.hexside_types[id] = t;
  }
  s.road_mp = ranged(tec.integer_opt("road_mp").value_or(1), 0, s.id + ": tec.road_mp");
  s.trail_mp = ranged(tec.integer_opt("trail_mp").value_or(2), 0, s.id + ": tec.trail_mp");
  tec.finish();
}

void load_map(Scenario& s, Fields& top) {
  Fields map(top.object("map"), s.id + ": map", "scenario");
  s.columns = int(map.integer("columns"));
  s.rows = int(map.integer("rows"));
  if (s.columns < 1 || s.columns > 99 || s.rows < 1 || s.rows > 99)
    throw Error("scenario.map_size", s.id + ": map.columns and map.rows must be 1..99");
  s.default_terrain = map.str("default_terrain");
  if (!s.terrain_types.count(s.default_terrain))
    throw Error("scenario.unknown_terrain",
                s.id + ": map.default_terrain \"" + s.default_terrain + "\" is not in tec.terrain");
  if (map.has("terrain")) {
    // Either {"0305": "forest"} or {"forest": ["0305", ...]}: the second is
    // easier to write by hand from a printed map.
    for (const auto& [key, value] : map.object("terrain").items()) {
      if (value.is_array()) {
        if (!s.terrain_types.count(key))
          throw Error("scenario.unknown_terrain",
                      s.id + ": map.terrain: \"" + key + "\" is not in tec.terrain");
        for (const auto& h : value) {
          const std::string where = s.id + ": map.terrain." + key;
          Hex x = parse_hex(string_at(h, where), where);
          if (s.terrain.count(x))
            throw Error("scenario.duplicate_hex",
                        s.id + ": map.terrain: hex " + hex::format(x) + " is listed twice");
          s.terrain[x] = key;
        }
      } else {
        Hex x = parse_hex(key, s.id + ": map.terrain");
        std::string id = string_at(value, s.id + ": map.terrain." + key);
        if (!s.terrain_types.count(id))
          throw Error("scenario.unknown_terrain",
                      s.id + ": map.terrain." + key + ": \"" + id + "\" is not in tec.terrain");
        s.terrain[x] = id;
      }
    }
  }
  if (map.has("hexsides")) {
    for (const auto& [key, value] : map.object("hexsides").items()) {
      auto side = hex::parse_hexside(key);
      if (!side)
        throw Error("scenario.bad_hexside", s.id + ": map.hexsides: \"" + key +
                                                "\" is not two adjacent hexes like 0305/0306");
      std::string id = string_at(value, s.id + ": map.hexsides." + key);
      if (!s.hexside_types.count(id))
        throw Error("scenario.unknown_hexside",
                    s.id + ": map.hexsides." + key + ": \"" + id + "\" is not in tec.hexsides");
      s.hexsides[*side] = id;
    }
  }
  if (auto routes = map.array_opt("routes")) {
    int index = 0;
    for (const auto& r : *routes) {
      std::string where = s.id + ": map.routes[" + std::to_string(index++) + "]";
      Fields f(r, where, "scenario");
      Route route;
      route.kind = f.str("kind");
      if (route.kind != "road" && route.kind != "trail")
        throw Error("scenario.bad_route", where + ": kind must be road or trail");
      route.name = f.str_opt("name").value_or("");
      for (const auto& h : f.strings("hexes")) route.hexes.push_back(parse_hex(h, where));
      f.finish();
      for (std::size_t i = 1; i < route.hexes.size(); ++i) {
        if (!hex::adjacent(route.hexes[i - 1], route.hexes[i]))
          throw Error("scenario.bad_route", where + ": " + hex::format(route.hexes[i - 1]) +
                                                " and " + hex::format(route.hexes[i]) +
                                                " are not adjacent");
      }
      s.routes.push_back(route);
    }
  }
  if (map.has("places"))
    for (const auto& [key, value] : map.object("places").items())
      s.places[parse_hex(key, s.id + ": map.places")] =
          string_at(value, s.id + ": map.places." + key);
  map.finish();
}

void load_units(Scenario& s, Fields& top) {
  int index = 0;
  for (const auto& u : top.array("units")) {
    std::string where = s.id + ": units[" + std::to_string(index++) + "]";
    Fields f(u, where, "scenario");
    UnitDef d;
    d.id = f.str("id");
    where += " (" + d.id + ")";
    d.name = f.str_opt("name").value_or(d.id);
    d.side = f.str("side");
    d.type = f.str("type");
    d.strength = ranged(f.integer("strength"), 0, where + ".strength");
    d.movement = ranged(f.integer("movement"), 0, where + ".movement");
    if (auto h = f.str_opt("hex")) d.start = parse_hex(*h, where);
    if (auto a = f.any_opt("enter")) {
      Fields e(*a, where + ".enter", "scenario");
      d.arrival = Arrival{ranged(e.integer("turn"), 1, where + ".enter.turn"),
                          parse_hex(e.str("hex"), where + ".enter")};
      e.finish();
    }
    f.finish();
    if (!s.side(d.side))
      throw Error("scenario.unknown_side", where + ": side \"" + d.side + "\" is not in sides");
    if (d.start.has_value() == d.arrival.has_value())
      throw Error("scenario.unit_placement", where + ": give exactly one of \"hex\" and \"enter\"");
    if (d.start && !s.on_map(*d.start))
      throw Error("scenario.off_map", where + ": hex " + hex::format(*d.start) + " is off the map");
    if (s.unit(d.id)) throw Error("scenario.duplicate_unit", where + ": unit id used twice");
    s.units.push_back(d);
  }
}

void load_turns(Scenario& s, Fields& top) {
  Fields f(top.object("turns"), s.id + ": turns", "scenario");
  s.turns.count = ranged(f.integer("count"), 1, s.id + ": turns.count");
  s.turns.order = f.strings("order");
  for (const auto& n : f.array_opt("night").value_or(nlohmann::json::array()))
    s.turns.night.insert(int_at(n, 1, s.id + ": turns.night"));
  for (const auto& k : f.array_opt("skip").value_or(nlohmann::json::array())) {
    Fields g(k, s.id + ": turns.skip", "scenario");
    s.turns.skip.insert({ranged(g.integer("turn"), 1, s.id + ": turns.skip.turn"), g.str("side")});
    g.finish();
  }
  s.turns.strategic_movement = f.boolean("strategic_movement", false);
  f.finish();
  for (const auto& side : s.turns.order)
    if (!s.side(side))
      throw Error("scenario.unknown_side", s.id + ": turns.order names unknown side " + side);
}

void load_crt(Scenario& s, Fields& top) {
  Fields f(top.object("crt"), s.id + ": crt", "scenario");
  s.crt.columns = f.strings("columns");
  s.crt.die_sides = ranged(f.integer_opt("die").value_or(6), 2, s.id + ": crt.die", 256);
  for (const auto& row : f.array("rows")) {
    std::vector<std::string> cells;
    for (const auto& c : array_at(row, s.id + ": crt.rows"))
      cells.push_back(string_at(c, s.id + ": crt.rows"));
    if (cells.size() != s.crt.columns.size())
      throw Error("scenario.crt", s.id + ": crt: every row needs one cell per column");
    s.crt.rows.push_back(cells);
  }
  if (int(s.crt.rows.size()) != s.crt.die_sides)
    throw Error("scenario.crt", s.id + ": crt: one row per die value is needed");
  f.finish();
}

// A victory level as the schema has it: a result, and at most one of
// at_least and above, each [a, b]; the rules read them without checking.
void load_level(const Scenario& s, const Json& level) {
  const std::string where = s.id + ": victory.levels";
  Fields g(level, where, "scenario");
  g.str("result");
  if (g.has("at_least") && g.has("above"))
    throw Error("scenario.wrong_type", where + ": give at most one of at_least and above");
  for (const char* key : {"at_least", "above"}) {
    if (!g.has(key)) continue;
    const Json& ratio = g.array(key);
    if (ratio.size() != 2)
      throw Error("scenario.wrong_type", where + "." + key + ": must be two integers [a, b]");
    for (const Json& n : ratio) int_at(n, 0, where + "." + key);
  }
  g.finish();
}

void load_victory(Scenario& s, Fields& top) {
  auto v = top.any_opt("victory");
  if (!v) return;
  Fields f(*v, s.id + ": victory", "scenario");
  if (f.has("per_enemy_sp"))
    for (const auto& [side, vp] : f.object("per_enemy_sp").items())
      s.victory.per_enemy_sp[side] =
          int_at(vp, -kMaxNumber, s.id + ": victory.per_enemy_sp." + side);
  for (const auto& h : f.array_opt("hexes").value_or(nlohmann::json::array())) {
    Fields g(h, s.id + ": victory.hexes", "scenario");
    VictoryHex vh{parse_hex(g.str("hex"), s.id + ": victory.hexes"), g.str("side"),
                  ranged(g.integer("vp"), -kMaxNumber, s.id + ": victory.hexes.vp")};
    g.finish();
    s.victory.hexes.push_back(vh);
  }
  s.victory.ratio = f.strings_opt("ratio");
  if (auto levels = f.array_opt("levels")) {
    for (const auto& level : *levels) load_level(s, level);
    s.victory.levels = *levels;
  }
  f.finish();
}

}  // namespace

Scenario Scenario::from_json(const Json& j, const std::string& source) {
  Scenario s;
  s.raw = j;
  s.sha256 = ledger::sha256_hex(ledger::canonical(j));
  Fields top(j, source, "scenario");
  std::string format = top.str("format");
  if (format != "adjutant-scenario/1")
    throw Error("scenario.format", source + ": format must be \"adjutant-scenario/1\"");
  s.id = top.str("id");
  s.title = top.str("title");
  s.ruleset = top.str("ruleset");
  s.notes = top.str_opt("notes").value_or("");
  for (const auto& sd : top.array("sides")) {
    Fields f(sd, source + ": sides", "scenario");
    s.sides.push_back({f.str("id"), f.str("name"), f.str_opt("colour").value_or("#888888")});
    f.finish();
  }
  s.stacking = ranged(top.integer_opt("stacking").value_or(2), 1, source + ": stacking");
  load_tec(s, top);
  load_map(s, top);
  load_crt(s, top);
  load_turns(s, top);
  load_units(s, top);
  load_victory(s, top);
  // Rulesets read their own extra fields from `raw`.
  top.any_opt("rules");
  top.finish();

  for (const auto& [h, t] : s.terrain)
    if (!s.on_map(h))
      throw Error("scenario.off_map",
                  source + ": map.terrain: " + hex::format(h) + " is off the map");
  // 7.5: a route gives its benefit only across the hexsides it crosses; a road
  // beats a trail where both cross one hexside.
  for (const auto& r : s.routes)
    for (std::size_t i = 1; i < r.hexes.size(); ++i) {
      Hexside side = hex::hexside(r.hexes[i - 1], r.hexes[i]);
      if (const auto* f = s.hexside_at(side); f && !f->passable)
        throw Error("scenario.bad_route", source + ": a " + r.kind + " crosses " +
                                              hex::format(side) + ", a " + f->id +
                                              " hexside, without a ford or bridge");
      auto& kind = s.route_sides_[side];
      if (kind != "road") kind = r.kind;
    }
  return s;
}

bool Scenario::on_map(Hex h) const {
  return h.col >= 1 && h.col <= columns && h.row >= 1 && h.row <= rows;
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
  for (const auto& u : units)
    if (u.id == id) return &u;
  return nullptr;
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

}  // namespace adjutant::model
