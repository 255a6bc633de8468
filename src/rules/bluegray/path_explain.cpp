#include "rules/bluegray/path_explain.h"

#include <algorithm>
#include <map>
#include <set>

namespace adjutant::rules::bluegray {

namespace path_explain {

// Far beyond any allowance: a search that only the map and the rules limit.
constexpr int kUnlimited = 1 << 20;

std::string mp_words(int mp) {
  return std::to_string(mp) + " MP";
}

std::string hex_list(const std::vector<Hex>& hexes, hex::Numbering numbers) {
  std::string out;
  for (std::size_t i = 0; i < hexes.size(); ++i)
    out += (i == 0 ? "" : i + 1 == hexes.size() ? " or " : ", ") + numbers.format(hexes[i]);
  return out;
}

// The dearest steps of a path, at most two, dearest first (ties in path
// order): "entering 0607 costs 5 MP (stream +2, forest 3)".
std::string dear_steps(const Scenario& sc, const Path& path) {
  struct Step {
    int mp;
    std::size_t at;
  };
  std::vector<Step> steps;
  for (std::size_t i = 1; i < path.hexes.size(); ++i)
    steps.push_back({step_mp(sc, path.hexes[i - 1], path.hexes[i]), i});
  std::stable_sort(steps.begin(), steps.end(),
                   [](const Step& a, const Step& b) { return a.mp > b.mp; });
  std::string out;
  for (std::size_t k = 0; k < steps.size() && k < 2; ++k) {
    if (k > 0 && steps[k].mp <= 1) break;
    Hex from = path.hexes[steps[k].at - 1], to = path.hexes[steps[k].at];
    StepCost c = step_cost(sc, from, to);
    out += std::string(k ? "; " : "") + "entering " + sc.numbers().format(to) + " costs " +
           mp_words(c.mp) + " (" + c.why + ")";
  }
  return out;
}

// Every hex the unit reaches within its allowance, with the least MP.
std::map<Hex, int> reachable(const Scenario& sc, const PathRules& rules) {
  std::map<Hex, int> best{{rules.start, rules.spent}};
  std::set<std::pair<int, Hex>> open{{rules.spent, rules.start}};
  while (!open.empty()) {
    auto [mp, here] = *open.begin();
    open.erase(open.begin());
    if (mp > best[here]) continue;
    if (here != rules.start && rules.stops && rules.stops(here)) continue;
    for (Hex next : hex::neighbours(here)) {
      if (!passable(sc, here, next)) continue;
      int cost = mp + step_mp(sc, here, next);
      if (cost > rules.allowance) continue;
      if (rules.may_enter && !rules.may_enter(here, next)) continue;
      auto it = best.find(next);
      if (it != best.end() && it->second <= cost) continue;
      best[next] = cost;
      open.insert({cost, next});
    }
  }
  return best;
}

}  // namespace path_explain

NoPathWords explain_no_path(const Scenario& sc, const PathRules& rules, Hex goal,
                            const std::function<std::string(Hex from, Hex to)>& barred) {
  using namespace path_explain;
  const hex::Numbering num = sc.numbers();
  NoPathWords out;
  out.message = "no legal path from " + num.format(rules.start) + " to " + num.format(goal) +
                " within " + mp_words(rules.allowance);
  PathRules free = rules;
  free.allowance = kUnlimited;
  if (auto path = cheapest_path(sc, free, goal)) {
    out.message += ": the cheapest legal path costs " + mp_words(path->mp);
    std::string dear = dear_steps(sc, *path);
    if (!dear.empty()) out.message += "; " + dear;
  } else {
    PathRules map_only;
    map_only.start = rules.start;
    map_only.spent = rules.spent;
    map_only.allowance = kUnlimited;
    auto any = cheapest_path(sc, map_only, goal);
    std::string why;
    for (std::size_t i = 1; any && i < any->hexes.size() && why.empty(); ++i) {
      Hex from = any->hexes[i - 1], to = any->hexes[i];
      if (i > 1 && rules.stops && rules.stops(from))
        why = "the way there enters an enemy zone of control at " + num.format(from) +
              ", where a move must stop (rule 5.0)";
      else
        why = barred(from, to);
    }
    if (!any)
      why = num.format(goal) + " cannot be reached from " + num.format(rules.start) +
            " at all: impassable hexes and hexsides cut it off (TEC)";
    if (!why.empty()) out.message += ": " + why;
  }
  // The hexes nearest the goal the unit can reach now, and where it may stop.
  std::map<Hex, int> reach = reachable(sc, rules);
  int nearest = hex::distance(rules.start, goal);
  std::vector<Hex> best;
  for (const auto& [h, mp] : reach) {
    if (h == rules.start || sc.terrain_at(h).no_stop) continue;
    int d = hex::distance(h, goal);
    if (d > nearest) continue;
    if (d < nearest) best.clear();
    nearest = d;
    best.push_back(h);
  }
  // Those where the move need not stop (outside enemy zones of control)
  // first: from them it can go on next turn without an attack.
  std::stable_sort(best.begin(), best.end(), [&](Hex a, Hex b) {
    bool sa = rules.stops && rules.stops(a), sb = rules.stops && rules.stops(b);
    return !sa && sb;
  });
  if (best.size() > 4) best.resize(4);
  if (!best.empty())
    out.hint = "Within " + mp_words(rules.allowance) + " it can reach " + hex_list(best, num) +
               " (" + std::to_string(nearest) + (nearest == 1 ? " hex" : " hexes") + " from " +
               num.format(goal) + "): move there this turn";
  else
    out.hint = "It can come no nearer " + num.format(goal) + " this turn: move it elsewhere";
  return out;
}

}  // namespace adjutant::rules::bluegray
