// Initiating a fight (fight.initiate, fight.join): a formed-up brigade's
// regiment advances to within fighting range of the enemy.
#include "rules/chaos/fight_run.h"

#include <algorithm>

#include "rules/chaos/fights.h"
#include "rules/chaos/shift.h"

namespace adjutant::rules::chaos::fight_run {

// fight.initiate: the ordered regiment moves straight toward the enemy
// regiment named (else the closest) until less than 4" from the closest
// enemy regiment, never into contact; every fighting regiment at stress
// 0 goes to 1.
void Phase::initiate(const std::string& b, const std::string& side) {
  const Json& order = in_.plans.at(side)["brigades"][b]["fight"];
  std::string r = order["regiment"].get<std::string>();
  auto blocked = [&](const std::string& why) {
    push({{"type", "fight_blocked"},
          {"brigade", b},
          {"side", side},
          {"regiment", r},
          {"reason", why},
          {"rule", "fight.initiate"}});
  };
  if (!on_table(r)) return blocked("the regiment is no longer on the table");
  Body body = regiment_body(sc_, st_, r);
  if (near_enemy(outline(body), side, kFightingRange))
    return blocked("the regiment is already fighting");
  std::string target;
  if (order.contains("toward") && !order["toward"].is_null()) {
    if (auto u = unit_at(st_, sc_, side, point_of(order["toward"])); u && !u->marker)
      target = u->id;
    if (target.empty())
      return blocked("no enemy regiment stands at " + format_point(point_of(order["toward"])));
  } else {
    target = closest_enemy(outline(body), side);
    if (target.empty()) return blocked("no enemy regiment is on the table");
  }
  bool bad = false;
  Shift sh =
      shift_until(body, *st_.regiments.at(target).at, false, kInitiateReach, [&](const Body& at) {
        Outline o = outline(at);
        if (!legal(r, o)) {
          bad = true;
          return true;
        }
        return near_enemy(o, side, kFightingRange);
      });
  if (bad) return blocked("its way is blocked by another base or the table's edge");
  if (!sh.done) return blocked("it cannot come within 4\" of an enemy regiment");
  Outline o = outline(sh.body);
  for (const auto& e : enemies_of(side))
    if (touch(o, base_of(e))) return blocked("it would come into contact");
  Point from = body.centre;
  st_.regiments.at(r).at = sh.body.centre;
  // fight.join: the fight it would be in must not hold a regiment of a
  // fight resolved this turn.
  for (const auto& f : group_fights(fighters(st_, sc_))) {
    if (std::find(f.begin(), f.end(), r) == f.end()) continue;
    for (const auto& x : f)
      if (resolved_.count(x)) {
        st_.regiments.at(r).at = from;
        return blocked("it would join a fight already resolved this turn (fight.join)");
      }
  }
  initiated_.emplace(r, std::make_pair(int(initiated_.size()), side));
  // "Note that there is a minimum of 1."
  Json minimum = Json::array();
  for (const auto& f : fighting(fighters(st_, sc_)))
    if (st_.regiments.at(f).stress < 1) {
      st_.regiments.at(f).stress = 1;
      minimum.push_back(after(unit(f), f));
    }
  push({{"type", "fight_start"},
        {"brigade", b},
        {"side", side},
        {"regiment", r},
        {"from", json_of(from)},
        {"to", json_of(sh.body.centre)},
        {"target", unit(target)},
        {"minimum", minimum},
        {"rule", "fight.initiate"}});
  wagons();
}

}  // namespace adjutant::rules::chaos::fight_run
