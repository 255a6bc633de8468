// Resolving a fight (fight.resolve): a die a regiment, the batteries' fire
// and their own dice, a stress to every brigade in it.
#include "rules/chaos/fight_run.h"

#include <algorithm>

#include "rules/chaos/bearing.h"
#include "rules/chaos/rolls.h"
#include "rules/chaos/sight.h"

namespace adjutant::rules::chaos::fight_run {

// fight.resolve: a D6 a regiment (4-6 a stress, -1 higher ground, -1
// woods or breastworks, +1 in contact); each battery's target +2; a D6 a
// battery (1: a stress on it); +1 each brigade in the fight.
void Phase::resolve(Fight& f, const std::string& selector) {
  Json units = Json::array();
  auto order = ordered(f.regiments, f.caller);
  for (const auto& r : order) {
    if (!on_table(r) || arm_of(r) == Arm::kArtillery) continue;
    const std::string side = side_of(r);
    Outline o = base_of(r);
    Point c = *st_.regiments.at(r).at;
    std::string near = closest_enemy(o, side);
    bool higher = point_in_kind(sc_.terrain, c, TerrainKind::kHill) && !near.empty() &&
                  !point_in_kind(sc_.terrain, *st_.regiments.at(near).at, TerrainKind::kHill);
    bool woods = touches_kind(sc_.terrain, o, TerrainKind::kWoods);
    bool works = touches_kind(sc_.terrain, o, TerrainKind::kBreastworks) ||
                 touches_kind(sc_.terrain, o, TerrainKind::kTown);
    bool contact = false;
    for (const auto& e : enemies_of(side)) contact = contact || touch(o, base_of(e));
    int roll = in_.dice.roll(6, "fight");
    // "Mounted cavalry cannot claim breastworks" (a regiment is
    // dismounted only from version 3).
    bool mounted = arm_of(r) == Arm::kCavalry && !st_.regiments.at(r).dismounted;
    int amount = resolve_stress(roll, higher, woods, works, mounted, contact);
    Json u = unit(r);
    stress_regiment(st_, r, amount, in_.dice);
    u["cause"] = "die";
    u["roll"] = roll;
    u["amount"] = amount;
    u["higher_ground"] = higher;
    u["cover"] = woods || works;
    u["contact"] = contact;
    units.push_back(after(u, r));
  }
  // Each battery in the fight appoints one enemy regiment in front of it,
  // with a stand in sight, not in melee unless with the battery.
  for (const auto& bat : order) {
    if (!on_table(bat) || arm_of(bat) != Arm::kArtillery) continue;
    std::string target = battery_target(bat, f);
    if (target.empty()) continue;
    Json u = unit(target);
    int amount = f.double_shot.count(side_of(bat)) ? 3 : 2;
    stress_regiment(st_, target, amount, in_.dice);
    u["cause"] = "battery";
    u["amount"] = amount;
    u["from"] = json_of(*st_.regiments.at(bat).at);
    u["battery"] = unit(bat);
    units.push_back(after(u, target));
  }
  for (const auto& bat : order) {
    if (!on_table(bat) || arm_of(bat) != Arm::kArtillery) continue;
    int roll = in_.dice.roll(6, "fight battery");
    int amount = battery_self_stress(roll, f.double_shot.count(side_of(bat)) > 0) ? 1 : 0;
    Json u = unit(bat);
    stress_regiment(st_, bat, amount, in_.dice);
    u["cause"] = "battery_die";
    u["roll"] = roll;
    u["amount"] = amount;
    units.push_back(after(u, bat));
  }
  Json brigades = Json::array();
  for (const auto& b : brigades_in(f)) {
    stress_brigade(st_, b, 1);
    brigades.push_back({{"brigade", b},
                        {"side", st_.brigades.at(b).side},
                        {"amount", 1},
                        {"brigade_stress", st_.brigades.at(b).stress}});
  }
  push({{"type", "fight_resolve"},
        {"side", selector},
        {"caller", f.caller},
        {"units", units},
        {"brigades", brigades},
        {"rule", "fight.resolve"}});
}

// The brigades with a regiment in the fight: the caller's first, by id.
std::vector<std::string> Phase::brigades_in(const Fight& f) const {
  std::vector<std::string> out;
  for (const auto& r : ordered(f.regiments, f.caller))
    if (std::find(out.begin(), out.end(), brigade_of(r)) == out.end()) out.push_back(brigade_of(r));
  std::stable_sort(out.begin(), out.end(), [&](const std::string& a, const std::string& b) {
    return (st_.brigades.at(a).side == f.caller) > (st_.brigades.at(b).side == f.caller);
  });
  return out;
}

std::string Phase::battery_target(const std::string& bat, const Fight& f) {
  const std::string side = side_of(bat);
  Body gun = regiment_body(sc_, st_, bat);
  Outline gun_base = outline(gun);
  Point ahead = turn(0, 100, gun.bearing);
  std::vector<Obstacle> all;
  for (const auto& [id, r] : st_.regiments)
    if (!r.removed && r.at) all.push_back({id, base_of(id)});
  for (const auto& [wid, w] : st_.wagons)
    if (!w.destroyed)
      all.push_back({wid, sc_.figure_outline(Arm::kWagon, {wid, wid, w.at, w.facing})});
  const std::string& how = policy(side).artillery_target;
  std::string best;
  Coord best_d = 0;
  int best_s = 0;
  for (const auto& t : f.regiments) {
    if (!on_table(t) || side_of(t) == side) continue;
    Body body = regiment_body(sc_, st_, t);
    Outline base = outline(body);
    if (dot(body.centre - gun.centre, ahead) <= 0) continue;  // not in front
    bool melee = false;
    for (const auto& [oid, o] : st_.regiments)
      if (oid != bat && !o.removed && o.at && st_.brigades.at(o.brigade).side == side &&
          touch(base, base_of(oid)))
        melee = true;
    if (melee && !touch(base, gun_base)) continue;
    std::vector<Obstacle> others;
    for (const auto& ob : all)
      if (ob.id != t && ob.id != bat) others.push_back(ob);
    if (!line_of_sight(gun, body, sc_.terrain, others)) continue;
    Coord d = distance_floor(gun_base, base);
    int s = st_.regiments.at(t).stress;
    bool better = best.empty();
    if (!better && how == "most_stressed") better = s > best_s || (s == best_s && d < best_d);
    if (!better && how == "least_stressed") better = s < best_s || (s == best_s && d < best_d);
    if (!better && how == "closest") better = d < best_d;
    if (better) best = t, best_d = d, best_s = s;
  }
  return best;
}

}  // namespace adjutant::rules::chaos::fight_run
