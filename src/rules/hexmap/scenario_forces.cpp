// The turn track, the CRT, the order of battle with set-up and arrivals, how
// reinforcements enter, and where units may leave the map.
#include <algorithm>
#include <map>

#include "rules/hexmap/scenario_load.h"

namespace adjutant::rules::hexmap::load {

void read_crt(Reader& r, Fields& top) {
  Scenario& s = r.s;
  Fields f(top.object("crt"), r.at("crt"), "scenario");
  s.crt.columns = f.strings("columns");
  s.crt.die_sides = int(f.integer_or("die", 6, 2, 256));
  const Json& rows = f.array("rows");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::string path = "crt.rows[" + std::to_string(i) + "]";
    if (!rows[i].is_array()) r.fail("scenario.wrong_type", path, "must be an array");
    std::vector<std::string> cells;
    for (std::size_t k = 0; k < rows[i].size(); ++k)
      cells.push_back(r.text(rows[i][k], path + "[" + std::to_string(k) + "]"));
    if (cells.size() != s.crt.columns.size())
      r.fail("scenario.crt", path, "every row needs one cell per column");
    s.crt.rows.push_back(cells);
  }
  if (int(s.crt.rows.size()) != s.crt.die_sides)
    r.fail("scenario.crt", "crt.rows", "one row per die value is needed");
  f.finish();
}

void read_turns(Reader& r, Fields& top) {
  Scenario& s = r.s;
  Fields f(top.object("turns"), r.at("turns"), "scenario");
  s.turns.count = int(f.integer("count", 1, kMaxNumber));
  s.turns.order = f.strings("order");
  for (const auto& n : f.array_opt("night").value_or(Json::array())) {
    if (!n.is_number_integer()) r.fail("scenario.wrong_type", "turns.night", "must list turns");
    if (n.get<long long>() < 1 || n.get<long long>() > kMaxNumber)
      r.fail("scenario.out_of_range", "turns.night", "a turn must be from 1 to 999");
    s.turns.night.insert(n.get<int>());
  }
  const Json skips = f.array_opt("skip").value_or(Json::array());
  for (std::size_t i = 0; i < skips.size(); ++i) {
    Fields g(skips[i], r.at("turns.skip[" + std::to_string(i) + "]"), "scenario");
    s.turns.skip.insert({int(g.integer("turn", 1, kMaxNumber)), g.str("side")});
    g.finish();
  }
  s.turns.strategic_movement = f.boolean("strategic_movement", false);
  f.finish();
  for (std::size_t i = 0; i < s.turns.order.size(); ++i)
    if (!s.side(s.turns.order[i]))
      r.fail("scenario.unknown_side", "turns.order[" + std::to_string(i) + "]",
             "unknown side " + s.turns.order[i]);
}

