#include "rules/ah1961/movement.h"

#include <algorithm>

#include "rules/ah1961/brigades.h"
#include "rules/ah1961/detachments.h"
#include "rules/ah1961/river.h"
#include "rules/ah1961/stacking.h"

namespace adjutant::rules::ah1961 {

namespace {

struct Stop {
  std::string rule;
  std::string why;
};

// One step of one unit from x to y (x is where it stands now). Returns a
// problem message (and sets `rule`, `id`), or "" with `stop` set when the
// unit must stop on y.
std::string step_problem(const Board& b, const std::string& unit, Hex x, Hex y, const Spent& s,
                         const Crossing& crossing, std::optional<Stop>& stop, std::string& id,
                         std::string& rule) {
  const UnitDef& d = *b.def(unit);
  if (s.stopped) {
    id = "move.stopped";
    rule = s.stop_rule;
    return unit + " stopped this turn (" + s.stop_why + ")";
  }
  if (s.squares + 1 > d.movement) {
    id = "move.no_mp";
    rule = "move";
    return unit + " has a movement factor of " + std::to_string(d.movement) + " squares";
  }
  if (crossing.stop) stop = Stop{crossing.rule, crossing.why};
  if (!b.water(y)) {
    // Movement Through Woods-Hills-Marsh: stop on the first green (brown)
    // square; two squares a turn inside.
    if (b.slow(y)) {
      if (!b.slow(x)) {
        stop = Stop{"woods", "entered " + b.terrain(y) + " at " + b.sq(y)};
      } else if (s.slow + 1 > 2) {
        id = "move.slow";
        rule = "woods";
        return unit + " moves only 2 squares a turn through woods, hills and marsh";
      }
    }
    // Stream Crossing: no delay where a road, railroad or unfinished
    // railroad meets the stream; else stop on the stream square.
    if (b.terrain(y) == "stream" && !b.route_joins(x, y))
      stop = Stop{"stream", "crossed the stream at " + b.sq(y) + " off a road or railroad"};
  }
  // Attack: a unit must stop on the first square an enemy controls.
  if (auto by = b.controller(y, b.enemy_of(b.side_of(unit))))
    stop = Stop{"attack", b.sq(y) + " is in the zone of control of " + *by};
  // Pontoon Bridges: the capturing unit, plus the bridge, may proceed on
  // the following turn: a unit that places an enemy bridge in its zone stops.
  if (has_zone(d))
    for (const auto& e : b.units_of(b.enemy_of(b.side_of(unit)))) {
      if (!is_bridge(*b.def(e))) continue;
      int dist = hex::distance(y, *b.square_of(e));
      if (dist == 1 || (dist == 2 && is_artillery_type(d)))
        stop = Stop{"river.bridge", "captured " + e + " from " + b.sq(y)};
    }
  return "";
}

// A move onto a square holding enemy counters. Combat units there are
// attacked from next to it; detachments alone never are (attack.detachment):
// River Crossing, "Boats are automatically destroyed when an enemy Unit places
// it in its zone of control", and "The enemy can capture a bridge by placing
// it into its zone of control".
OrderProblem occupied(const Board& b, const MoveOrder& m, Hex y, const std::string& side) {
  std::vector<std::string> boats, bridges;
  for (const auto& u : b.units_at(y, b.enemy_of(side))) {
    const UnitDef* d = b.def(u);
    if (!d || !is_detachment(*d))
      return problem("move.occupied_enemy", m.index, m.units.front(), b.sq(y), "attack",
                     b.sq(y) + " holds enemy counters; attack them from next to it");
    (is_boat(*d) ? boats : bridges).push_back(u);
  }
  std::string text = b.sq(y) + " holds ";
  if (!boats.empty())
    text += "the enemy assault boat " + join(boats, ", ") +
            ", which is neither entered nor attacked: a boat is destroyed when an enemy unit "
            "places it in its zone of control";
  if (!boats.empty() && !bridges.empty()) text += "; and ";
  if (!bridges.empty())
    text += "the enemy pontoon bridge " + join(bridges, ", ") +
            ", which is neither entered nor attacked: a bridge is captured when an enemy unit "
            "places it in its zone of control";
  return problem("move.occupied_enemy", m.index, m.units.front(), b.sq(y),
                 boats.empty() ? "river.bridge" : "river.boat", text);
}

void move_units(Emitter& em, const MoveOrder& m, MovePhase& ph, Problems& problems,
                std::vector<std::string>& echo) {
  Board b = em.board();
  const std::string side = b.state().phase;
  std::vector<Hex> path;
  for (const auto& t : m.path) {
    auto h = b.numbers().parse(t);
    if (!h) {
      problems.push_back(problem("move.bad_hex", m.index, m.units.front(), t, "move",
                                 "\"" + t + "\" is not a square number"));
      return;
    }
    if (!b.scenario().on_map(*h)) {
      problems.push_back(
          problem("move.off_map", m.index, m.units.front(), t, "move", t + " is off the map"));
      return;
    }
    path.push_back(*h);
  }
  std::vector<std::string> seen;
  for (const auto& u : m.units) {
    const UnitDef* d = b.def(u);
    std::string at = b.sq(path.front());
    if (!d) {
      problems.push_back(problem("move.unknown_unit", m.index, u, at, "move", "no such unit"));
      return;
    }
    if (b.side_of(u) != side) {
      problems.push_back(
          problem("move.not_own_unit", m.index, u, at, "turns", u + " is not a " + side + " unit"));
      return;
    }
    auto h = b.square_of(u);
    if (!h) {
      problems.push_back(
          problem("move.unit_gone", m.index, u, at, "move", u + " is not on the board"));
      return;
    }
    if (*h != path.front()) {
      problems.push_back(problem("move.not_at_start", m.index, u, at, "move",
                                 u + " is at " + b.sq(*h) + ", not " + at));
      return;
    }
    if (std::find(seen.begin(), seen.end(), u) != seen.end()) {
      problems.push_back(problem("move.twice", m.index, u, at, "move", u + " is named twice"));
      return;
    }
    seen.push_back(u);
    if (is_detachment(*d) && locked(b, u)) {
      problems.push_back(
          problem("move.locked", m.index, u, at, "river.bridge",
                  u + " was captured or built this turn; it may proceed on the following turn"));
      return;
    }
  }
  // Boats drift downstream with their passenger (River Crossing, Assault Boats).
  std::vector<std::string> units = m.units;
  if (auto rider = drift_passenger(b, m.units, path, ph); rider && !rider->empty())
    units.push_back(*rider);
  std::map<std::string, Spent> trial;
  for (const auto& u : units) trial[u] = ph.spent[u];
  for (std::size_t i = 1; i < path.size(); ++i) {
    Hex x = path[i - 1], y = path[i];
    if (!hex::adjacent(x, y)) {
      problems.push_back(problem("move.not_adjacent", m.index, m.units.front(), b.sq(y), "move",
                                 b.sq(x) + " and " + b.sq(y) + " are not adjacent"));
      return;
    }
    if (b.enemy_at(y, side)) {
      problems.push_back(occupied(b, m, y, side));
      return;
    }
    for (const auto& u : units) {
      Spent& s = trial[u];
      std::string id, rule;
      Crossing c = crossing(b, u, path, i, units, ph, id, rule);
      if (!id.empty()) {
        problems.push_back(problem(id, m.index, u, b.sq(y), rule, c.why));
        return;
      }
      std::optional<Stop> stop;
      std::string why = step_problem(b, u, x, y, s, c, stop, id, rule);
      if (!why.empty()) {
        problems.push_back(problem(id, m.index, u, b.sq(y), rule, why));
        return;
      }
      ++s.squares;
      if (b.slow(x) && b.slow(y)) ++s.slow;
      s.entered.push_back(y);
      if (stop) {
        s.stopped = true;
        s.stop_rule = stop->rule;
        s.stop_why = stop->why;
        if (i + 1 < path.size()) {
          problems.push_back(problem("move.must_stop", m.index, u, b.sq(y), stop->rule,
                                     u + " must stop at " + b.sq(y) + ": " + stop->why));
          return;
        }
      }
    }
  }
  for (const auto& u : units) {
    const UnitDef& d = *b.def(u);
    Spent& s = trial[u];
    int before = ph.spent[u].squares;
    em.emit({{"type", "move"},
             {"unit", u},
             {"path", m.path},
             {"mp", s.squares - before},
             {"of", d.movement},
             {"strategic", false},
             {"order", m.index},
             {"rule", "move"}});
    ph.spent[u] = s;
    ph.moved.insert(u);
    echo.push_back(u + " moves " + join(m.path, "-") + ", " + std::to_string(s.squares) + " of " +
                   std::to_string(d.movement) + " squares" +
                   (s.stopped ? " (stops: " + s.stop_why + ")" : ""));
  }
  note_boarding(em.board(), units, path.front(), path.back(), ph);
  Board after = em.board();
  std::string rule;
  std::string why = stacking_problem(after, path.back(), side, rule);
  if (!why.empty())
    problems.push_back(
        problem("move.stacking", m.index, m.units.front(), b.sq(path.back()), rule, why));
  sweep_detachments(em, units);
}

void substitute(Emitter& em, const MoveOrder& m, MovePhase& ph, Problems& problems,
                std::vector<std::string>& echo) {
  Board b = em.board();
  if (b.side_of(m.division) != b.state().phase) {
    problems.push_back(problem("move.not_own_unit", m.index, m.division, "", "brigades",
                               m.division + " is not a " + b.state().phase + " unit"));
    return;
  }
  if (m.kind == "substitute") {
    std::string why = substitution_problem(b, m.division, m.brigades, false);
    if (!why.empty()) {
      auto at = b.square_of(m.division);
      problems.push_back(
          problem("move.substitute", m.index, m.division, at ? b.sq(*at) : "", "brigades", why));
      return;
    }
    Hex at = *b.square_of(m.division);
    em.emit({{"type", "substitute"},
             {"division", m.division},
             {"brigades", m.brigades},
             {"hex", b.sq(at)},
             {"order", m.index},
             {"rule", "brigades"}});
    for (const auto& br : m.brigades) ph.spent[br] = ph.spent[m.division];
    echo.push_back(m.division + " breaks down into " + join(m.brigades) + " at " + b.sq(at));
    return;
  }
  Hex at;
  std::string why = recombination_problem(b, m.division, m.brigades, at);
  if (!why.empty()) {
    problems.push_back(problem("move.recombine", m.index, m.division, "", "brigades", why));
    return;
  }
  em.emit({{"type", "recombine"},
           {"division", m.division},
           {"brigades", m.brigades},
           {"hex", b.sq(at)},
           {"order", m.index},
           {"rule", "brigades"}});
  // Assumption: the division goes on as the brigade that moved farthest.
  Spent s;
  for (const auto& br : m.brigades) {
    const Spent& x = ph.spent[br];
    if (x.squares >= s.squares) s = x;
    if (x.stopped) {
      s.stopped = true;
      s.stop_rule = x.stop_rule;
      s.stop_why = x.stop_why;
    }
  }
  ph.spent[m.division] = s;
  echo.push_back(join(m.brigades) + " recombine into " + m.division + " at " + b.sq(at));
}

}  // namespace

void check_moves(Emitter& em, const std::vector<MoveOrder>& moves, MovePhase& ph,
                 Problems& problems, std::vector<std::string>& echo) {
  for (const auto& m : moves) {
    if (m.kind == "move")
      move_units(em, m, ph, problems, echo);
    else if (m.kind == "build")
      build_bridge(em, m, problems, echo);
    else
      substitute(em, m, ph, problems, echo);
  }
}

}  // namespace adjutant::rules::ah1961
