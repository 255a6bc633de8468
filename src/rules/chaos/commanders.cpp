// Player commanders (move.commanders): after unengaged movement each
// moves up to 8" along its ordered path, never within 4" of an enemy
// unit, and one within 4" moves out of range if it can.
#include "rules/chaos/turn_run.h"

#include "rules/chaos/bearing.h"
#include "rules/chaos/march.h"
#include "rules/chaos/shift.h"

namespace adjutant::rules::chaos::turn_run {

void Turn::commanders() {
  for (const auto& s : sc_.sides) {
    const Json& orders = plans_.at(s.id)["commanders"];
    for (auto& [cid, c] : st_.commanders) {
      if (c.side != s.id) continue;
      Point from = c.at;
      // (Named, not captured as bindings: the WebAssembly build's clang
      // does not capture a structured binding.)
      const std::string& id = cid;
      const int facing = c.facing;
      auto near_enemy = [&](Point p) {
        Outline fig = sc_.figure_outline(Arm::kCommander, {id, id, p, facing});
        for (const auto& u : table_.now(st_, sc_))
          if (u.side != s.id && within(fig, u.base, kCommanderEnemy)) return true;
        return false;
      };
      if (near_enemy(c.at)) {
        // "They must move out of range of enemy units if they can."
        Point away = c.at;
        Coord best = -1;
        for (const auto& u : enemy_units(st_, sc_, s.id)) {
          Coord d = distance_floor(sc_.figure_outline(Arm::kCommander, {cid, cid, c.at, c.facing}),
                                   u.base);
          if (best < 0 || d < best) best = d, away = u.base.points[0];
        }
        Body body{c.at, c.facing, 1, sc_.bases.at(Arm::kCommander)};
        Shift sh = shift_until(body, away, true, kCommanderMove, [&](const Body& b) {
          return !near_enemy(b.centre) && point_on_table(sc_, b.centre);
        });
        c.at = sh.body.centre;
        if (!point_on_table(sc_, c.at)) c.at = from;
      } else if (orders.contains(cid)) {
        std::vector<Point> path;
        for (const auto& q : orders[cid]["path"]) path.push_back(point_of(q));
        March march(path);
        while (!march.done() && march.travelled() < kCommanderMove) {
          March peek = march;
          peek.step(std::min(kMarchStep, kCommanderMove - peek.travelled()));
          if (near_enemy(peek.position())) break;
          march = peek;
        }
        c.at = march.position();
      }
      if (c.at != from)
        events_.push_back({{"type", "commander_move"},
                           {"commander", cid},
                           {"side", s.id},
                           {"from", json_of(from)},
                           {"to", json_of(c.at)},
                           {"rule", "move.commanders"}});
    }
  }
}

}  // namespace adjutant::rules::chaos::turn_run
