#include "rules/ah1961/bot/moves.h"

#include <algorithm>
#include <climits>
#include <deque>
#include <queue>
#include <tuple>

namespace adjutant::bot::ah1961 {

namespace {

using Path = std::vector<Hex>;
using Field = std::map<Hex, int>;

// Where a unit can go this turn and by which path (fewest squares), by the
// movement rules the bot models: no enemy square, a stop on entering an
// enemy zone, woods, hills or marsh from outside (two squares a turn
// inside), a stream off a route, or a ford (swimmers also a river square);
// one unit on a river square. Bridges and boats are left alone. The check
// has the last word on every path chosen.
std::map<Hex, Path> reach(const r61::Board& b, const EnemyView& ev, const std::string& unit) {
  const rules::hexmap::UnitDef& d = *b.def(unit);
  const std::string side = b.side_of(unit);
  const Hex start = *b.square_of(unit);
  const bool swims = d.type == "hq" || d.type == "cavalry";
  struct Node {
    Hex h;
    int slow;
    bool stopped;
    Path path;
  };
  std::map<Hex, Path> out;
  out[start] = {start};
  std::deque<Node> q{{start, 0, false, {start}}};
  std::set<std::pair<Hex, int>> seen{{start, 0}};
  while (!q.empty()) {
    Node n = q.front();
    q.pop_front();
    if (n.stopped || int(n.path.size()) - 1 >= d.movement) continue;
    for (Hex y : hex::neighbours(n.h)) {
      if (!b.scenario().on_map(y) || ev.occupied.count(y)) continue;
      bool stop = false;
      int slow = n.slow;
      if (b.water(y)) {
        if (b.water(n.h) || b.bridge_at(y)) continue;
        bool ford = b.terrain(y) == "ford";
        if (!ford && !swims) continue;
        if (!b.units_at(y, side).empty()) continue;  // one counter on a ford, one unit on a river
        stop = true;
      } else {
        if (b.water(n.h) && b.bridge_at(n.h)) continue;
        if (b.slow(y)) {
          if (!b.slow(n.h))
            stop = true;
          else if (slow + 1 > 2)
            continue;
          else
            ++slow;
        }
        if (b.terrain(y) == "stream" && !b.route_joins(n.h, y)) stop = true;
      }
      if (ev.controlled.count(y)) stop = true;
      if (!seen.insert({y, slow}).second) continue;
      Path path = n.path;
      path.push_back(y);
      if (!out.count(y)) out[y] = path;
      q.push_back({y, slow, stop, path});
    }
  }
  return out;
}

// What entering y from x costs toward a goal: a stop costs the rest of a
// turn, counted as two squares; a ford three; a river impassable.
int step_cost(const r61::Board& b, Hex x, Hex y) {
  if (b.water(y)) return b.terrain(y) == "ford" ? 3 : -1;
  if (b.slow(y) && !b.slow(x)) return 2;
  if (b.terrain(y) == "stream" && !b.route_joins(x, y)) return 2;
  return 1;
}

// Squares to goals, by Dijkstra from the goals backwards.
Field field(const Position& p, const r61::Board& b, const EnemyView& ev,
            const std::set<Hex>& goals) {
  Field dist;
  std::priority_queue<std::pair<int, Hex>, std::vector<std::pair<int, Hex>>, std::greater<>> q;
  for (Hex g : goals) {
    dist[g] = 0;
    q.push({0, g});
  }
  while (!q.empty()) {
    auto [d, h] = q.top();
    q.pop();
    if (dist[h] < d) continue;
    for (Hex n : hex::neighbours(h)) {
      if (!p.sc.on_map(n) || ev.occupied.count(n)) continue;
      int c = step_cost(b, n, h);
      if (c < 0 || (b.water(n) && b.terrain(n) != "ford")) continue;
      auto it = dist.find(n);
      if (it == dist.end() || d + c < it->second) {
        dist[n] = d + c;
        q.push({d + c, n});
      }
    }
  }
  return dist;
}

int value(const Field& f, Hex h) {
  auto it = f.find(h);
  return it == f.end() ? INT_MAX / 2 : it->second;
}

Json move_json(const r61::Board& b, const std::string& unit, const Path& path) {
  Json squares = Json::array();
  for (Hex h : path) squares.push_back(b.sq(h));
  return {{"unit", unit}, {"path", squares}};
}

// Basic factors defending square e against an attack from square s, with
// the Defense table's doubling and tripling (fortification, hill, shore
// attacked from across the river).
int defence(const r61::Board& b, const EnemyView& ev, Hex e, Hex s) {
  int total = 0;
  for (const auto& id : ev.units.at(e))
    if (r61::is_fighting(*b.def(id))) total += b.def(id)->strength;
  int m = (b.fortified(e) ? 1 : 0) + (b.hill(e) ? 1 : 0) +
          (b.shore(e) && (b.water(s) || b.region(s) != b.region(e)) ? 1 : 0);
  return total * (m == 0 ? 1 : m == 1 ? 2 : 3);
}

bool reaches_odds(int attack, int defence, int p, int q) {
  return defence == 0 ? attack > 0 : attack * q >= defence * p;
}

}  // namespace

bool play_move(r61::Emitter& em, r61::MovePhase& ph, const Json& move, int index,
               std::vector<rules::OrderProblem>* refused) {
  r61::MoveOrder m;
  m.index = index;
  m.kind = "move";
  m.units = {move.at("unit").get<std::string>()};
  m.path = move.at("path").get<std::vector<std::string>>();
  r61::Emitter trial = em;
  r61::MovePhase tph = ph;
  r61::Problems problems;
  std::vector<std::string> echo;
  r61::check_moves(trial, {m}, tph, problems, echo);
  if (!problems.empty()) {
    if (refused) refused->insert(refused->end(), problems.begin(), problems.end());
    return false;
  }
  // Accepted: played again on the real position (the emitter holds
  // references and is not assignable; the same move gives the same events).
  r61::check_moves(em, {m}, ph, problems, echo);
  return true;
}

std::vector<Json> plan_moves(const Position& p, r61::Emitter& em, r61::MovePhase& ph) {
  std::vector<Json> moves;
  const r61::Board start = p.board();
  const EnemyView ev(start, p.side);
  const std::string home = p.g.setup_region.count(p.side) ? p.g.setup_region.at(p.side) : "";
  auto try_path = [&](const std::string& u, const Path& path) {
    if (path.size() < 2) return true;  // stays
    Json j = move_json(start, u, path);
    if (!play_move(em, ph, j, int(moves.size()) + 1)) return false;
    moves.push_back(j);
    return true;
  };
  // The enemy squares this side goes for: every one for the attacking army;
  // for the defending army (when its temper counterattacks) those on its
  // side of the river.
  std::vector<Hex> targets;
  for (const auto& [e, _] : ev.units)
    if (p.attacking || (p.temper.counterattack && (start.water(e) || start.region(e) == home)))
      targets.push_back(e);
  std::map<std::string, std::map<Hex, Path>> reaches;
  std::vector<std::string> mine;
  for (const auto& u : start.units_of(p.side)) {
    const auto& d = *start.def(u);
    if (!r61::is_fighting(d)) continue;  // HQs and detachments stay where they are
    mine.push_back(u);
    reaches[u] = reach(start, ev, u);
  }
  std::set<std::string> done;
  // 1. Attacks by movement, the weakest enemy squares first. A square to
  // attack from touches no other enemy square with combat units.
  auto attack_squares = [&](Hex e) {
    std::set<Hex> out;
    for (Hex s : hex::neighbours(e)) {
      if (!p.sc.on_map(s) || ev.occupied.count(s)) continue;
      bool other = false;
      for (Hex n : hex::neighbours(s))
        if (n != e && ev.units.count(n))
          for (const auto& id : ev.units.at(n)) other = other || r61::is_fighting(*start.def(id));
      if (!other) out.insert(s);
    }
    return out;
  };
  std::vector<std::tuple<int, std::uint64_t, Hex>> order;
  for (Hex e : targets) {
    int least = INT_MAX;
    for (Hex s : attack_squares(e)) least = std::min(least, defence(start, ev, e, s));
    if (least != INT_MAX) order.emplace_back(least, p.tie("target " + start.sq(e)), e);
  }
  std::sort(order.begin(), order.end());
  for (const auto& [def_estimate, _, e] : order) {
    std::set<Hex> from = attack_squares(e);
    std::vector<std::tuple<int, std::string>> cands;  // -strength, unit
    int total = 0, worst = 0;
    for (const auto& u : mine) {
      const auto& d = *start.def(u);
      if (done.count(u) || r61::is_artillery_type(d)) continue;
      bool can = false;
      for (const auto& [s, path] : reaches[u])
        if (from.count(s)) {
          can = true;
          worst = std::max(worst, defence(start, ev, e, s));
        }
      if (!can) continue;
      cands.emplace_back(-d.strength, u);
      total += d.strength;
    }
    if (cands.empty() || !reaches_odds(total, worst, p.temper.least_p, p.temper.least_q)) continue;
    std::sort(cands.begin(), cands.end());
    int committed = 0, def = 0;
    for (const auto& [neg, u] : cands) {
      Hex at = *start.square_of(u);
      std::vector<std::tuple<int, std::uint64_t, Hex>> squares;
      for (const auto& [s, path] : reaches[u])
        if (from.count(s))
          squares.emplace_back(s == at ? -1 : int(path.size()), p.tie(u + " to " + start.sq(s)), s);
      std::sort(squares.begin(), squares.end());
      for (const auto& [len, t, s] : squares)
        if (try_path(u, reaches[u][s])) {
          done.insert(u);
          committed += -neg;
          def = std::max(def, defence(start, ev, e, s));
          break;
        }
      if (committed && reaches_odds(committed, def, p.temper.enough_p, p.temper.enough_q)) break;
    }
  }
  // 2. Everyone else toward its goal, never into an enemy zone (artillery
  // never next to an enemy: it could not attack from there).
  std::set<Hex> close, range, forts;
  for (Hex e : targets)
    for (Hex s : hex::within(e, 2)) {
      if (!p.sc.on_map(s) || ev.occupied.count(s)) continue;
      if (hex::distance(s, e) == 1 && !start.water(s)) close.insert(s);
      if (hex::distance(s, e) == 2 && !ev.adjacent_to_enemy(s) && !start.water(s)) range.insert(s);
    }
  if (!p.attacking)
    for (Hex f : start.fortifications())
      if (!ev.occupied.count(f) && start.region(f) == home) forts.insert(f);
  std::set<Hex> infantry_goals = close, artillery_goals = range;
  infantry_goals.insert(forts.begin(), forts.end());
  artillery_goals.insert(forts.begin(), forts.end());
  const Field to_close = field(p, start, ev, infantry_goals);
  const Field to_range = field(p, start, ev, artillery_goals);
  std::vector<std::tuple<int, std::string>> rest;
  for (const auto& u : mine)
    if (!done.count(u)) {
      bool arty = r61::is_artillery_type(*start.def(u));
      rest.emplace_back(value(arty ? to_range : to_close, *start.square_of(u)), u);
    }
  std::sort(rest.begin(), rest.end());
  for (const auto& [v0, u] : rest) {
    const auto& d = *start.def(u);
    const bool arty = r61::is_artillery_type(d);
    const Field& f = arty ? to_range : to_close;
    const Hex at = *start.square_of(u);
    // The defending army holds its fortifications.
    if (!p.attacking && start.fortified(at)) continue;
    auto allowed = [&](Hex s) {
      if (start.water(s)) return !ev.controlled.count(s) && !arty;
      return arty ? !ev.adjacent_to_enemy(s) : !ev.controlled.count(s);
    };
    const bool must_leave = !arty && ev.controlled.count(at) && p.attacking;
    std::vector<std::tuple<int, int, std::uint64_t, Hex>> ends;
    for (const auto& [s, path] : reaches[u]) {
      if (s == at || !allowed(s)) continue;
      int v = value(f, s);
      if (!must_leave && v >= v0) continue;
      ends.emplace_back(v, int(path.size()), p.tie(u + " to " + start.sq(s)), s);
    }
    std::sort(ends.begin(), ends.end());
    int tries = 0;
    for (const auto& [v, len, t, s] : ends) {
      if (try_path(u, reaches[u][s])) break;
      if (++tries == 8) break;
    }
  }
  return moves;
}

}  // namespace adjutant::bot::ah1961
