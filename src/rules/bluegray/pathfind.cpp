#include "rules/bluegray/pathfind.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "rules/bluegray/readings.h"

namespace adjutant::rules::bluegray {

std::string impassable(const Scenario& sc, Hex from, Hex to) {
  if (!sc.on_map(to)) return hex::format(to) + " is off the map";
  if (const auto* side = sc.hexside_at(hex::hexside(from, to)); side && !side->passable)
    return "the " + side->name + " hexside " + hex::format(hex::hexside(from, to)) +
           " cannot be crossed";
  if (const auto& t = sc.terrain_at(to); !t.passable)
    return hex::format(to) + " is " + t.name + ", which cannot be entered";
  return "";
}

StepCost step_cost(const Scenario& sc, Hex from, Hex to) {
  const auto& terrain = sc.terrain_at(to);
  const auto* side = sc.hexside_at(hex::hexside(from, to));
  StepCost out{terrain.mp, "terrain", terrain.name + " " + std::to_string(terrain.mp)};
  if (side && side->mp) {
    out.mp += side->mp;
    out.why = side->name + " +" + std::to_string(side->mp) + ", " + out.why;
  }
  std::string route = sc.route_across(hex::hexside(from, to));
  if (route.empty()) return out;
  int route_mp = route == "road" ? sc.road_mp : sc.trail_mp;
  if (readings::route_pays_hexside(sc)) {
    // 7.5 replaces the terrain "in the hex"; the hexside still costs (7.3).
    if (route_mp > terrain.mp) return out;
    out = {route_mp, route, route + " " + std::to_string(route_mp)};
    if (side && side->mp) {
      out.mp += side->mp;
      out.why = side->name + " +" + std::to_string(side->mp) + ", " + out.why;
    }
    return out;
  }
  if (route_mp <= out.mp) out = {route_mp, route, route + " " + std::to_string(route_mp)};
  return out;
}

std::optional<Path> cheapest_path(const Scenario& sc, const PathRules& rules, Hex goal) {
  // Labels order by (mp, hexes, sequence): extending two labels by the same
  // step keeps their order, so a plain Dijkstra finds the least label.
  using Label = std::tuple<int, std::size_t, std::vector<Hex>>;
  std::set<Label> open;
  std::map<Hex, Label> best;
  Label first{rules.spent, 1, {rules.start}};
  open.insert(first);
  best[rules.start] = first;
  while (!open.empty()) {
    Label label = *open.begin();
    open.erase(open.begin());
    const auto& [mp, count, hexes] = label;
    Hex at = hexes.back();
    if (at == goal) return Path{hexes, mp};
    if (rules.stops && rules.stops(at)) continue;
    for (Hex next : hex::neighbours(at)) {
      if (!impassable(sc, at, next).empty()) continue;
      if (rules.may_enter && !rules.may_enter(at, next)) continue;
      int cost = mp + step_cost(sc, at, next).mp;
      if (cost > rules.allowance) continue;
      std::vector<Hex> path = hexes;
      path.push_back(next);
      Label candidate{cost, path.size(), path};
      auto it = best.find(next);
      if (it != best.end() && !(candidate < it->second)) continue;
      if (it != best.end()) open.erase(it->second);
      best[next] = candidate;
      open.insert(candidate);
    }
  }
  return std::nullopt;
}

}  // namespace adjutant::rules::bluegray
