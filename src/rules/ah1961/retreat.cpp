#include "rules/ah1961/retreat.h"

#include <algorithm>
#include <climits>

#include "rules/ah1961/stacking.h"

namespace adjutant::rules::ah1961 {

namespace {

// Assumption (docs/rules/ah1961.md): the zones that block a retreat are the
// primary zones of enemy units; the squares may hold friendly units but not
// end over the stacking limit.
bool open(const Board& b, Hex h, const std::string& side) {
  if (!b.scenario().on_map(h) || b.water(h) || b.enemy_at(h, side)) return false;
  for (const auto& e : b.units_of(b.enemy_of(side)))
    if (has_zone(*b.def(e)) && hex::distance(h, *b.square_of(e)) == 1) return false;
  return true;
}

bool fits(const Emitter& em, const std::string& unit, Hex to) {
  State trial = em.state();
  trial.units[unit].location = em.scenario().numbers().format(to);
  Board b(em.scenario(), em.rules(), trial);
  std::string rule;
  return stacking_problem(b, to, b.side_of(unit), rule).empty();
}

bool valid(const Emitter& em, const std::string& unit, Hex from, Hex p1, Hex p2) {
  Board b = em.board();
  std::string side = b.side_of(unit);
  return hex::adjacent(from, p1) && hex::adjacent(p1, p2) && hex::distance(from, p2) == 2 &&
         open(b, p1, side) && open(b, p2, side) && fits(em, unit, p2);
}

int distance_to_enemy(const Board& b, Hex h, const std::string& side) {
  int best = INT_MAX;
  for (const auto& e : b.units_of(b.enemy_of(side)))
    if (has_zone(*b.def(e))) best = std::min(best, hex::distance(h, *b.square_of(e)));
  return best;
}

}  // namespace

void back_two(Emitter& em, const std::string& unit, const std::vector<std::string>& chosen,
              const std::string& combat) {
  Board b = em.board();
  auto from = b.square_of(unit);
  if (!from) return;
  std::optional<std::pair<Hex, Hex>> route;
  if (chosen.size() == 2) {
    auto p1 = b.numbers().parse(chosen[0]), p2 = b.numbers().parse(chosen[1]);
    if (p1 && p2 && valid(em, unit, *from, *p1, *p2)) route = {{*p1, *p2}};
  }
  if (!route) {
    // Default (assumption): the open route ending farthest from the
    // nearest enemy unit; ties to the lowest end square, then middle square.
    int best = -1;
    for (Hex p1 : hex::neighbours(*from))
      for (Hex p2 : hex::neighbours(p1)) {
        if (!valid(em, unit, *from, p1, p2)) continue;
        int d = distance_to_enemy(b, p2, b.side_of(unit));
        if (d > best ||
            (d == best && std::make_pair(p2, p1) < std::make_pair(route->second, route->first))) {
          best = d;
          route = {{p1, p2}};
        }
      }
  }
  if (!route) {
    eliminate(em, unit, "retreat", "back2");
    return;
  }
  em.emit({{"type", "retreat"},
           {"unit", unit},
           {"from", b.sq(*from)},
           {"via", b.sq(route->first)},
           {"to", b.sq(route->second)},
           {"cause", "combat " + combat},
           {"rule", "back2"}});
}

}  // namespace adjutant::rules::ah1961
