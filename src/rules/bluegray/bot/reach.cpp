#include "rules/bluegray/bot/reach.h"

#include <queue>
#include <set>
#include <utility>

#include "rules/bluegray/restrictions.h"

namespace adjutant::bot::bluegray {

namespace {

bool may_enter(const Situation& s, const std::string& unit, Hex to, bool ineffective) {
  if (s.enemy_hexes.count(to)) return false;
  if ((s.night || ineffective) && s.ezoc.count(to)) return false;
  return !rules::bluegray::step_restriction(s.board, unit, to);
}

}  // namespace

Reach reach(const Situation& s, const std::string& unit, Hex start, int spent, int allowance,
            bool enter, bool ineffective) {
  Reach out;
  out.start = start;
  out.enter = enter;
  out.allowance = allowance;
  using Item = std::pair<int, Hex>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  out.mp[start] = spent;
  open.push({spent, start});
  while (!open.empty()) {
    auto [mp, at] = open.top();
    open.pop();
    if (mp != out.mp[at]) continue;
    if (s.ezoc.count(at)) continue;  // 5.0: entering an enemy ZOC ends the move
    const auto& steps = s.steps[at];
    for (int d = 0; d < 6; ++d) {
      int cost = steps[std::size_t(d)];
      if (cost == kBlocked) continue;
      Hex next = hex::neighbour(at, d);
      if (!may_enter(s, unit, next, ineffective)) continue;
      int total = mp + cost;
      if (total > allowance) continue;
      auto it = out.mp.find(next);
      if (it != out.mp.end() && it->second <= total) continue;
      out.mp[next] = total;
      open.push({total, next});
    }
  }
  // 7.4: one hex, whatever it costs, to a unit that starts outside an enemy ZOC.
  if (!enter && !s.ezoc.count(start))
    for (int d = 0; d < 6; ++d) {
      int cost = s.steps[start][std::size_t(d)];
      Hex next = hex::neighbour(start, d);
      if (cost == kBlocked || !may_enter(s, unit, next, ineffective) || out.mp.count(next))
        continue;
      out.mp[next] = spent + cost;
    }
  // TEC: a hex a move may pass through but not end in.
  for (auto it = out.mp.begin(); it != out.mp.end();)
    it =
        it->first != start && s.sc.terrain_at(it->first).no_stop ? out.mp.erase(it) : std::next(it);
  return out;
}

HexGrid<int> distance_field(const Situation& s, const std::vector<Hex>& goals) {
  HexGrid<int> dist(s.sc, kUnreached);
  using Item = std::pair<int, Hex>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  for (Hex g : goals) {
    if (!s.sc.on_map(g) || dist[g] == 0) continue;
    dist[g] = 0;
    open.push({0, g});
  }
  while (!open.empty()) {
    auto [d, at] = open.top();
    open.pop();
    if (d != dist[at]) continue;
    // Predecessors: hexes from which one step reaches `at`.
    for (int dir = 0; dir < 6; ++dir) {
      Hex from = hex::neighbour(at, dir);
      if (!s.sc.on_map(from) || s.enemy_hexes.count(from)) continue;
      int cost = s.steps[from][std::size_t((dir + 3) % 6)];
      if (cost == kBlocked) continue;
      if (d + cost < dist[from]) {
        dist[from] = d + cost;
        open.push({dist[from], from});
      }
    }
  }
  return dist;
}

}  // namespace adjutant::bot::bluegray
