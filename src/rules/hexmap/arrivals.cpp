#include "rules/hexmap/arrivals.h"

#include <map>
#include <tuple>

namespace adjutant::rules::hexmap {

std::optional<Arrival> current_arrival(const Scenario& sc, const std::string& unit,
                                       const model::UnitState* state) {
  if (state && state->extra.is_object() && state->extra.contains("enter")) {
    const Json& e = state->extra["enter"];
    Arrival a;
    a.turn = e.at("turn").get<int>();
    for (const auto& h : e.at("hexes"))
      a.hexes.push_back(
          sc.numbers().parse_or_throw(h.get<std::string>(), "state: " + unit + ".enter"));
    if (a.hexes.empty()) return std::nullopt;
    a.hex = a.hexes.front();
    // A return from a flank march carries its own entry costs (H&L 16.24-16.25).
    if (e.contains("entry")) {
      const Json& c = e["entry"];
      EntryRules rules;
      rules.mp = c.value("mp", 1);
      rules.terrain_cost = c.value("pays_terrain", false);
      rules.column = c.value("column", std::string("none"));
      a.entry = rules;
    }
    a.compulsory = e.value("compulsory", false);
    a.rule = e.value("rule", std::string("14.32"));
    return a;
  }
  const UnitDef* d = sc.unit(unit);
  if (!d || !d->arrival) return std::nullopt;
  return d->arrival;
}

std::vector<DueGroup> reinforcements_due(const Scenario& sc, const model::State& state, int turn) {
  std::map<std::tuple<std::string, int, std::vector<Hex>>, DueGroup> groups;
  for (const auto& d : sc.units) {
    auto it = state.units.find(d.id);
    if (it == state.units.end() || it->second.status != model::UnitStatus::kWaiting) continue;
    auto a = current_arrival(sc, d.id, &it->second);
    if (!a || a->turn > turn) continue;
    auto& g = groups[{d.side, a->turn, a->hexes}];
    g.side = d.side;
    g.turn = a->turn;
    g.hexes = a->hexes;
    g.units.push_back(&d);
  }
  std::vector<DueGroup> out;
  for (auto& [key, g] : groups) out.push_back(std::move(g));
  return out;
}

}  // namespace adjutant::rules::hexmap
