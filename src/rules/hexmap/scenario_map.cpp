// The Terrain Effects Chart and the map: terrain per hex, hexside features,
// roads and trails (with the edges they lead off), named places.
#include <algorithm>
#include <memory>

#include "hex/sheets.h"
#include "rules/hexmap/scenario_load.h"

namespace adjutant::rules::hexmap::load {

void read_tec(Reader& r, Fields& top) {
  Scenario& s = r.s;
  Fields tec(top.object("tec"), r.at("tec"), "scenario");
  for (const auto& [id, row] : tec.object("terrain").items()) {
    Fields f(row, r.at("tec.terrain." + id), "scenario");
    TerrainType t;
    t.id = id;
    t.name = f.str_opt("name").value_or(id);
    t.mp = int(f.integer_or("mp", 1, 0, kMaxNumber));
    t.passable = f.boolean("passable", true);
    t.defence = int(f.integer_or("defence", 1, 1, kMaxNumber));
    t.blocks_los = f.boolean("blocks_los", false);
    t.blocks_zoc = f.boolean("blocks_zoc", false);
    if (f.has("no_stop")) {
      r.needs_format_2("tec.terrain." + id + ".no_stop");
      t.no_stop = f.boolean("no_stop", false);
    }
    if (f.has("halves_strength")) {
      r.needs_format_3("tec.terrain." + id + ".halves_strength");
      t.halves_strength = f.boolean("halves_strength", false);
    }
    if (f.has("no_bombard")) {
      r.needs_format_3("tec.terrain." + id + ".no_bombard");
      t.no_bombard = f.boolean("no_bombard", false);
    }
    t.colour = f.str_opt("colour").value_or("#e8e4c8");
    f.finish();
    s.terrain_types[id] = t;
  }
  for (const auto& [id, row] : tec.object("hexsides").items()) {
    Fields f(row, r.at("tec.hexsides." + id), "scenario");
    HexsideType t;
    t.id = id;
    t.name = f.str_opt("name").value_or(id);
    t.mp = int(f.integer_or("mp", 0, 0, kMaxNumber));
    t.passable = f.boolean("passable", true);
    t.zoc = f.boolean("zoc", true);
    t.defence_all = int(f.integer_or("defence_all", 1, 1, kMaxNumber));
    t.colour = f.str_opt("colour").value_or("#3a6fb0");
    f.finish();
    s.hexside_types[id] = t;
  }
  s.road_mp = int(tec.integer_or("road_mp", 1, 0, kMaxNumber));
  s.trail_mp = int(tec.integer_or("trail_mp", 2, 0, kMaxNumber));
  tec.finish();
}

namespace {

std::string terrain_id(const Reader& r, const Json& value, const std::string& path) {
  std::string id = r.text(value, path);
  if (!r.s.terrain_types.count(id))
    r.fail("scenario.unknown_terrain", path, "\"" + id + "\" is not in tec.terrain");
  return id;
}

void put_terrain(Reader& r, Hex h, const std::string& id, const std::string& path) {
  auto [it, fresh] = r.s.terrain.emplace(h, id);
  if (!fresh)
    r.fail(
        "scenario.duplicate_hex", path,
        "hex " + r.numbers().format(h) + " is listed twice (as " + it->second + " and " + id + ")");
}

void read_terrain(Reader& r, const Json& t) {
  // Either {"0305": "forest"} or {"forest": ["0305", ...]}: the second is
  // easier to write by hand from a printed map.
  if (!t.is_object()) r.fail("scenario.wrong_type", "map.terrain", "must be an object");
  for (const auto& [key, value] : t.items()) {
    std::string path = "map.terrain." + key;
    if (value.is_array()) {
      if (!r.s.terrain_types.count(key))
        r.fail("scenario.unknown_terrain", path, "\"" + key + "\" is not in tec.terrain");
      for (std::size_t i = 0; i < value.size(); ++i) {
        std::string at = path + "[" + std::to_string(i) + "]";
        put_terrain(r, r.map_hex(value[i], at), key, at);
      }
    } else {
      Hex h = r.map_hex(Json(key), path);
      put_terrain(r, h, terrain_id(r, value, path), path);
    }
  }
}

void read_hexsides(Reader& r, const Json& hs) {
  if (!hs.is_object()) r.fail("scenario.wrong_type", "map.hexsides", "must be an object");
  for (const auto& [key, value] : hs.items()) {
    std::string path = "map.hexsides." + key;
    auto side = r.numbers().parse_hexside(key);
    if (!side)
      r.fail("scenario.bad_hexside", path,
             "\"" + key + "\" is not two adjacent hexes like 0305/0306");
    if (!r.s.on_map(side->a) && !r.s.on_map(side->b) && r.checks_of_format_2())
      r.fail("scenario.off_map", path, "both hexes are off the map");
    std::string id = r.text(value, path);
    if (!r.s.hexside_types.count(id))
      r.fail("scenario.unknown_hexside", path, "\"" + id + "\" is not in tec.hexsides");
    r.s.hexsides[*side] = id;
  }
}

Route read_route(Reader& r, const Json& j, const std::string& path) {
  Fields f(j, r.at(path), "scenario");
  Route route;
  route.kind = f.str("kind");
  if (route.kind != "road" && route.kind != "trail" && route.kind != "railroad" &&
      route.kind != "unfinished_railroad")
    r.fail("scenario.bad_route", path + ".kind",
           "must be road, trail, railroad or unfinished_railroad");
  route.name = f.str_opt("name").value_or("");
  const Json& hexes = f.array("hexes");
  for (std::size_t i = 0; i < hexes.size(); ++i)
    route.hexes.push_back(
        r.map_hex_from_format_2(hexes[i], path + ".hexes[" + std::to_string(i) + "]"));
  std::optional<Json> off = f.any_opt("off");
  f.finish();
  if (route.hexes.size() < 2 && r.checks_of_format_2())
    r.fail("scenario.bad_route", path + ".hexes", "needs two hexes or more");
  if (route.hexes.empty()) return route;  // format 1: a route of no hexes gives nothing
  for (std::size_t i = 1; i < route.hexes.size(); ++i) {
    if (!hex::adjacent(route.hexes[i - 1], route.hexes[i]))
      r.fail("scenario.bad_route", path + ".hexes[" + std::to_string(i) + "]",
             r.numbers().format(route.hexes[i - 1]) + " and " + r.numbers().format(route.hexes[i]) +
                 " are not adjacent");
    Hexside side = hex::hexside(route.hexes[i - 1], route.hexes[i]);
    if (const auto* t = r.s.hexside_at(side); t && !t->passable)
      r.fail("scenario.bad_route", path + ".hexes[" + std::to_string(i) + "]",
             "the " + route.kind + " crosses " + r.numbers().format(side) + ", a " + t->id +
                 " hexside, without a ford or bridge");
  }
  // 14.33, 14.51: the edges a route leads off, and its hexes on them.
  Edges ends;
  for (Hex h : {route.hexes.front(), route.hexes.back()})
    for (const auto& e : r.s.edges_of(h)) ends.insert(e);
  if (off) {
    r.needs_format_2(path + ".off");
    route.off = r.edges(*off, path + ".off");
    for (const auto& e : route.off)
      if (!ends.count(e))
        r.fail("scenario.bad_route", path + ".off",
               "neither end of the " + route.kind + " lies on the " + e + " edge");
  } else {
    route.off = ends;
  }
  for (Hex h : {route.hexes.front(), route.hexes.back()}) {
    bool leads = false;
    for (const auto& e : r.s.edges_of(h)) leads = leads || route.off.count(e);
    if (leads && (route.off_hexes.empty() || route.off_hexes.back() != h))
      route.off_hexes.push_back(h);
  }
  return route;
}

// 22.0: each sheet after the first lies where its "overlap" puts it, one of
// its hexes directly on a hex of a sheet listed before it; the joined grid
// must be a rectangle (with short columns like a single sheet's) whose first
// column is odd, so the hex geometry of docs/hex-geometry.md holds across it.
void read_sheets(Reader& r, const Json& list) {
  Scenario& s = r.s;
  if (list.empty()) r.fail("scenario.sheet_overlap", "map.sheets", "lists no sheet");
  std::vector<hex::Sheet> sheets;
  for (std::size_t i = 0; i < list.size(); ++i) {
    std::string path = "map.sheets[" + std::to_string(i) + "]";
    Fields f(list[i], r.at(path), "scenario");
    hex::Sheet sh;
    std::string prefix = f.str("prefix");
    if (prefix.size() != 1 || prefix[0] < 'A' || prefix[0] > 'Z')
      r.fail("scenario.bad_value", path + ".prefix", "must be one upper-case letter");
    sh.prefix = prefix[0];
    for (const auto& other : sheets)
      if (other.prefix == sh.prefix)
        r.fail("scenario.bad_value", path + ".prefix", "\"" + prefix + "\" names two sheets");
    sh.name = f.str_opt("name").value_or(prefix);
    sh.columns = int(f.integer("columns"));
    sh.rows = int(f.integer("rows"));
    if (sh.columns < 1 || sh.columns > 99 || sh.rows < 2 || sh.rows > 99)
      r.fail("scenario.map_size", path, "columns must be 1..99 and rows 2..99");
    sh.short_columns = f.str_opt("short_columns").value_or("");
    if (!sh.short_columns.empty() && sh.short_columns != "even" && sh.short_columns != "odd")
      r.fail("scenario.bad_value", path + ".short_columns", "must be even or odd");
    auto overlap = f.any_opt("overlap");
    f.finish();
    if (i == 0) {
      if (overlap)
        r.fail("scenario.sheet_overlap", path + ".overlap", "the first sheet lies first");
    } else {
      if (!overlap)
        r.fail("scenario.sheet_overlap", path, "needs an overlap placing it on an earlier sheet");
      Fields o(*overlap, r.at(path + ".overlap"), "scenario");
      std::string mine = o.str("hex"), theirs = o.str("on");
      o.finish();
      auto local = hex::kPlainNumbers.parse(mine.size() == 5 ? mine.substr(1) : "");
      if (mine.size() != 5 || mine[0] != sh.prefix || !local || !sh.holds_local(*local))
        r.fail("scenario.sheet_overlap", path + ".overlap.hex",
               "\"" + mine + "\" is not a hex of sheet " + prefix + " (" + prefix + "0101 ..)");
      const hex::Sheet* base = nullptr;
      for (const auto& other : sheets)
        if (theirs.size() == 5 && other.prefix == theirs[0]) base = &other;
      auto on = hex::kPlainNumbers.parse(theirs.size() == 5 ? theirs.substr(1) : "");
      if (!base || !on || !base->holds_local(*on))
        r.fail("scenario.sheet_overlap", path + ".overlap.on",
               "\"" + theirs + "\" is not a hex of a sheet listed before this one");
      Hex at = base->joined(*on);
      sh.col_offset = at.col - local->col;
      sh.row_offset = at.row - local->row;
      if (sh.col_offset % 2 != 0)
        r.fail("scenario.sheet_overlap", path + ".overlap",
               "moves the sheet an odd number of columns, which would turn its hexes half a "
               "hex out of line");
    }
    sheets.push_back(sh);
  }
  int min_col = 1, min_row = 1, max_col = 0, max_row = 0;
  for (const auto& sh : sheets) {
    min_col = std::min(min_col, 1 + sh.col_offset);
    min_row = std::min(min_row, 1 + sh.row_offset);
  }
  if ((1 - min_col) % 2 != 0)
    r.fail("scenario.sheet_overlap", "map.sheets", "the joined map's first column must be odd");
  for (auto& sh : sheets) {
    sh.col_offset += 1 - min_col;
    sh.row_offset += 1 - min_row;
    max_col = std::max(max_col, sh.columns + sh.col_offset);
    max_row = std::max(max_row, sh.rows + sh.row_offset);
  }
  if (max_col > 99 || max_row > 99)
    r.fail("scenario.map_size", "map.sheets", "the joined map must fit in 99 columns and rows");
  auto joined = std::make_shared<const hex::Sheets>(sheets);
  s.columns = max_col;
  s.rows = max_row;
  bool rectangle = false;
  for (std::string shorts : {"", "even", "odd"}) {
    s.short_columns = shorts;
    bool same = true;
    for (int c = 1; c <= max_col && same; ++c)
      for (int row = 1; row <= max_row && same; ++row)
        same = joined->on_map(Hex{c, row}) == s.on_map(Hex{c, row});
    if (same) {
      rectangle = true;
      break;
    }
  }
  if (!rectangle)
    r.fail("scenario.sheet_overlap", "map.sheets", "the joined sheets do not make a rectangle");
  s.sheets = joined;  // from here on the scenario's hexes read with their letters
}

}  // namespace

void read_map(Reader& r, Fields& top) {
  Scenario& s = r.s;
  Fields map(top.object("map"), r.at("map"), "scenario");
  if (map.has("sheets")) {
    r.needs_format_3("map.sheets");
    read_sheets(r, map.array("sheets"));
  } else {
    s.columns = int(map.integer("columns"));
    s.rows = int(map.integer("rows"));
    if (s.columns < 1 || s.columns > 99 || s.rows < 1 || s.rows > 99)
      r.fail("scenario.map_size", "map", "columns and rows must be 1..99");
  }
  if (s.sheets) {
    if (map.has("columns") || map.has("rows") || map.has("short_columns"))
      r.fail("scenario.sheet_overlap", "map",
             "a map of sheets takes its columns, rows and short columns from its sheets");
  } else if (map.has("short_columns")) {
    r.needs_format_2("map.short_columns");
    s.short_columns = map.str("short_columns");
    if (s.short_columns != "even" && s.short_columns != "odd")
      r.fail("scenario.bad_value", "map.short_columns", "must be even or odd");
    if (s.rows < 2) r.fail("scenario.map_size", "map.short_columns", "needs two rows or more");
  }
  if (map.has("north")) {
    r.needs_format_2("map.north");
    s.north = map.str("north");
    if (!kEdgeNames.count(s.north))
      r.fail("scenario.bad_edge", "map.north",
             "\"" + s.north + "\" is not north, east, south or west");
  }
  s.default_terrain = terrain_id(r, map.any("default_terrain"), "map.default_terrain");
  if (auto t = map.any_opt("terrain")) read_terrain(r, *t);
  if (auto hs = map.any_opt("hexsides")) read_hexsides(r, *hs);
  if (auto routes = map.array_opt("routes"))
    for (std::size_t i = 0; i < routes->size(); ++i)
      s.routes.push_back(read_route(r, (*routes)[i], "map.routes[" + std::to_string(i) + "]"));
  if (auto places = map.any_opt("places")) {
    if (!places->is_object()) r.fail("scenario.wrong_type", "map.places", "must be an object");
    for (const auto& [key, value] : places->items())
      s.places[r.map_hex_from_format_2(Json(key), "map.places." + key)] =
          r.text(value, "map.places." + key);
  }
  map.finish();
  s.index_routes();
}

}  // namespace adjutant::rules::hexmap::load

namespace adjutant::rules::hexmap {

// 7.5: a route gives its benefit only across the hexsides it crosses; a road
// beats a trail where both cross one hexside.
void Scenario::index_routes() {
  route_sides_.clear();
  for (const auto& r : routes) {
    if (r.kind != "road" && r.kind != "trail") continue;  // railroads give no movement benefit
    for (std::size_t i = 1; i < r.hexes.size(); ++i) {
      auto& kind = route_sides_[hex::hexside(r.hexes[i - 1], r.hexes[i])];
      if (kind != "road") kind = r.kind;
    }
  }
}

}  // namespace adjutant::rules::hexmap
