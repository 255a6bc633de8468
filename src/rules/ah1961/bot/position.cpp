#include "rules/ah1961/bot/position.h"

#include <algorithm>
#include <climits>

#include "rules/bot_seeded.h"

namespace adjutant::bot::ah1961 {

Position::Position(const rules::hexmap::Scenario& scenario, const model::State& st, std::string s,
                   std::uint64_t sd)
    : sc(scenario),
      g(r61::read_game_rules(scenario, scenario.id)),
      state(st),
      side(std::move(s)),
      enemy(scenario.other_side(side)),
      seed(sd) {
  attacking = side != g.victory_side;
  // Least odds 1-1, 3-2 or 2-1 for the attacking army, 3-2 or 2-1 for the
  // defending army's counterattacks, which half the seeds make.
  std::uint64_t t = seeded(seed, text_hash("temper"), text_hash(side));
  static const int kLeast[3][2] = {{1, 1}, {3, 2}, {2, 1}};
  int k = attacking ? int(t % 3) : 1 + int(t % 2);
  temper.least_p = kLeast[k][0];
  temper.least_q = kLeast[k][1];
  temper.counterattack = attacking || (t >> 8) % 2 == 0;
  for (const auto& [h, terrain] : sc.terrain)
    if (terrain == "ford") fords_.push_back(h);
}

std::vector<Hex> Position::squares() const {
  std::vector<Hex> out;
  for (int c = 1; c <= sc.columns; ++c)
    for (int r = 1; r <= sc.rows; ++r)
      if (sc.on_map(Hex{c, r})) out.push_back(Hex{c, r});
  return out;
}

int Position::ford_distance(Hex h) const {
  int best = 1000;
  for (Hex f : fords_) best = std::min(best, hex::distance(h, f));
  return best;
}

std::uint64_t Position::tie(const std::string& what) const {
  return seeded(seed, std::uint64_t(state.turn) * 2 + (side == "union"), text_hash(what));
}

EnemyView::EnemyView(const r61::Board& b, const std::string& side) {
  for (const auto& id : b.units_of(b.enemy_of(side))) {
    Hex h = *b.square_of(id);
    occupied.insert(h);
    const auto& d = *b.def(id);
    if (!r61::has_zone(d)) continue;
    units[h].push_back(id);
    bool arty = r61::is_artillery_type(d);
    if (arty) artillery.insert(h);
    for (Hex n : hex::within(h, arty ? 2 : 1))
      if (n != h) controlled.insert(n);
  }
}

bool EnemyView::adjacent_to_enemy(Hex h) const {
  for (Hex n : hex::neighbours(h))
    if (units.count(n)) return true;
  return false;
}

}  // namespace adjutant::bot::ah1961
