// Artillery fire of the engagement phase (engagement.artillery), after
// every maneuver.
#include "rules/chaos/turn_run.h"

#include "rules/chaos/rolls.h"
#include "rules/chaos/sight.h"

namespace adjutant::rules::chaos::turn_run {

// engagement.artillery: in initiative order, battery by battery (by
// id), every battery of an engaged brigade that did not withdraw fires
// (version 1 takes every deployed battery as unlimbered) unless its
// order says "hold": at the enemy regiment holding the order's point, or
// the closest (then lowest id) enemy regiment of an engaged brigade in
// line of sight and not in contact with a regiment of the firing side.
// A D6 per gun model; each at or above the number needed (3, +1 each for
// woods, a hill, breastworks or a town the target touches) is a stress on
// the target; each natural 1 a stress on the battery; stands lost above
// 6 (stress.stands).
void Turn::artillery() {
  for (const auto& side : order_) {
    for (const auto& [id, r] : st_.regiments) {
      if (r.removed || !r.at || regiment_spec(sc_, id).arm != Arm::kArtillery) continue;
      const std::string& b = r.brigade;
      // engagement.artillery: "Unlimbered artillery that did not move"
      // (a battery is limbered only from version 3).
      if (st_.brigades.at(b).side != side || !engaged_.count(b) || withdrawn_.count(b) ||
          moved_guns_.count(id) || r.limbered)
        continue;
      const Json& bp = brigade_plan(b);
      Json order =
          bp.contains("fire") && bp["fire"].contains(id) ? bp["fire"][id] : Json("closest");
      if (order == "hold") continue;
      fire(id, order);
    }
  }
}

void Turn::fire(const std::string& battery, const Json& order) {
  const auto& bat = st_.regiments.at(battery);
  const std::string& side = st_.brigades.at(bat.brigade).side;
  Body gun = regiment_body(sc_, st_, battery);
  Outline gun_base = outline(gun);
  std::vector<Obstacle> all;
  for (const auto& [id, r] : st_.regiments)
    if (!r.removed && r.at) all.push_back({id, outline(regiment_body(sc_, st_, id))});
  for (const auto& [wid, w] : st_.wagons)
    if (!w.destroyed)
      all.push_back({wid, sc_.figure_outline(Arm::kWagon, {wid, wid, w.at, w.facing})});
  std::string target;
  Coord best = -1;
  for (const auto& [id, r] : st_.regiments) {
    if (r.removed || !r.at || st_.brigades.at(r.brigade).side == side) continue;
    if (!engaged_.count(r.brigade)) continue;
    Body body = regiment_body(sc_, st_, id);
    Outline base = outline(body);
    if (order.is_array() && !inside(base, point_of(order))) continue;
    bool melee = false;
    for (const auto& [oid, o] : st_.regiments)
      if (!o.removed && o.at && st_.brigades.at(o.brigade).side == side &&
          touch(base, outline(regiment_body(sc_, st_, oid))))
        melee = true;
    if (melee) continue;
    std::vector<Obstacle> others;
    for (const auto& ob : all)
      if (ob.id != id && ob.id != battery) others.push_back(ob);
    if (!line_of_sight(gun, body, sc_.terrain, others)) continue;
    Coord d = distance_floor(gun_base, base);
    if (best < 0 || d < best) {
      best = d;
      target = id;
    }
  }
  if (target.empty()) return;
  Outline tb = outline(regiment_body(sc_, st_, target));
  bool woods = touches_kind(sc_.terrain, tb, TerrainKind::kWoods);
  bool hill = touches_kind(sc_.terrain, tb, TerrainKind::kHill);
  bool works = touches_kind(sc_.terrain, tb, TerrainKind::kBreastworks) ||
               touches_kind(sc_.terrain, tb, TerrainKind::kTown);
  int needs = artillery_needs(woods, hill, works);
  Point battery_at = *bat.at, target_at = *st_.regiments.at(target).at;
  Volley v = fire_volley(dice_, bat.stands, needs, "artillery fire");
  StressOutcome hit = stress_regiment(st_, target, v.hits, dice_);
  StressOutcome self = stress_regiment(st_, battery, v.self_stress, dice_);
  under_fire_.insert(bat.brigade);
  under_fire_.insert(st_.regiments.at(target).brigade);
  const auto& t = st_.regiments.at(target);
  events_.push_back({{"type", "artillery_fire"},
                     {"battery", battery},
                     {"side", side},
                     {"battery_at", json_of(battery_at)},
                     {"target", target},
                     {"target_side", st_.brigades.at(t.brigade).side},
                     {"target_at", json_of(target_at)},
                     {"needs", needs},
                     {"rolls", v.rolls},
                     {"hits", v.hits},
                     {"self_stress", v.self_stress},
                     {"target_stress", hit.stress},
                     {"target_stands", hit.stands},
                     {"target_removed", hit.removed},
                     {"battery_stress", self.stress},
                     {"battery_stands", self.stands},
                     {"battery_removed", self.removed},
                     {"rule", "engagement.artillery"}});
}

}  // namespace adjutant::rules::chaos::turn_run
