#include "rules/bluegray/movement.h"

#include <set>

#include "rules/bluegray/arrivals.h"
#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/exits.h"
#include "rules/bluegray/morale.h"
#include "rules/bluegray/path_explain.h"
#include "rules/bluegray/pathfind.h"
#include "rules/bluegray/readings.h"
#include "rules/bluegray/restrictions.h"
#include "rules/bluegray/stacking.h"
#include "rules/bluegray/zoc.h"
#include "rules/name_hints.h"

namespace adjutant::rules::bluegray {

namespace {

// 11.1: at least four hexes (three intervening) from the nearest enemy unit.
constexpr int kStrategicDistance = 4;

struct Mover {
  const Board& board;
  const MoveOrder& order;
  std::string side;
  std::string enemy;
  std::shared_ptr<const std::set<Hex>> ezoc;  // never null once set
  bool night = false;
  bool ineffective = false;
  bool strategic = false;
  const ForcedMarch* forced = nullptr;  // 23.21, when the move is a forced march
};

OrderProblem fail(const Mover& m, const std::string& id, Hex at, const std::string& rule,
                  const std::string& message) {
  return problem(id, m.order.index, m.order.unit, m.board.numbers().format(at), rule, message);
}

// What forbids stepping from `from` into `to`: the map (TEC, 5.3), an enemy
// unit, night (9.0), ineffectiveness (10.2) or strategic movement (11.1).
std::optional<OrderProblem> entry_problem(const Mover& m, Hex from, Hex to) {
  const Scenario& sc = m.board.scenario();
  const hex::Numbering num = sc.numbers();
  if (!sc.on_map(to)) return fail(m, "move.off_map", to, "7.0", num.format(to) + " is off the map");
  if (auto why = impassable(sc, from, to); !why.empty())
    return fail(m, "move.impassable", to, "TEC", why);
  if (m.board.enemy_at(to, m.side))
    return fail(m, "move.occupied_enemy", to, "7.0", num.format(to) + " holds enemy units");
  if (m.night && m.ezoc->count(to))
    return fail(m, "move.night_zoc", to, "9.0",
                "may not enter an enemy zone of control at " + num.format(to) + " at night");
  if (m.ineffective && m.ezoc->count(to))
    return fail(m, "move.ineffective_zoc", to, "10.2",
                m.order.unit + " is ineffective and may not enter an enemy zone of control at " +
                    num.format(to));
  if (m.forced && !m.forced->region.count(to))
    return fail(m, "move.forced_march", to, m.forced->rule,
                "a forced march moves only in hexes north of the river, not in ferry or pontoon "
                "hexes: " +
                    num.format(to) + " is not one");
  if (m.forced && m.ezoc->count(to))
    return fail(
        m, "move.forced_march", to, m.forced->rule,
        "a unit on a forced march may not enter an enemy zone of control (" + num.format(to) + ")");
  if (m.strategic && m.board.distance_to_side(to, m.enemy) < kStrategicDistance)
    return fail(m, "move.strategic", to, "11.1",
                "moving strategically, may not come within " +
                    std::to_string(kStrategicDistance - 1) + " hexes of an enemy unit at " +
                    num.format(to));
  if (auto r = step_restriction(m.board, m.order.unit, to))
    return fail(m, r->id, to, r->rule, r->message);
  return std::nullopt;
}

// !entry_problem(m, from, to) for a step that is passable(), without building
// a message: the search of find() asks it for every passable step it tries
// (cheapest_path has already asked passable(), entry_problem's first tests).
bool entry_allowed(const Mover& m, const StepRestrictions& restricted, Hex to) {
  if (m.board.enemy_at(to, m.side)) return false;
  if ((m.night || m.ineffective) && m.ezoc->count(to)) return false;
  if (m.strategic && m.board.distance_to_side(to, m.enemy) < kStrategicDistance) return false;
  return !restricted.refuse(to);
}

// A hex where no unit may stop (a ferry hex) cannot end a move.
std::optional<OrderProblem> stop_problem(const Mover& m, Hex end) {
  const auto& t = m.board.scenario().terrain_at(end);
  if (!t.no_stop || m.order.exit) return std::nullopt;
  return fail(m, "move.no_stop", end, "TEC",
              "a move may pass through " + m.board.numbers().format(end) + " (" + t.name +
                  ") but not end there");
}

std::string mp_text(int mp) {
  return std::to_string(mp) + " MP";
}

// An explicit path, checked hex by hex (5.0, 7.2, 7.4).
std::optional<OrderProblem> walk(const Mover& m, PlannedMove& pm, Hex start) {
  const Scenario& sc = m.board.scenario();
  const hex::Numbering num = sc.numbers();
  std::vector<Hex> path;
  for (const auto& text : m.order.path) {
    std::string id = "move.bad_hex", why = "\"" + text + "\" is not a hex number";
    auto h = num.parse_noting(text, id, why);
    if (!h) return problem(id, m.order.index, m.order.unit, text, "", why);
    // A hex beyond the map's edge is named as such, not as a gap in the path.
    if (!sc.on_map(*h))
      return fail(m, "move.off_map", *h, "7.0", num.format(*h) + " is off the map");
    path.push_back(*h);
  }
  if (path.front() != start)
    return fail(m, pm.enter ? "move.entry_hex" : "move.not_at_start", path.front(), "7.0",
                "the path must start at " + num.format(start) +
                    (pm.enter ? ", the unit's entry hex" : ", where the unit is"));
  if (path.size() == 1 && !pm.enter && !m.order.exit)
    return fail(m, "move.bad_path", start, "7.0", "the path names only the unit's own hex");
  int mp = pm.mp;
  for (std::size_t i = 1; i < path.size(); ++i) {
    Hex from = path[i - 1], to = path[i];
    if (!hex::adjacent(from, to))
      return fail(m, "move.not_adjacent", to, "7.0",
                  num.format(from) + " and " + num.format(to) + " are not adjacent");
    if ((i > 1 || pm.enter) && m.ezoc->count(from))
      return fail(
          m, "move.enemy_zoc_stop", from, "5.0",
          "entered an enemy zone of control at " + num.format(from) + " and must stop there");
    if (auto p = entry_problem(m, from, to)) return p;
    StepCost cost = step_cost(sc, from, to);
    if (mp + cost.mp > pm.of) {
      // 7.4: one hex is always allowed to a unit that starts outside an enemy ZOC.
      bool minimum = !pm.enter && path.size() == 2;
      if (!minimum)
        return fail(m, "move.no_mp", to, "7.2",
                    "entering " + num.format(to) + " costs " + mp_text(cost.mp) + " (" + cost.why +
                        ") but only " + mp_text(pm.of - mp) + " of " + mp_text(pm.of) +
                        " are left");
      pm.minimum = true;
    }
    mp += cost.mp;
  }
  pm.path = path;
  pm.mp = mp;
  return stop_problem(m, path.back());
}

// A destination: the cheapest legal path, else 7.4's single hex.
std::optional<OrderProblem> find(const Mover& m, PlannedMove& pm, Hex start) {
  const Scenario& sc = m.board.scenario();
  const hex::Numbering num = sc.numbers();
  const std::string& text = *m.order.to;
  std::string id = "move.bad_hex", why = "\"" + text + "\" is not a hex number";
  auto goal = num.parse_noting(text, id, why);
  if (!goal) return problem(id, m.order.index, m.order.unit, text, "", why);
  if (!sc.on_map(*goal))
    return fail(m, "move.off_map", *goal, "7.0", num.format(*goal) + " is off the map");
  pm.found = true;
  if (*goal == start) {
    if (!pm.enter && !m.order.exit)
      return fail(m, "move.bad_path", start, "7.0", "the unit is already there");
    pm.path = {start};
    return std::nullopt;
  }
  if (m.board.enemy_at(*goal, m.side))
    return fail(m, "move.occupied_enemy", *goal, "7.0", num.format(*goal) + " holds enemy units");
  if (auto p = stop_problem(m, *goal)) return p;
  PathRules rules;
  rules.start = start;
  rules.spent = pm.mp;
  rules.allowance = pm.of;
  const StepRestrictions restricted(m.board, m.order.unit);
  rules.may_enter = [&](Hex, Hex to) { return entry_allowed(m, restricted, to); };
  rules.stops = [&](Hex h) { return m.ezoc->count(h) > 0; };
  if (auto path = cheapest_path(sc, rules, *goal)) {
    pm.path = path->hexes;
    pm.mp = path->mp;
    return std::nullopt;
  }
  if (!pm.enter && hex::adjacent(start, *goal)) {
    if (auto p = entry_problem(m, start, *goal)) return p;
    pm.path = {start, *goal};
    pm.mp = step_cost(sc, start, *goal).mp;
    pm.minimum = true;
    return std::nullopt;
  }
  // Why, in words: the cost of the cheapest legal path, or what bars every
  // way there, and the hexes nearest the goal it can reach.
  NoPathWords words = explain_no_path(sc, rules, *goal, [&](Hex from, Hex to) {
    auto p = entry_problem(m, from, to);
    return p ? p->message + " (rule " + p->rule + ")" : std::string();
  });
  OrderProblem p = fail(m, "move.no_path", *goal, "7.0", words.message);
  p.hint = words.hint;
  return p;
}

// 14.4: leaving the map from the path's last hex, for the exit's MP; a unit
// that entered an enemy ZOC has stopped (5.0).
std::optional<OrderProblem> leave(const Mover& m, PlannedMove& pm, const UnitDef& def) {
  Hex last = pm.path.back();
  const rules::hexmap::ExitZone* x = exit_zone(m.board.scenario(), def, last);
  const hex::Numbering num = m.board.numbers();
  if (!x)
    return fail(m, "move.no_exit", last, "14.4",
                m.order.unit + " may not leave the map at " + num.format(last));
  std::string rule = x->rule.empty() ? "14.4" : x->rule;
  if (auto why = exit_refusal(m.board, *x, m.order.unit); !why.id.empty())
    return fail(m, why.id, last, rule, why.message);
  if (m.ezoc->count(last))
    return fail(m, x->not_enemy_controlled ? "move.exit_blocked" : "move.enemy_zoc_stop", last,
                x->not_enemy_controlled ? rule : "5.0",
                num.format(last) + " is in an enemy zone of control: " + m.order.unit +
                    " must stop there and may not leave the map");
  if (pm.mp + x->mp > pm.of)
    return fail(m, "move.no_mp", last, "7.2",
                "leaving the map at " + num.format(last) + " costs " + mp_text(x->mp) +
                    " but only " + mp_text(pm.of - pm.mp) + " of " + mp_text(pm.of) +
                    " are left (rule " + rule + ")");
  pm.exit = true;
  pm.exit_mp = x->mp;
  return std::nullopt;
}

}  // namespace

std::optional<PlannedMove> check_move(const Board& board, const MoveOrder& order, bool night,
                                      const EntryColumns& entered, Problems& problems) {
  const Scenario& sc = board.scenario();
  const hex::Numbering num = sc.numbers();
  const std::string side = board.state().phase;
  auto refuse = [&](const std::string& id, const std::string& at, const std::string& rule,
                    const std::string& message) -> std::optional<PlannedMove> {
    problems.push_back(problem(id, order.index, order.unit, at, rule, message));
    return std::nullopt;
  };
  const UnitDef* def = board.def(order.unit);
  if (!def) {
    refuse("move.unknown_unit", "", "", "no unit \"" + order.unit + "\" in this scenario");
    problems.back().hint = text::unknown_unit_hint(sc, order.unit, side);
    return std::nullopt;
  }
  if (def->side != side)
    return refuse("move.not_own_unit", "", "4.0",
                  order.unit + " is a " + def->side + " unit; only " + side +
                      " units move in this player-turn");
  auto it = board.state().units.find(order.unit);
  auto status = it == board.state().units.end() ? model::UnitStatus::kWaiting : it->second.status;
  if (status == model::UnitStatus::kEliminated || status == model::UnitStatus::kExited)
    return refuse("move.unit_gone", "", "7.0", order.unit + " is no longer in play");

  PlannedMove pm;
  pm.index = order.index;
  pm.unit = order.unit;
  Hex start;
  if (status == model::UnitStatus::kWaiting) {
    auto arrival = arrival_of(board, order.unit);
    if (!arrival) return refuse("move.not_arrived", "", "4.0", order.unit + " never enters");
    std::vector<std::string> hexes;
    for (Hex h : arrival->hexes) hexes.push_back(num.format(h));
    std::string at = hexes.size() == 1 ? hexes[0] : "one of " + join(hexes);
    if (board.state().turn < arrival->turn)
      return refuse("move.not_arrived", num.format(arrival->hex), "4.0",
                    order.unit + " enters on turn " + std::to_string(arrival->turn));
    // The entry hex: `enter`, else the path's first hex, else the only one.
    std::optional<std::string> named = order.enter;
    if (!named && !order.path.empty() && hexes.size() > 1) named = order.path.front();
    if (named) {
      if (!std::count(hexes.begin(), hexes.end(), *named))
        return refuse("move.entry_hex", *named, "4.0", order.unit + " enters at " + at);
      start = *num.parse(*named);
    } else if (hexes.size() > 1) {
      return refuse("move.entry_hex", "", "4.0",
                    order.unit + " may enter at " + at + ": name one with \"enter\"");
    } else {
      start = arrival->hex;
    }
    pm.enter = true;
    pm.entry_place = column_place(board, *arrival, order.unit, entered, start);
    pm.entry_mp = entry_cost(sc, *arrival, start, pm.entry_place);
    pm.entry_rule = arrival->rule;
    pm.mp = pm.entry_mp;
  } else {
    if (order.enter)
      return refuse("move.already_on_map", *order.enter, "4.0",
                    order.unit + " is already on the map");
    start = *board.hex_of(order.unit);
  }

  Mover m{
      board,          order, side, board.enemy_of(side), {}, night, board.ineffective(order.unit),
      order.strategic};
  m.ezoc = zoc_shared(board, m.enemy);
  if (order.strategic) {
    if (!sc.turns.strategic_movement)
      return refuse("move.strategic", "", "11.1",
                    "strategic movement is not allowed in this scenario");
    if (board.distance_to_side(start, m.enemy) < kStrategicDistance)
      return refuse("move.strategic", num.format(start), "11.1",
                    "begins within " + std::to_string(kStrategicDistance - 1) +
                        " hexes of an enemy unit and may not move strategically");
  }
  pm.of = def->movement + (order.strategic ? (is_cavalry(*def) ? 4 : 3) : 0);
  pm.strategic = order.strategic;
  if (order.forced) {
    const auto& fm = exclusive_of(sc).forced_march;
    if (!fm)
      return refuse("move.forced_march", "", "23.2", "forced march is not a rule of this scenario");
    if (order.strategic)
      return refuse("move.forced_march", "", fm->rule,
                    "forced march may not be combined with strategic movement");
    if (side != fm->side)
      return refuse("move.forced_march", "", fm->rule, "only the " + fm->side + " may force march");
    if (board.state().turn > fm->last_turn)
      return refuse("move.forced_march", "", fm->rule,
                    "forced march is allowed only in the first " + std::to_string(fm->last_turn) +
                        " game-turns");
    if (!fm->region.count(start))
      return refuse("move.forced_march", num.format(start), fm->rule,
                    "a forced march moves only in hexes north of the river, not in ferry or "
                    "pontoon hexes: " +
                        num.format(start) + " is not one");
    m.forced = &*fm;
    pm.of = fm->mp;
    pm.forced = true;
  }

  if (pm.enter) {
    if (board.enemy_at(start, side))
      return refuse("move.occupied_enemy", num.format(start), "14.31",
                    "the entry hex " + num.format(start) + " holds enemy units");
    if (night && m.ezoc->count(start))
      return refuse(
          "move.night_zoc", num.format(start), "9.0",
          "the entry hex is in an enemy zone of control, which may not be entered at night");
  } else {
    if (m.ezoc->count(start))
      return refuse("move.enemy_zoc_leave", num.format(start), "5.1",
                    "starts in an enemy zone of control, which it may leave only by combat");
    if (night)
      for (Hex n : hex::neighbours(start))
        if (sc.on_map(n) && board.enemy_at(n, side))
          return refuse(
              "move.night_adjacent", num.format(start), "9.0",
              "is adjacent to an enemy unit at " + num.format(n) + " and may not move at night");
  }

  // 7.2, H&L 16.25: a unit whose place in the column costs more than its
  // allowance does not enter; it waits (readings.h).
  if (pm.enter && pm.entry_mp > pm.of && readings::entry_within_allowance(sc))
    return refuse(
        "move.no_mp", num.format(start), "7.2",
        "entering at " + num.format(start) +
            (pm.entry_place > 1 ? " as number " + std::to_string(pm.entry_place) + " of its column"
                                : std::string()) +
            " costs " + mp_text(pm.entry_mp) + " but " + order.unit + " has " + mp_text(pm.of) +
            ": it may not enter this turn and waits for the next");
  if (auto p = order.to ? find(m, pm, start) : walk(m, pm, start)) {
    problems.push_back(*p);
    return std::nullopt;
  }
  if (order.exit) {
    if (auto p = leave(m, pm, *def)) {
      problems.push_back(*p);
      return std::nullopt;
    }
    return pm;
  }
  // 6.0 at the end of each unit's move, unless the side's own rule checks
  // stacking only at the end of the phase (H&L 19.0, 15.11).
  if (!phase_end_stacking_rule(sc, side).empty()) return pm;
  Hex end = pm.path.back();
  std::vector<std::string> here;
  int others = 0;
  for (const auto& id : board.units_at(end, side))
    if (id != order.unit) {
      here.push_back(id);
      if (is_combat(*board.def(id))) ++others;
    }
  here.push_back(order.unit);
  if (!stack_allowed(board, side, here))
    return refuse("move.stacking", num.format(end), "6.0",
                  "would end its move in " + num.format(end) + " with " + std::to_string(others) +
                      " other units (limit " + std::to_string(sc.stacking) + " a hex)");
  return pm;
}

namespace {

void emit_move(Emitter& em, const PlannedMove& pm) {
  // Each member put in place: an initializer list copies every value again.
  Json ev = Json::object();
  ev["type"] = "move";
  ev["unit"] = pm.unit;
  Json& path = ev["path"] = Json::array();
  for (Hex h : pm.path) path.push_back(em.scenario().numbers().format(h));
  ev["mp"] = pm.mp;
  ev["of"] = pm.of;
  ev["strategic"] = pm.strategic;
  ev["order"] = pm.index;
  ev["rule"] = pm.minimum ? "7.4" : pm.strategic ? "11.1" : "7.0";
  if (pm.found) ev["found"] = true;
  if (pm.forced) {
    ev["forced"] = true;
    if (!pm.minimum) ev["rule"] = exclusive_of(em.board().scenario()).forced_march->rule;
  }
  em.emit(std::move(ev));
}

}  // namespace

void execute_move(Emitter& em, const PlannedMove& pm) {
  if (pm.enter) {
    Json ev = Json::object();
    ev["type"] = "enter";
    ev["unit"] = pm.unit;
    ev["hex"] = em.scenario().numbers().format(pm.path.front());
    ev["mp"] = pm.entry_mp;
    ev["order"] = pm.index;
    ev["rule"] = pm.entry_rule;
    em.emit(std::move(ev));
  }
  if (pm.path.size() >= 2) emit_move(em, pm);
  if (pm.exit) return exit_map(em, pm.unit, pm.path.back(), pm.exit_mp, pm.index);
  note_crossing(em, pm.unit);  // H&L 18.13: I Corps across the river
}

Json PlannedMove::to_json(hex::Numbering numbers) const {
  // Each member put in place (an initializer list would copy the path again).
  Json j = Json::object();
  j["order"] = index;
  j["unit"] = unit;
  j["enter"] = enter;
  Json& path_json = j["path"] = Json::array();
  for (Hex h : path) path_json.push_back(numbers.format(h));
  j["mp"] = mp;
  j["of"] = of;
  j["strategic"] = strategic;
  j["minimum"] = minimum;
  j["found"] = found;
  j["entry_mp"] = entry_mp;
  if (exit) j["exit_mp"] = exit_mp;
  if (entry_rule != "14.32") j["entry_rule"] = entry_rule;
  if (forced) j["forced"] = true;
  return j;
}

PlannedMove PlannedMove::from_json(const Json& j, hex::Numbering numbers) {
  PlannedMove pm;
  pm.index = j.at("order").get<int>();
  pm.unit = j.at("unit").get<std::string>();
  pm.enter = j.at("enter").get<bool>();
  for (const auto& h : j.at("path"))
    pm.path.push_back(numbers.parse_or_throw(h.get<std::string>(), "plan"));
  pm.mp = j.at("mp").get<int>();
  pm.of = j.at("of").get<int>();
  pm.strategic = j.at("strategic").get<bool>();
  pm.minimum = j.at("minimum").get<bool>();
  pm.found = j.at("found").get<bool>();
  pm.entry_mp = j.at("entry_mp").get<int>();
  pm.exit = j.contains("exit_mp");
  if (pm.exit) pm.exit_mp = j["exit_mp"].get<int>();
  pm.entry_rule = j.value("entry_rule", std::string("14.32"));
  pm.forced = j.value("forced", false);
  return pm;
}

std::string PlannedMove::echo(hex::Numbering numbers) const {
  std::string hexes;
  for (std::size_t i = 0; i < path.size(); ++i) hexes += (i ? "-" : "") + numbers.format(path[i]);
  std::string out = unit + (enter ? " enters at " + numbers.format(path.front()) : "");
  if (path.size() > 1) out += std::string(enter ? " and" : "") + " moves " + hexes;
  // 14.4: "1/2 leaves the map at 2107" or "... moves 2105-2106 and leaves the map".
  if (exit)
    out += path.size() > 1 || enter ? " and leaves the map"
                                    : " leaves the map at " + numbers.format(path.back());
  out += ", " + std::to_string(mp + (exit ? exit_mp : 0)) + " of " + mp_text(of);
  if (strategic) out += " (strategic movement)";
  if (forced) out += " (forced march)";
  if (minimum) out += " (minimum move, rule 7.4)";
  return out;
}

}  // namespace adjutant::rules::bluegray
