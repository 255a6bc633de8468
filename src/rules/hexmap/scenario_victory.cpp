// Victory conditions: VP per enemy SP eliminated, objective hexes, lines of
// communication, and the ratio levels.
#include "rules/hexmap/scenario_load.h"

namespace adjutant::rules::hexmap::load {

namespace {

VictoryHex read_objective(Reader& r, const Json& j, const std::string& path) {
  Fields g(j, r.at(path), "scenario");
  VictoryHex vh;
  vh.hex = r.map_hex_from_format_2(g.any("hex"), path + ".hex");
  vh.side = g.str("side");
  vh.vp = int(g.integer("vp", -kMaxNumber, kMaxNumber));
  if (g.has("hold")) {
    r.needs_format_2(path + ".hold");
    vh.hold = g.str("hold");
  }
  if (g.has("held_by")) {
    r.needs_format_2(path + ".held_by");
    vh.held_by = g.str("held_by");
  }
  g.finish();
  if (!r.s.side(vh.side) && r.checks_of_format_2())
    r.fail("scenario.unknown_side", path + ".side", "\"" + vh.side + "\" is not in sides");
  if (vh.hold != "occupied" && vh.hold != "last_occupant")
    r.fail("scenario.bad_value", path + ".hold", "must be occupied or last_occupant");
  if (!vh.held_by.empty() && !r.s.side(vh.held_by))
    r.fail("scenario.unknown_side", path + ".held_by", "\"" + vh.held_by + "\" is not in sides");
  return vh;
}

LineOfCommunication read_line(Reader& r, const Json& j, const std::string& path) {
  Fields g(j, r.at(path), "scenario");
  LineOfCommunication l;
  l.side = g.str("side");
  l.edges = r.edges(g.any("edges"), path + ".edges");
  l.vp_per_sp = int(g.integer("vp_per_sp", 0, kMaxNumber));
  l.rule = g.str_opt("rule").value_or("");
  g.finish();
  if (!r.s.side(l.side))
    r.fail("scenario.unknown_side", path + ".side", "\"" + l.side + "\" is not in sides");
  bool any = false;
  for (const auto& route : r.s.routes)
    for (const auto& e : route.off) any = any || (route.kind == "road" && l.edges.count(e));
  if (!any) r.fail("scenario.bad_value", path + ".edges", "no road leads off the map there");
  return l;
}

// A victory level as the schema has it: a result, at most one of at_least
// and above, each two integers [a, b] in 0..999, and (format 2) a side. The
// rules read a level without checking it again; a one-number ratio was once
// read past its end.
void check_level(Reader& r, const Json& level, const std::string& path) {
  Fields g(level, r.at(path), "scenario");
  g.str("result");
  if (g.has("at_least") && g.has("above"))
    r.fail("scenario.wrong_type", path, "give at most one of at_least and above");
  for (const char* key : {"at_least", "above"}) {
    if (!g.has(key)) continue;
    const Json& ratio = g.array(key);
    if (ratio.size() != 2)
      r.fail("scenario.wrong_type", path + "." + key, "must be two integers [a, b]");
    for (const Json& n : ratio) {
      if (!n.is_number_integer())
        r.fail("scenario.wrong_type", path + "." + key, "must be two integers [a, b]");
      if (n.get<long long>() < 0 || n.get<long long>() > kMaxNumber)
        r.fail("scenario.out_of_range", path + "." + key, "each number must be from 0 to 999");
    }
  }
  if (g.has("side")) {
    r.needs_format_2(path + ".side");
    std::string side = g.str("side");
    if (!r.s.side(side))
      r.fail("scenario.unknown_side", path + ".side", "\"" + side + "\" is not in sides");
  }
  g.finish();
}

}  // namespace

void read_victory(Reader& r, Fields& top) {
  auto v = top.any_opt("victory");
  if (!v) return;
  Scenario& s = r.s;
  Fields f(*v, r.at("victory"), "scenario");
  if (auto per = f.any_opt("per_enemy_sp")) {
    if (!per->is_object())
      r.fail("scenario.wrong_type", "victory.per_enemy_sp", "must be an object");
    for (const auto& [side, vp] : per->items()) {
      if (!vp.is_number_integer())
        r.fail("scenario.wrong_type", "victory.per_enemy_sp." + side, "must be an integer");
      if (vp.get<long long>() < -kMaxNumber || vp.get<long long>() > kMaxNumber)
        r.fail("scenario.out_of_range", "victory.per_enemy_sp." + side, "must be from -999 to 999");
      s.victory.per_enemy_sp[side] = vp.get<int>();
    }
  }
  const Json hexes = f.array_opt("hexes").value_or(Json::array());
  for (std::size_t i = 0; i < hexes.size(); ++i)
    s.victory.hexes.push_back(
        read_objective(r, hexes[i], "victory.hexes[" + std::to_string(i) + "]"));
  if (f.has("lines_of_communication")) {
    r.needs_format_2("victory.lines_of_communication");
    const Json& lines = f.array("lines_of_communication");
    for (std::size_t i = 0; i < lines.size(); ++i)
      s.victory.lines.push_back(
          read_line(r, lines[i], "victory.lines_of_communication[" + std::to_string(i) + "]"));
  }
  s.victory.ratio = f.strings_opt("ratio");
  if (auto levels = f.array_opt("levels")) s.victory.levels = *levels;
  if (f.has("rule")) {
    r.needs_format_2("victory.rule");
    s.victory.rule = f.str("rule");
  }
  f.finish();
  for (std::size_t i = 0; i < s.victory.levels.size(); ++i)
    check_level(r, s.victory.levels[i], "victory.levels[" + std::to_string(i) + "]");
}

}  // namespace adjutant::rules::hexmap::load
