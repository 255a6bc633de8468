// Reading the Hooker and Lee hooks of "rules": the movement quota (17.1),
// the west-edge restriction (19.13), Averill's crossing roll (17.2), a
// side's own stacking limit (19.0, 19.21) and demoralization (18.0, 20.0).
#include "rules/bluegray/exclusive_reader.h"
#include "rules/bluegray/odds.h"

namespace adjutant::rules::bluegray::hooks {

using ledger::Json;

MovementQuota read_quota(const Reader& r, const Json& j) {
  const std::string key = "movement_quota";
  Fields f(j, r.at(key), "scenario");
  MovementQuota q;
  q.side = f.str("side");
  q.units = int(f.integer("units"));
  q.exempt_reinforcements = f.boolean("exempt_reinforcements", false);
  q.rule = f.str_opt("rule").value_or("17.1");
  f.finish();
  r.side(q.side, key + ".side");
  if (q.units < 0) r.fail("scenario.bad_value", key + ".units", "must not be negative");
  return q;
}

EdgeZone read_edge_zone(const Reader& r, const Json& j) {
  const std::string key = "keep_off_edge";
  Fields f(j, r.at(key), "scenario");
  EdgeZone z;
  z.side = f.str("side");
  z.edge = f.str("edge");
  z.distance = int(f.integer("distance"));
  z.before_turn = int(f.integer("before_turn"));
  z.rule = f.str_opt("rule").value_or("19.13");
  f.finish();
  r.side(z.side, key + ".side");
  if (!rules::hexmap::kEdgeNames.count(z.edge))
    r.fail("scenario.bad_edge", key + ".edge",
           "\"" + z.edge + "\" is not north, east, south or west");
  if (z.distance < 0) r.fail("scenario.bad_value", key + ".distance", "must not be negative");
  return z;
}

CrossingRoll read_crossing_roll(const Reader& r, const Json& j) {
  const std::string key = "crossing_roll";
  Fields f(j, r.at(key), "scenario");
  CrossingRoll c;
  c.side = f.str("side");
  c.units = f.strings("units");
  c.hex = r.map_hex(f.any("hex"), key + ".hex");
  for (const auto& t : f.strings("ferry_terrain")) c.ferry_terrain.insert(t);
  const Json& succeeds = f.array("succeeds");
  c.from_turn = int(f.integer_opt("from_turn").value_or(1));
  c.rule = f.str_opt("rule").value_or("17.2");
  f.finish();
  r.side(c.side, key + ".side");
  for (std::size_t i = 0; i < c.units.size(); ++i) {
    std::string path = key + ".units[" + std::to_string(i) + "]";
    r.unit(c.units[i], path);
    if (r.sc.unit(c.units[i])->side != c.side)
      r.fail("scenario.bad_value", path, c.units[i] + " is not a " + c.side + " unit");
  }
  for (const auto& t : c.ferry_terrain)
    if (!r.sc.terrain_types.count(t))
      r.fail("scenario.unknown_terrain", key + ".ferry_terrain",
             "\"" + t + "\" is not in tec.terrain");
  if (!c.ferry_terrain.count(r.sc.terrain_at(c.hex).id))
    r.fail("scenario.bad_value", key + ".hex",
           r.sc.numbers().format(c.hex) + " is not a hex of the ferry_terrain types");
  for (const auto& v : succeeds) {
    if (!v.is_number_integer() || v.get<int>() < 1 || v.get<int>() > r.sc.crt.die_sides)
      r.fail("scenario.bad_value", key + ".succeeds", "must list die values");
    c.succeeds.insert(v.get<int>());
  }
  if (c.succeeds.empty()) r.fail("scenario.bad_value", key + ".succeeds", "is empty");
  if (c.from_turn < 1) r.fail("scenario.bad_turn", key + ".from_turn", "turns count from 1");
  return c;
}

std::map<std::string, SideStacking> read_side_stacking(const Reader& r, const Json& j) {
  const std::string key = "side_stacking";
  if (!j.is_object()) r.fail("scenario.wrong_type", key, "must be an object of sides");
  std::map<std::string, SideStacking> out;
  for (const auto& [side, rule] : j.items()) {
    std::string path = key + "." + side;
    r.side(side, path);
    Fields f(rule, r.at(path), "scenario");
    SideStacking s;
    for (const auto& t : f.strings_opt("alone_types")) s.alone_types.insert(t);
    s.rule = f.str_opt("rule").value_or("19.0");
    f.finish();
    out[side] = s;
  }
  return out;
}

namespace {

MoraleSide read_morale_side(const Reader& r, const Json& j, const std::string& path) {
  Fields f(j, r.at(path), "scenario");
  MoraleSide m;
  m.above = int(f.integer("above"));
  m.rally = f.boolean("rally", true);
  m.rule = f.str("rule");
  if (auto c = f.any_opt("crossing")) {
    Fields g(*c, r.at(path + ".crossing"), "scenario");
    MoraleCrossing x;
    x.units = g.strings("units");
    x.bank = r.map_hex(g.any("bank"), path + ".crossing.bank");
    x.above = int(g.integer("above"));
    x.rule = g.str("rule");
    g.finish();
    for (std::size_t i = 0; i < x.units.size(); ++i)
      r.unit(x.units[i], path + ".crossing.units[" + std::to_string(i) + "]");
    if (x.units.empty()) r.fail("scenario.bad_value", path + ".crossing.units", "is empty");
    m.crossing = x;
  }
  f.finish();
  if (m.above < 0) r.fail("scenario.bad_value", path + ".above", "must not be negative");
  return m;
}

}  // namespace

Demoralization read_demoralization(const Reader& r, const Json& j) {
  const std::string key = "demoralization";
  Fields f(j, r.at(key), "scenario");
  Demoralization d;
  const Json& sides = f.object("sides");
  d.no_advance_rule = f.str_opt("no_advance").value_or("");
  if (auto odds = f.any_opt("odds")) {
    Fields g(*odds, r.at(key + ".odds"), "scenario");
    d.odds_below = g.str("below");
    d.odds_rule = g.str("rule");
    g.finish();
    if (!column_of(r.sc.crt, d.odds_below))
      r.fail("scenario.bad_value", key + ".odds.below",
             "\"" + d.odds_below + "\" is not a column of the CRT");
  }
  d.unavoidable_rule = f.str_opt("unavoidable_attacker_retreat").value_or("");
  d.victory_rule = f.str_opt("victory_shift").value_or("");
  f.finish();
  for (const auto& [side, rule] : sides.items()) {
    r.side(side, key + ".sides." + side);
    d.sides[side] = read_morale_side(r, rule, key + ".sides." + side);
  }
  if (!d.unavoidable_rule.empty() && d.odds_below.empty())
    r.fail("scenario.bad_value", key + ".unavoidable_attacker_retreat", "needs \"odds\"");
  if (!d.victory_rule.empty()) {
    for (const auto& level : r.sc.victory.levels)
      if (!level.is_object() || !level.contains("side"))
        if (level.value("result", "") != "")
          r.fail("scenario.bad_value", key + ".victory_shift",
                 "every victory level needs the \"side\" it favours");
  }
  return d;
}

}  // namespace adjutant::rules::bluegray::hooks
