// Withdrawing to unengaged status, step 1 of the engagement phase
// (engagement.withdraw).
#include "rules/chaos/turn_run.h"

#include <algorithm>

#include "rules/chaos/bearing.h"
#include "rules/chaos/fights.h"
#include "rules/chaos/formation.h"
#include "rules/chaos/shift.h"

namespace adjutant::rules::chaos::turn_run {

// engagement.withdraw, step 1: the brigades ordered to withdraw (or by
// the side's policy) withdraw, the sides alternating; a brigade with a
// regiment fighting as the phase begins cannot.
void Turn::withdrawals() {
  engaged_ = engaged_brigades(st_, sc_);
  fighting_brigades_.clear();
  for (const auto& r : fighting(fighters(st_, sc_)))
    fighting_brigades_.insert(st_.regiments.at(r).brigade);
  alternate(&Turn::to_withdraw, &Turn::withdraw);
}

// An engaged brigade withdraws when its order says so or, version 3
// (policies.withdraw_at_stress), when none of its regiments is fighting
// and its brigade stress, as the step begins, is at least the policy's.
bool Turn::to_withdraw(const std::string& id) const {
  if (!engaged_.count(id)) return false;
  const Json& policies = plans_.at(st_.brigades.at(id).side).value("policies", Json::object());
  int at_stress = rd_.withdraw_at_stress_policy && policies.contains("withdraw_at_stress")
                      ? policies["withdraw_at_stress"].get<int>()
                      : -1;
  bool ordered = brigade_plan(id).value("withdraw", false);
  bool policy =
      at_stress >= 0 && st_.brigades.at(id).stress >= at_stress && !fighting_brigades_.count(id);
  return ordered || policy;
}

// engagement.withdraw: the brigade commander goes straight back from the
// nearest enemy unit until 10" from it (less where the table's edge stops
// him); the regiments take the default formation facing the enemy, and
// the whole moves on back until no regiment is within 8" of the enemy;
// +1 brigade stress as the version reads the text (below).
void Turn::withdraw(const std::string& b) {
  auto& bs = st_.brigades.at(b);
  auto blocked = [&](const std::string& why) {
    events_.push_back({{"type", "withdraw_blocked"},
                       {"brigade", b},
                       {"side", bs.side},
                       {"reason", why},
                       {"rule", "engagement.withdraw"}});
  };
  if (fighting_brigades_.count(b)) return blocked("a regiment of the brigade is fighting");
  Group g = group_of(b);
  auto enemy = nearest_enemy(g, bs.side);
  if (!enemy) return;
  Point from = enemy->marker ? *enemy->base.points.begin() : *st_.regiments.at(enemy->id).at;
  if (enemy->marker) {
    Coord sx = 0, sy = 0;
    for (Point p : enemy->base.points) sx += p.x, sy += p.y;
    from = {sx / 4, sy / 4};
  }
  Body commander{g.commander, 0, 1, sc_.bases.at(Arm::kCommander)};
  Shift sh = shift_until(commander, from, true, 20 * kInch, [&](const Body& c) {
    return !point_on_table(sc_, c.centre) || !closer_than(outline(c), enemy->base, 10 * kInch);
  });
  Point at = sh.body.centre;
  if (!point_on_table(sc_, at)) {
    Shift back = shift_until(commander, from, true, sh.moved - kMarchStep,
                             [](const Body&) { return false; });
    at = back.body.centre;
  }
  int bearing = bearing_to(at, from);
  Group placed;
  placed.brigade = b;
  placed.commander = at;
  std::vector<std::string> present = deployed_regiments(st_, b);
  for (const auto& slot : default_formation(sc_, *sc_.brigade(b), at, bearing, present)) {
    placed.regiments[slot.regiment] = slot.body.centre;
    placed.facing[slot.regiment] = slot.body.bearing;
  }
  Point back = Point{} - turn(0, kMarchStep, bearing);
  std::string why = "the brigade could not get out of engagement range";
  for (int k = 0; k <= kMaxSlide && !why.empty(); ++k) {
    Coord across = (k + 1) / 2 * kSlideStep * (k % 2 ? 1 : -1);
    Group tried = shifted(placed, turn(across, 0, bearing));
    for (int i = 0; i < kMaxSettleSteps && enemy_distance(tried, bs.side) <= kEngagementRange; ++i)
      tried = shifted(tried, back);
    if (enemy_distance(tried, bs.side) <= kEngagementRange) continue;
    why = illegal(tried, bs.side);
    if (why.empty()) placed = tried;
  }
  if (!why.empty()) return blocked(why);
  bool costly = withdraw_costs_stress(present);
  put(placed);
  Json e = deploy_event(placed, "engagement.withdraw");
  e["type"] = "withdraw";
  if (rd_.limbering_and_mounting) {
    // "Artillery must limber"; dismounted cavalry mounts unless the order
    // keeps it dismounted ("may choose to mount").
    const Json& keep = brigade_plan(b).value("withdraw_dismounted", Json::array());
    for (const auto& r : present) {
      auto& x = st_.regiments.at(r);
      Arm arm = regiment_spec(sc_, r).arm;
      if (arm == Arm::kArtillery) x.limbered = true;
      if (arm == Arm::kCavalry && x.dismounted &&
          std::find(keep.begin(), keep.end(), Json(r)) == keep.end())
        x.dismounted = false;
      mark_limber(e["regiments"][r], x);
    }
  }
  events_.push_back(e);
  withdrawn_.insert(b);
  if (costly) {
    stress_brigade(st_, b, 1);
    events_.push_back({{"type", "stress"},
                       {"brigade", b},
                       {"side", bs.side},
                       {"amount", 1},
                       {"brigade_stress", bs.stress},
                       {"rule", "engagement.withdraw"}});
  }
  wagons();
}

// "Increase the Brigade stress by 1 unless it was all mounted cavalry or
// had no unlimbered artillery", each regiment weighed as it was before the
// withdrawal, as the version reads the text (readings.h): version 4 reads
// it as written; version 3 read "or" as "and"; versions 1 and 2 took
// every cavalry regiment as mounted and every battery as unlimbered.
bool Turn::withdraw_costs_stress(const std::vector<std::string>& present) const {
  bool costly = false;
  bool all_mounted_cavalry = true, unlimbered_artillery = false;
  for (const auto& r : present) {
    Arm arm = regiment_spec(sc_, r).arm;
    const auto& x = st_.regiments.at(r);
    all_mounted_cavalry = all_mounted_cavalry && arm == Arm::kCavalry && !x.dismounted;
    unlimbered_artillery = unlimbered_artillery || (arm == Arm::kArtillery && !x.limbered);
    if (!rd_.withdraw_stress_weighs_each_regiment)
      costly = costly || arm != Arm::kCavalry;
    else
      costly = costly || arm == Arm::kInfantry || (arm == Arm::kCavalry && x.dismounted) ||
               (arm == Arm::kArtillery && !x.limbered);
  }
  if (rd_.withdraw_free_if_mounted_or_no_unlimbered_guns)
    costly = !all_mounted_cavalry && unlimbered_artillery;
  return costly;
}

}  // namespace adjutant::rules::chaos::turn_run
