#include "rules/bluegray/pathfind.h"

#include <algorithm>
#include <map>
#include <set>

#include "rules/bluegray/readings.h"
#include "rules/bluegray/step_table.h"

namespace adjutant::rules::bluegray {

std::string impassable(const Scenario& sc, Hex from, Hex to) {
  if (!sc.on_map(to)) return sc.numbers().format(to) + " is off the map";
  if (const auto* side = sc.hexside_at(hex::hexside(from, to)); side && !side->passable)
    return "the " + side->name + " hexside " + sc.numbers().format(hex::hexside(from, to)) +
           " cannot be crossed";
  if (const auto& t = sc.terrain_at(to); !t.passable)
    return sc.numbers().format(to) + " is " + t.name + ", which cannot be entered";
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

bool passable(const Scenario& sc, Hex from, Hex to) {
  if (!sc.on_map(to)) return false;
  if (const auto* side = sc.hexside_at(hex::hexside(from, to)); side && !side->passable)
    return false;
  return sc.terrain_at(to).passable;
}

int step_mp(const Scenario& sc, Hex from, Hex to) {
  return step_mp_read(sc, from, to, readings::route_pays_hexside(sc));
}

int step_mp_read(const Scenario& sc, Hex from, Hex to, bool route_pays_hexside) {
  // step_cost's arithmetic, without its words.
  const int terrain_mp = sc.terrain_at(to).mp;
  const hex::Hexside crossed = hex::hexside(from, to);
  const auto* side = sc.hexside_at(crossed);
  const int side_mp = side ? side->mp : 0;
  const int mp = terrain_mp + side_mp;
  std::string route = sc.route_across(crossed);
  if (route.empty()) return mp;
  int route_mp = route == "road" ? sc.road_mp : sc.trail_mp;
  if (route_pays_hexside) return route_mp > terrain_mp ? mp : route_mp + side_mp;
  return route_mp <= mp ? route_mp : mp;
}

namespace {

// The least MP any one step can cost on this map: the cheapest terrain, road
// or trail (a hexside only adds). Never negative.
int least_step_mp(const Scenario& sc) {
  int least = std::min(sc.road_mp, sc.trail_mp);
  for (const auto& [id, t] : sc.terrain_types) least = std::min(least, t.mp);
  return std::max(least, 0);
}

}  // namespace

std::optional<Path> cheapest_path(const Scenario& sc, const PathRules& rules, Hex goal) {
  // Labels order by (mp, hexes, sequence): extending two labels by the same
  // step keeps their order, so the least label of every hex extends the
  // least label of the hex before it. Each label is a node naming its last
  // hex and the label it extends, so a step costs one node rather than a
  // copy of the path.
  //
  // The search is A*: labels leave the open set in the order of (mp plus a
  // lower bound of the MP still to go, hexes, sequence). The bound, the
  // least step cost times the distance to the goal, never falls by more
  // than a step costs, so a label's ancestors all leave before it and the
  // least label of each hex is found before any other label of that hex
  // leaves: the goal's first label out is the same least label a plain
  // Dijkstra finds, after fewer labels. A label that cannot reach the goal
  // within the allowance is not kept.
  struct Node {
    Hex hex;
    int mp;
    int bound;  // mp + least cost to the goal
    std::size_t count;
    int parent;  // -1 for the start
  };
  std::vector<Node> nodes;
  auto less = [&nodes](int a, int b) {
    const Node& x = nodes[std::size_t(a)];
    const Node& y = nodes[std::size_t(b)];
    if (x.bound != y.bound) return x.bound < y.bound;
    if (x.mp != y.mp) return x.mp < y.mp;
    if (x.count != y.count) return x.count < y.count;
    // Equal lengths: walk both back to their common start; the difference
    // nearest the start decides, as in comparing the two hex sequences.
    int order = 0;
    for (int i = a, j = b; i != j;
         i = nodes[std::size_t(i)].parent, j = nodes[std::size_t(j)].parent) {
      Hex hi = nodes[std::size_t(i)].hex, hj = nodes[std::size_t(j)].hex;
      if (hi != hj) order = hi < hj ? -1 : 1;
    }
    return order < 0;
  };
  const int least_step = least_step_mp(sc);
  auto to_go = [&](Hex h) { return least_step * hex::distance(h, goal); };
  const StepTable* table = StepTable::of(sc);
  std::set<int, decltype(less)> open(less);
  std::map<Hex, int> best;
  nodes.push_back({rules.start, rules.spent, rules.spent + to_go(rules.start), 1, -1});
  open.insert(0);
  best[rules.start] = 0;
  while (!open.empty()) {
    const int label = *open.begin();
    open.erase(open.begin());
    const Node here = nodes[std::size_t(label)];
    if (here.hex == goal) {
      Path path{std::vector<Hex>(here.count), here.mp};
      for (int i = label, k = int(here.count); i >= 0; i = nodes[std::size_t(i)].parent)
        path.hexes[std::size_t(--k)] = nodes[std::size_t(i)].hex;
      return path;
    }
    if (rules.stops && rules.stops(here.hex)) continue;
    const auto around = hex::neighbours(here.hex);
    for (int dir = 0; dir < 6; ++dir) {
      const Hex next = around[std::size_t(dir)];
      if (!(table ? table->passable(sc, here.hex, dir) : passable(sc, here.hex, next))) continue;
      int cost =
          here.mp + (table ? table->step_mp(sc, here.hex, dir) : step_mp(sc, here.hex, next));
      const int bound = cost + to_go(next);
      if (bound > rules.allowance) continue;
      if (rules.may_enter && !rules.may_enter(here.hex, next)) continue;
      nodes.push_back({next, cost, bound, here.count + 1, label});
      const int candidate = int(nodes.size() - 1);
      auto it = best.find(next);
      if (it != best.end() && !less(candidate, it->second)) {
        nodes.pop_back();
        continue;
      }
      if (it != best.end()) open.erase(it->second);
      best[next] = candidate;
      open.insert(candidate);
    }
  }
  return std::nullopt;
}

}  // namespace adjutant::rules::bluegray
