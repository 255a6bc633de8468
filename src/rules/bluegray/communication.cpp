#include "rules/bluegray/communication.h"

#include <deque>
#include <map>
#include <set>

#include "rules/bluegray/pathfind.h"
#include "rules/bluegray/victory.h"
#include "rules/bluegray/zoc.h"

namespace adjutant::rules::bluegray {

namespace {

// The hexes of every road that leads off one of `edges`.
std::set<Hex> road_goals(const Scenario& sc, const rules::hexmap::Edges& edges) {
  std::set<Hex> out;
  for (const auto& r : sc.routes) {
    if (r.kind != "road") continue;
    bool leads = false;
    for (const auto& e : r.off) leads = leads || edges.count(e);
    if (leads) out.insert(r.hexes.begin(), r.hexes.end());
  }
  return out;
}

Json hexes_json(const std::vector<Hex>& hexes, hex::Numbering numbers) {
  Json out = Json::array();
  for (Hex h : hexes) out.push_back(numbers.format(h));
  return out;
}

std::optional<std::vector<Hex>> trace(const Board& board, Hex from, const std::string& side,
                                      const std::set<Hex>& goals, const std::set<Hex>& ezoc) {
  const Scenario& sc = board.scenario();
  // 14.51: a hex is open when it holds no enemy unit and either lies outside
  // enemy ZOC or holds a friendly unit.
  auto open = [&](Hex h) {
    if (board.enemy_at(h, side)) return false;
    return !ezoc.count(h) || !board.units_at(h, side).empty();
  };
  std::map<Hex, Hex> came_from;
  std::deque<Hex> queue{from};
  came_from[from] = from;
  while (!queue.empty()) {
    Hex at = queue.front();
    queue.pop_front();
    if (goals.count(at)) {
      std::vector<Hex> path{at};
      while (path.back() != from) path.push_back(came_from[path.back()]);
      return std::vector<Hex>(path.rbegin(), path.rend());
    }
    for (Hex n : hex::neighbours(at)) {
      if (came_from.count(n) || !impassable(sc, at, n).empty() || !open(n)) continue;
      came_from[n] = at;
      queue.push_back(n);
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::vector<Hex>> trace_line(const Board& board, Hex from, const std::string& side,
                                           const rules::hexmap::Edges& edges) {
  return trace(board, from, side, road_goals(board.scenario(), edges),
               *zoc_shared(board, board.enemy_of(side)));
}

void score_lines_of_communication(Emitter& em) {
  const Scenario& sc = em.scenario();
  for (const auto& line : sc.victory.lines) {
    Board board = em.board();
    const std::set<Hex> goals = road_goals(sc, line.edges);
    const auto ezoc_shared = zoc_shared(board, board.enemy_of(line.side));
    const std::set<Hex>& ezoc = *ezoc_shared;
    Json traced = Json::object(), cut = Json::array();
    int cut_sp = 0;
    for (const auto& id : board.units_of(line.side)) {
      Hex at = *board.hex_of(id);
      if (auto path = trace(board, at, line.side, goals, ezoc)) {
        traced[id] = hexes_json(*path, sc.numbers());
      } else {
        int sp = board.def(id)->strength;
        cut.push_back({{"unit", id}, {"hex", sc.numbers().format(at)}, {"strength", sp}});
        cut_sp += sp;
      }
    }
    em.emit({{"type", "line_of_communication"},
             {"side", line.side},
             {"edges", Json(std::vector<std::string>(line.edges.begin(), line.edges.end()))},
             {"traced", traced},
             {"cut", cut},
             {"cut_strength", cut_sp},
             {"rule", line.rule}});
    int vp = cut_sp * line.vp_per_sp;
    if (vp)
      award(em, sc.other_side(line.side), vp,
            std::to_string(cut_sp) + " " + line.side +
                " SP cannot trace a line of communication to a road off the " +
                join({line.edges.begin(), line.edges.end()}, " or ") +
                " edge: " + std::to_string(cut_sp) + " x " + std::to_string(line.vp_per_sp),
            "line_of_communication", line.rule.empty() ? "victory" : line.rule);
  }
}

}  // namespace adjutant::rules::bluegray
