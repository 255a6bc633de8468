// What the table's order page draws and clicks on (rules/package.h
// table_page), read from the side's view: its own brigades, regiments and
// commanders with their names; of the enemy, the flags and bases on the
// table by position.
#include "rules/chaos/page_data.h"

#include "rules/chaos/ruleset.h"
#include "rules/chaos/scenario_part.h"
#include "rules/chaos/table_play.h"
#include "rules/chaos/view.h"

namespace adjutant::rules::chaos {

Json order_page_data(const Json& part, const model::State& seen, const std::string& side) {
  const Scenario sc = load_side_part(part, "scenario.json");
  ReadView v = read_view(seen, side);
  Json brigades = Json::array();
  for (const auto& b : sc.side(side).brigades) {
    auto it = v.own.brigades.find(b.id);
    if (it == v.own.brigades.end()) continue;
    Json markers = Json::array(), regiments = Json::array();
    for (auto p : it->second.markers) markers.push_back(json_of(p));
    // Every regiment still in the game: those of a brigade on markers have
    // no place ("at" null) until it shakes out. Limbered and dismounted
    // are version 3's, false before.
    for (const auto& r : b.regiments) {
      auto rs = v.own.regiments.find(r.id);
      if (rs == v.own.regiments.end() || rs->second.removed) continue;
      regiments.push_back({{"id", r.id},
                           {"name", r.name},
                           {"arm", arm_name(r.arm)},
                           {"at", rs->second.at ? json_of(*rs->second.at) : Json()},
                           {"facing", rs->second.facing},
                           {"stands", rs->second.stands},
                           {"limbered", rs->second.limbered},
                           {"dismounted", rs->second.dismounted}});
    }
    brigades.push_back(
        {{"id", b.id},
         {"name", b.name},
         {"arm", arm_name(b.arm)},
         {"markers", markers},
         {"commander", it->second.commander ? json_of(*it->second.commander) : Json()},
         {"regiments", regiments}});
  }
  Json commanders = Json::array();
  for (const auto& c : sc.side(side).commanders) {
    auto it = v.own.commanders.find(c.id);
    if (it == v.own.commanders.end()) continue;
    commanders.push_back({{"id", c.id}, {"name", c.name}, {"at", json_of(it->second.at)}});
  }
  Json flags = Json::array(), bases = Json::array();
  for (auto p : v.flags) flags.push_back(json_of(p));
  for (const auto& r : v.regiments)
    bases.push_back({{"at", json_of(r.at)},
                     {"facing", r.facing},
                     {"stands", r.stands},
                     {"arm", arm_name(r.arm)}});
  Json tokens = Json::array();
  for (const auto& t : held_tokens(seen, side)) tokens.push_back(t);
  return {{"ruleset", kRulesetId},
          {"side", side},
          {"enemy", other_side(sc, side)},
          {"turn", seen.turn},
          {"table", {{"width", sc.table.width}, {"length", sc.table.length}}},
          {"brigades", brigades},
          {"commanders", commanders},
          {"flags", flags},
          {"bases", bases},
          {"tokens", tokens}};
}

}  // namespace adjutant::rules::chaos
