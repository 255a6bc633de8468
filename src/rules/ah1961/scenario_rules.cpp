#include "rules/ah1961/scenario_rules.h"

#include "util/error.h"
#include "util/fields.h"

namespace adjutant::rules::ah1961 {

namespace {

const std::set<std::string> kTerrain = {"clear", "town",   "woods", "hill",
                                        "marsh", "stream", "river", "ford"};

[[noreturn]] void fail(const std::string& source, const std::string& what) {
  throw Error("scenario.ah1961", source + ": rules." + what);
}

Hex square(const Scenario& sc, const std::string& source, const std::string& field,
           const std::string& text) {
  auto h = sc.numbers().parse(text);
  if (!h) fail(source, field + ": \"" + text + "\" is not a square number");
  return *h;
}

}  // namespace

bool is_water(const std::string& terrain) {
  return terrain == "river" || terrain == "ford";
}

bool is_slow(const std::string& terrain) {
  return terrain == "woods" || terrain == "hill" || terrain == "marsh";
}

std::string GameRules::corps_of(const std::string& unit) const {
  for (const auto& [c, units] : corps)
    for (const auto& u : units)
      if (u == unit) return c;
  return "";
}

GameRules read_game_rules(const Scenario& sc, const std::string& source) {
  for (const auto& [id, t] : sc.terrain_types)
    if (!kTerrain.count(id))
      fail(source, "terrain type \"" + id + "\" is not one the 1961 rules know");
  GameRules g;
  Fields f(sc.rules, source + ": rules", "scenario");
  for (const auto& [name, seed] : f.object("regions").items())
    g.region_seeds[name] = square(sc, source, "regions." + name, seed.get<std::string>());
  // The rivers divide the land: flood each region from its seed without
  // crossing a river square; every land square must be reached exactly once.
  for (const auto& [name, seed] : g.region_seeds) {
    std::vector<Hex> todo = {seed};
    while (!todo.empty()) {
      Hex h = todo.back();
      todo.pop_back();
      if (!sc.on_map(h) || is_water(sc.terrain_at(h).id)) continue;
      auto [it, fresh] = g.region.emplace(h, name);
      if (!fresh) {
        if (it->second != name)
          fail(source, "regions: " + name + " and " + it->second + " are not separated by a river");
        continue;
      }
      for (Hex n : hex::neighbours(h)) todo.push_back(n);
    }
  }
  for (int c = 1; c <= sc.columns; ++c)
    for (int r = 1; r <= sc.last_row(c); ++r)
      if (!is_water(sc.terrain_at({c, r}).id) && !g.region.count({c, r}))
        fail(source,
             "regions: land square " + sc.numbers().format(Hex{c, r}) + " lies in no region");
  for (const auto& [side, v] : f.object("fortifications").items()) {
    Fields x(v, source + ": rules.fortifications." + side, "scenario");
    g.forts[side] = {int(x.integer("count", 0, 999)), x.str("region")};
    x.finish();
    if (!g.region_seeds.count(g.forts[side].region))
      fail(source, "fortifications." + side + ": unknown region");
  }
  for (const auto& [side, v] : f.object("setup_regions").items()) {
    g.setup_region[side] = v.get<std::string>();
    if (!g.region_seeds.count(g.setup_region[side]))
      fail(source, "setup_regions." + side + ": unknown region");
  }
  {
    Fields x(f.object("withheld"), source + ": rules.withheld", "scenario");
    g.withheld = {x.str("side"), int(x.integer("artillery", 0, 999)),
                  int(x.integer("infantry", 0, 999)), int(x.integer("corps", 0, 999))};
    x.finish();
  }
  for (const auto& [c, units] : f.object("corps").items())
    for (const auto& u : units) {
      if (!sc.unit(u.get<std::string>())) fail(source, "corps." + c + ": unknown unit");
      g.corps[c].push_back(u.get<std::string>());
    }
  for (const auto& [side, v] : f.object("stacking").items()) {
    Fields x(v, source + ": rules.stacking." + side, "scenario");
    g.stacking[side] = {int(x.integer_or("units", 0, 1, 999)),
                        int(x.integer_or("factors", 0, 1, 999))};
    x.finish();
  }
  for (const auto& d : f.strings("divisions")) {
    if (!sc.unit(d)) fail(source, "divisions: unknown unit " + d);
    g.divisions.insert(d);
  }
  for (const auto& b : f.strings("brigades")) {
    if (!sc.unit(b)) fail(source, "brigades: unknown unit " + b);
    g.brigades.insert(b);
  }
  {
    Fields x(f.object("victory"), source + ": rules.victory", "scenario");
    g.victory_side = x.str("side");
    g.victory_at_most = int(x.integer("at_most", 0, 999));
    x.finish();
  }
  f.finish();
  for (const auto& u : sc.units)
    if (!u.setup_orders)
      fail(source, "unit " + u.id + ": every counter is placed by set-up orders");
  return g;
}

}  // namespace adjutant::rules::ah1961
