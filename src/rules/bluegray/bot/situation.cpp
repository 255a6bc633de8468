#include "rules/bluegray/bot/situation.h"

#include "rules/bluegray/pathfind.h"
#include "rules/bluegray/phases.h"
#include "rules/bluegray/zoc.h"
#include "rules/bot_seeded.h"

namespace adjutant::bot::bluegray {

namespace {

// The least odds the bot seeks, by seed: cautious, even, or bold.
Temper temper_of(std::uint64_t seed) {
  Temper t;
  switch (mix(seed) % 3) {
    case 0:
      t.odds_a = 2, t.odds_b = 1, t.enough_a = 4;
      break;
    case 1:
      t.odds_a = 3, t.odds_b = 2, t.enough_a = 3;
      break;
    default:
      t.odds_a = 1, t.odds_b = 1, t.enough_a = 3;
      break;
  }
  t.cavalry_evade = (mix(seed ^ 0x11) & 1) == 0;
  t.advance = (mix(seed ^ 0x22) & 1) == 0;
  t.flank_march = int(mix(seed ^ 0x33) % 5) * 2;  // 0, 2, ... 8 units a phase
  return t;
}

}  // namespace

Situation::Situation(const Scenario& scenario, const State& st, const std::string& s,
                     std::uint64_t sd)
    : sc(scenario),
      state(st),
      board(scenario, st),
      side(s),
      enemy(scenario.other_side(s)),
      night(rules::bluegray::is_night(scenario, st.turn)),
      seed(sd),
      temper(temper_of(seeded(sd, text_hash(s)))),
      steps(scenario, {kBlocked, kBlocked, kBlocked, kBlocked, kBlocked, kBlocked}) {
  ezoc = rules::bluegray::zoc_hexes(board, enemy);
  for (const auto& id : board.units_of(enemy)) enemy_hexes.insert(*board.hex_of(id));
  for (int c = 1; c <= sc.columns; ++c)
    for (int r = 1; r <= sc.rows; ++r) {
      Hex h{c, r};
      if (!sc.on_map(h)) continue;
      auto& out = steps[h];
      for (int d = 0; d < 6; ++d) {
        Hex n = hex::neighbour(h, d);
        if (rules::bluegray::impassable(sc, h, n).empty())
          out[std::size_t(d)] = rules::bluegray::step_cost(sc, h, n).mp;
      }
    }
}

std::uint64_t Situation::tie(std::string_view what) const {
  return seeded(seed, text_hash(what), std::uint64_t(state.turn) * 2 + (side < enemy ? 0 : 1));
}

}  // namespace adjutant::bot::bluegray