namespace {

// An entry hex must lie on the map edge (14.3: units enter from off the map),
// from format 2 on (format 1 may enter at any hex).
Hex entry_hex(const Reader& r, const Json& value, const std::string& path) {
  Hex h = r.map_hex_from_format_2(value, path);
  if (r.checks_of_format_2() && r.s.edges_of(h).empty())
    r.fail("scenario.entry_not_on_edge", path,
           r.numbers().format(h) + " is not on the map edge (columns 01 and " +
               std::to_string(r.s.columns) + ", rows 01 and " + std::to_string(r.s.rows) + ")");
  return h;
}

Arrival read_arrival(Reader& r, const Json& j, const std::string& path) {
  Fields e(j, r.at(path), "scenario");
  Arrival a;
  a.turn = int(e.integer("turn", 1, kMaxNumber));
  if (a.turn < 1) r.fail("scenario.bad_turn", path + ".turn", "turns count from 1");
  std::optional<std::string> one = e.str_opt("hex");
  std::optional<Json> several = e.array_opt("hexes");
  e.finish();
  if (one.has_value() == several.has_value())
    r.fail("scenario.unit_placement", path, "give exactly one of \"hex\" and \"hexes\"");
  if (one) a.hexes.push_back(entry_hex(r, Json(*one), path + ".hex"));
  if (several) {
    r.needs_format_2(path + ".hexes");
    if (several->empty()) r.fail("scenario.unit_placement", path + ".hexes", "is empty");
    for (std::size_t i = 0; i < several->size(); ++i) {
      Hex h = entry_hex(r, (*several)[i], path + ".hexes[" + std::to_string(i) + "]");
      if (std::find(a.hexes.begin(), a.hexes.end(), h) != a.hexes.end())
        r.fail("scenario.duplicate_hex", path + ".hexes[" + std::to_string(i) + "]",
               r.numbers().format(h) + " is listed twice");
      a.hexes.push_back(h);
    }
  }
  a.hex = a.hexes.front();
  return a;
}

EntryRules read_entry_rules(Reader& r, Fields& f, const std::string& path) {
  EntryRules e;
  e.mp = int(f.integer_or("entry_mp", 1, 0, kMaxNumber));
  e.terrain_cost = f.boolean("entry_pays_terrain", false);
  e.column = f.str_opt("column").value_or("none");
  if (e.column != "none" && e.column != "unit" && e.column != "stack")
    r.fail("scenario.bad_value", path + ".column", "must be none, unit or stack");
  if (e.mp < 0) r.fail("scenario.bad_value", path + ".entry_mp", "must not be negative");
  return e;
}

// Hooker and Lee 16.23-16.25: where and when units that took an exit return.
ExitReturn read_return(Reader& r, const Json& j, const std::string& path) {
  Fields f(j, r.at(path), "scenario");
  ExitReturn back;
  const Json& turns = f.object("turns");
  const Json& hexes = f.array("hexes");
  back.entry = read_entry_rules(r, f, path);
  back.compulsory = f.boolean("compulsory", true);
  back.rule = f.str_opt("rule").value_or("14.32");
  f.finish();
  for (const auto& [left, returns] : turns.items()) {
    std::string at = path + ".turns." + left;
    bool digits =
        !left.empty() && left.size() <= 3 && left[0] != '0' &&
        std::all_of(left.begin(), left.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits) r.fail("scenario.bad_turn", at, "\"" + left + "\" is not a turn number");
    int turn = std::stoi(left);
    if (!returns.is_number_integer() || returns.get<int>() <= turn)
      r.fail("scenario.bad_turn", at, "must be a later turn than " + left);
    back.turns[turn] = returns.get<int>();
  }
  if (back.turns.empty()) r.fail("scenario.bad_value", path + ".turns", "is empty");
  for (std::size_t i = 0; i < hexes.size(); ++i) {
    Hex h = entry_hex(r, hexes[i], path + ".hexes[" + std::to_string(i) + "]");
    if (std::find(back.hexes.begin(), back.hexes.end(), h) != back.hexes.end())
      r.fail("scenario.duplicate_hex", path + ".hexes[" + std::to_string(i) + "]",
             r.numbers().format(h) + " is listed twice");
    back.hexes.push_back(h);
  }
  if (back.hexes.empty()) r.fail("scenario.bad_value", path + ".hexes", "is empty");
  return back;
}

}  // namespace

void read_units(Reader& r, Fields& top) {
  Scenario& s = r.s;
  const Json& units = top.array("units");
  std::map<std::string, std::size_t> first;
  std::map<Hex, int> setup;  // combat units set up per hex
  for (std::size_t i = 0; i < units.size(); ++i) {
    std::string path = "units[" + std::to_string(i) + "]";
    Fields f(units[i], r.at(path), "scenario");
    UnitDef d;
    d.id = f.str("id");
    d.name = f.str_opt("name").value_or(d.id);
    d.side = f.str("side");
    d.type = f.str("type");
    d.strength = int(f.integer("strength", 0, kMaxNumber));
    d.movement = int(f.integer("movement", 0, kMaxNumber));
    if (f.has("combat")) {
      r.needs_format_2(path + ".combat");
      d.combat = f.boolean("combat", true);
    }
    if (f.has("hex")) d.start = r.map_hex(f.any("hex"), path + ".hex");
    if (auto a = f.any_opt("enter")) d.arrival = read_arrival(r, *a, path + ".enter");
    if (auto by = f.str_opt("setup")) {
      r.needs_format_2(path + ".setup");
      if (*by != "orders") r.fail("scenario.unit_placement", path + ".setup", "must be \"orders\"");
      d.setup_orders = true;
    }
    f.finish();
    if (auto [it, fresh] = first.emplace(d.id, i); !fresh)
      r.fail("scenario.duplicate_unit", path + ".id",
             "\"" + d.id + "\" is already the id of units[" + std::to_string(it->second) + "]");
    if (!s.side(d.side))
      r.fail("scenario.unknown_side", path + ".side", "\"" + d.side + "\" is not in sides");
    if (int(d.start.has_value()) + int(d.arrival.has_value()) + int(d.setup_orders) != 1)
      r.fail("scenario.unit_placement", path,
             d.id +
                 " needs exactly one of \"hex\" (set up), \"enter\" (reinforcement) and "
                 "\"setup\" (placed by the set-up orders)");
    if (d.start && d.combat && ++setup[*d.start] > s.stacking && r.checks_of_format_2())
      r.fail("scenario.stacking", path + ".hex",
             "more than " + std::to_string(s.stacking) + " combat units set up in " +
                 r.numbers().format(*d.start) + " (6.0)");
    s.units.push_back(d);
  }
}

