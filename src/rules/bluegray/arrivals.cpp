#include "rules/bluegray/arrivals.h"

#include <algorithm>
#include <tuple>

#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/orders.h"
#include "rules/bluegray/readings.h"
#include "rules/bluegray/stacking.h"
#include "rules/bluegray/zoc.h"
#include "rules/hexmap/arrivals.h"

namespace adjutant::rules::bluegray {

namespace {

// Waiting units of `side` whose arrival turn has come, in id order.
std::vector<std::string> due_units(const Board& board, const std::string& side) {
  std::vector<std::string> out;
  for (const auto& [id, u] : board.state().units) {
    if (u.status != model::UnitStatus::kWaiting || board.side_of(id) != side) continue;
    auto a = arrival_of(board, id);
    if (a && a->turn <= board.state().turn) out.push_back(id);
  }
  return out;
}

// 14.33: "to the south or east" of `from` means a higher row or column,
// "north or west" a lower one.
bool toward(Hex from, Hex to, const rules::hexmap::Edges& directions) {
  return (directions.count("south") && to.row > from.row) ||
         (directions.count("north") && to.row < from.row) ||
         (directions.count("east") && to.col > from.col) ||
         (directions.count("west") && to.col < from.col);
}

std::string hexes_text(const std::vector<Hex>& hexes, hex::Numbering numbers) {
  std::vector<std::string> out;
  for (Hex h : hexes) out.push_back(numbers.format(h));
  return join(out);
}

// H&L 16.23, 16.25: a unit due back must re-enter if it physically can: at
// a hex holding no enemy unit (not in an enemy ZOC at night, 9.0), as the
// next of that hex's column within its MA, with room to stop there.
void check_return(const Board& board, const std::string& id, const rules::hexmap::Arrival& a,
                  const EntryColumns& columns, bool night, Problems& problems) {
  const Scenario& sc = board.scenario();
  const std::string side = board.side_of(id);
  for (Hex h : a.hexes) {
    if (board.enemy_at(h, side)) continue;
    if (night && in_zoc_of(board, h, board.enemy_of(side))) continue;
    int cost = entry_cost(sc, a, h, column_place(board, a, id, columns, h));
    if (cost > board.def(id)->movement || !has_room(board, h, side, id)) continue;
    problems.push_back(problem("move.entry_required", -1, id, board.numbers().format(h), a.rule,
                               id + " is due back on turn " + std::to_string(a.turn) +
                                   " and can still enter at " + board.numbers().format(h) +
                                   " for " + std::to_string(cost) + " MP: it must re-enter"));
    return;
  }
}

}  // namespace

std::optional<rules::hexmap::Arrival> arrival_of(const Board& board, const std::string& unit) {
  auto it = board.state().units.find(unit);
  return rules::hexmap::current_arrival(board.scenario(), unit,
                                        it == board.state().units.end() ? nullptr : &it->second);
}

int column_place(const Board& board, const rules::hexmap::Arrival& arrival, const std::string& unit,
                 const EntryColumns& columns, Hex h) {
  const Scenario& sc = board.scenario();
  const rules::hexmap::EntryRules& e = arrival.entry ? *arrival.entry : sc.entry;
  auto it = columns.find(h);
  const std::vector<std::string> none;
  const std::vector<std::string>& earlier = it == columns.end() ? none : it->second;
  int count = int(earlier.size());
  if (e.column == "unit") return count + 1;
  if (e.column != "stack") return 1;
  if (!readings::column_stacks_are_legal(sc)) return count / std::max(1, sc.stacking) + 1;
  const std::string side = board.side_of(unit);
  int stacks = 0;
  std::vector<std::string> stack;
  auto join = [&](const std::string& id) {
    stack.push_back(id);
    if (stack.size() > 1 && stack_allowed(board, side, stack)) return;
    stack = {id};
    ++stacks;
  };
  for (const auto& id : earlier) join(id);
  join(unit);
  return stacks;
}

int entry_cost(const Scenario& sc, const rules::hexmap::Arrival& arrival, Hex h, int place) {
  const rules::hexmap::EntryRules& e = arrival.entry ? *arrival.entry : sc.entry;
  int base = e.terrain_cost ? sc.terrain_at(h).mp : e.mp;
  return base * place;
}

std::string entry_blocked(const Board& board, Hex h, const std::string& side) {
  if (board.enemy_at(h, side)) return "an enemy unit stands at " + board.numbers().format(h);
  if (in_zoc_of(board, h, board.enemy_of(side)))
    return board.numbers().format(h) + " is in an enemy zone of control";
  return "";
}

void check_compulsory_entry(const Board& board, const std::vector<std::string>& entered,
                            const EntryColumns& columns, bool night, Problems& problems) {
  const Scenario& sc = board.scenario();
  const std::string side = board.state().phase;
  bool scheduled = board.state().turn <= sc.entry.compulsory_through;
  for (const auto& id : due_units(board, side)) {
    if (std::count(entered.begin(), entered.end(), id)) continue;
    auto a = arrival_of(board, id);
    if (a->compulsory) {
      check_return(board, id, *a, columns, night, problems);
      continue;
    }
    if (!scheduled) continue;
    for (Hex h : a->hexes) {
      // 14.31: not into an enemy unit; an enemy ZOC may be entered, but only
      // while there is room to stop in it (6.0).
      if (board.enemy_at(h, side)) continue;
      if (in_zoc_of(board, h, board.enemy_of(side)) && is_combat(*board.def(id)) &&
          board.combat_units_at(h, side) >= sc.stacking)
        continue;
      problems.push_back(
          problem("move.entry_required", -1, id, board.numbers().format(h), "14.33",
                  id + " is due on turn " + std::to_string(a->turn) + " at " +
                      hexes_text(a->hexes, board.numbers()) + " and must enter on turn " +
                      std::to_string(board.state().turn) + " (entry is optional only after turn " +
                      std::to_string(sc.entry.compulsory_through) + ")"));
      break;
    }
  }
}

std::vector<std::string> reschedule_blocked(Emitter& em, const std::string& side) {
  std::vector<std::string> echo;
  const Exclusive& ex = exclusive_of(em.scenario());
  if (!ex.reschedule) return echo;
  const Reschedule& rs = *ex.reschedule;
  auto dirs = rs.toward.find(side);
  for (const auto& id : due_units(em.board(), side)) {
    Board board = em.board();
    auto a = arrival_of(board, id);
    std::vector<std::string> why;
    for (Hex h : a->hexes) {
      std::string b = entry_blocked(board, h, side);
      if (b.empty()) break;
      why.push_back(b);
    }
    if (why.size() != a->hexes.size()) continue;
    // The nearest unblocked map-edge road hex in the side's directions, then
    // the lowest hex number; none: the same hexes, later.
    std::optional<std::tuple<int, Hex>> best;
    if (dirs != rs.toward.end())
      for (Hex h : board.scenario().road_exits()) {
        if (!toward(a->hex, h, dirs->second) || !entry_blocked(board, h, side).empty()) continue;
        std::tuple<int, Hex> key{hex::distance(a->hex, h), h};
        if (!best || key < *best) best = key;
      }
    std::vector<Hex> to = best ? std::vector<Hex>{std::get<1>(*best)} : a->hexes;
    int turn = board.state().turn + rs.delay;
    Json hexes = Json::array();
    for (Hex h : to) hexes.push_back(board.numbers().format(h));
    Json from = Json::array();
    for (Hex h : a->hexes) from.push_back(board.numbers().format(h));
    em.emit({{"type", "reschedule"},
             {"unit", id},
             {"from", from},
             {"blocked", join(why, "; ")},
             {"turn", turn},
             {"hexes", hexes},
             {"rule", rs.rule}});
    echo.push_back(id + " does not enter: " + join(why, "; ") + "; rescheduled to turn " +
                   std::to_string(turn) + " at " + hexes_text(to, board.numbers()) + " (rule " +
                   rs.rule + ")");
  }
  return echo;
}

}  // namespace adjutant::rules::bluegray