void read_entry(Reader& r, Fields& top) {
  auto j = top.any_opt("reinforcements");
  if (!j) return;
  r.needs_format_2("reinforcements");
  Fields f(*j, r.at("reinforcements"), "scenario");
  EntryRules& e = r.s.entry;
  e = read_entry_rules(r, f, "reinforcements");
  e.compulsory_through = int(f.integer_or("compulsory_through_turn", 0, 0, kMaxNumber));
  f.finish();
}

void read_exits(Reader& r, Fields& top) {
  auto list = top.array_opt("exits");
  if (!list) return;
  r.needs_format_2("exits");
  for (std::size_t i = 0; i < list->size(); ++i) {
    std::string path = "exits[" + std::to_string(i) + "]";
    Fields f((*list)[i], r.at(path), "scenario");
    ExitZone x;
    x.side = f.str_opt("side").value_or("");
    for (const auto& t : f.strings_opt("types")) x.types.insert(t);
    if (auto e = f.any_opt("edges")) x.edges = r.edges(*e, path + ".edges");
    const Json hexes = f.array_opt("hexes").value_or(Json::array());
    for (std::size_t k = 0; k < hexes.size(); ++k) {
      std::string at = path + ".hexes[" + std::to_string(k) + "]";
      Hex h = r.map_hex(hexes[k], at);
      if (r.s.edges_of(h).empty())
        r.fail("scenario.exit_not_on_edge", at, r.numbers().format(h) + " is not on the map edge");
      x.hexes.insert(h);
    }
    x.mp = int(f.integer_or("mp", 0, 0, kMaxNumber));
    x.vp_per_sp = int(f.integer_or("vp_per_sp", 0, 0, kMaxNumber));
    x.vp_per_unit = int(f.integer_or("vp_per_unit", 0, 0, kMaxNumber));
    x.not_enemy_controlled = f.boolean("not_enemy_controlled", false);
    x.max_units = int(f.integer_or("max_units", 0, 0, kMaxNumber));
    x.until_turn = int(f.integer_or("until_turn", 0, 0, kMaxNumber));
    x.late_rule = f.str_opt("late_rule").value_or("");
    x.by_retreat = f.boolean("retreat", false);
    if (auto back = f.any_opt("return")) x.back = read_return(r, *back, path + ".return");
    x.rule = f.str_opt("rule").value_or("");
    f.finish();
    if (x.max_units < 0 || x.until_turn < 0)
      r.fail("scenario.bad_value", path, "max_units and until_turn must not be negative");
    if (!x.late_rule.empty() && !x.until_turn)
      r.fail("scenario.bad_value", path + ".late_rule", "needs \"until_turn\"");
    if (!x.side.empty() && !r.s.side(x.side))
      r.fail("scenario.unknown_side", path + ".side", "\"" + x.side + "\" is not in sides");
    if (x.edges.empty() && x.hexes.empty())
      r.fail("scenario.bad_value", path, "give \"edges\" or \"hexes\"");
    if (x.vp_per_sp && x.vp_per_unit)
      r.fail("scenario.bad_value", path, "give at most one of vp_per_sp and vp_per_unit");
    r.s.exits.push_back(x);
  }
}

}  // namespace adjutant::rules::hexmap::load
