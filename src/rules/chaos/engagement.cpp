// The engagement phase's other steps (engagement): 2 form up, 3
// maneuver, 4 resting of engaged brigades. Withdrawing (step 1) is in
// withdraw.cpp, artillery fire (under step 3) in battery_fire.cpp.
#include "rules/chaos/turn_run.h"

#include "rules/chaos/fights.h"

namespace adjutant::rules::chaos::turn_run {

// engagement.maneuver, checked at the brigade's turn: the commander
// within 8" of an enemy unit; every regiment within 4" of him and within
// 8" of an enemy unit, none within 4" of one (version 1 has no fights),
// at least one within 5"; on the table, no bases overlapping. An order
// that breaks a rule is not carried out (maneuver_blocked).
void Turn::maneuver(const std::string& b) {
  auto& bs = st_.brigades.at(b);
  const Json& m = brigade_plan(b)["maneuver"];
  Group before = group_of(b);
  Group g = before;
  g.commander = point_of(m["commander"]);
  for (const auto& [r, place] : m["regiments"].items()) {
    if (!g.regiments.count(r)) continue;
    if (place.contains("at")) g.regiments[r] = point_of(place["at"]);
    if (place.contains("facing")) g.facing[r] = place["facing"].get<int>();
  }
  const auto enemies = enemy_units(st_, sc_, bs.side);
  Outline commander = sc_.figure_outline(Arm::kCommander, {b, b, g.commander, 0});
  // Version 2 has fights: a fighting regiment left where it stands may
  // stay within 4" ("no part of the brigade may be within 4" of an enemy
  // unit unless it is fighting").
  std::set<std::string> stays;
  if (rd_.fighting_regiment_stays_in_maneuver)
    for (const auto& r : fighting(fighters(st_, sc_)))
      if (g.regiments.count(r) && g.regiments.at(r) == before.regiments.at(r) &&
          g.facing.at(r) == before.facing.at(r))
        stays.insert(r);
  std::string why = illegal(g, bs.side, stays);
  auto near_enemy = [&](const Outline& o, Coord range) {
    for (const auto& u : enemies)
      if (within(o, u.base, range)) return true;
    return false;
  };
  if (why.empty() && !near_enemy(commander, kEngagementRange))
    why = "the brigade commander would not be within 8\" of the enemy";
  bool five = false;
  for (const auto& [r, at] : g.regiments) {
    if (!why.empty()) break;
    Outline o = regiment_outline_at(r, at, g.facing.at(r));
    if (!within(o, commander, 4 * kInch))
      why = "a regiment would be more than 4\" from its commander";
    else if (!near_enemy(o, kEngagementRange))
      why = "a regiment would be out of engagement range";
    else if (!stays.count(r))
      for (const auto& u : enemies)
        if (closer_than(o, u.base, kFightingRange))
          why = "a regiment would be within 4\" of the enemy";
    five = five || near_enemy(o, kDeployNear);
  }
  if (why.empty() && !five) why = "no regiment would be within 5\" of the enemy";
  if (!why.empty()) {
    events_.push_back({{"type", "maneuver_blocked"},
                       {"brigade", b},
                       {"side", bs.side},
                       {"reason", why},
                       {"rule", "engagement.maneuver"}});
    return;
  }
  for (const auto& [r, at] : g.regiments)
    if (at != before.regiments.at(r) || g.facing.at(r) != before.facing.at(r))
      moved_guns_.insert(r);
  put(g);
  Json e = deploy_event(g, "engagement.maneuver");
  e["type"] = "maneuver";
  // Version 3: "Artillery may become limbered or unlimbered. Cavalry can
  // mount or dismount." Unlimbering in place is not moving: such a
  // battery fires this turn.
  for (const auto& [r, place] : m["regiments"].items()) {
    if (!g.regiments.count(r)) continue;
    auto& x = st_.regiments.at(r);
    if (place.contains("limber")) x.limbered = place["limber"].get<bool>();
    if (place.contains("mount")) x.dismounted = !place["mount"].get<bool>();
  }
  if (rd_.limbering_and_mounting)
    for (const auto& [r, at] : g.regiments) mark_limber(e["regiments"][r], st_.regiments.at(r));
  events_.push_back(e);
  maneuvered_.insert(b);
  wagons();
}

// engagement.form_up, step 2: an engaged brigade that did not withdraw
// is marked to fight this turn; a formed-up brigade cannot rest.
void Turn::form_up() {
  for (const auto& b : in_initiative_order())
    if (brigade_plan(b).value("form_up", false) && engaged_.count(b) && !withdrawn_.count(b)) {
      formed_up_.insert(b);
      events_.push_back({{"type", "form_up"},
                         {"brigade", b},
                         {"side", st_.brigades.at(b).side},
                         {"rule", "engagement.form_up"}});
    }
}

// engagement.maneuver, step 3: the brigades engaged after the
// withdrawals maneuver as ordered, the sides alternating as in
// withdrawing.
void Turn::maneuvers() {
  engaged_ = engaged_brigades(st_, sc_);
  alternate(&Turn::to_maneuver, &Turn::maneuver);
}

bool Turn::to_maneuver(const std::string& b) const {
  return brigade_plan(b).contains("maneuver") && engaged_.count(b) && !withdrawn_.count(b);
}

// engagement.rest, step 4: an engaged brigade that fired no guns, was not
// under fire, did not form up, maneuver or fight removes 1 brigade stress
// (version 1 adjudicates none of those, so only fighting prevents it).
void Turn::engaged_rest() {
  for (const auto& b : by_side_and_id()) {
    if (!engaged_.count(b) || fighting_brigades_.count(b) || formed_up_.count(b) ||
        under_fire_.count(b) || maneuvered_.count(b))
      continue;
    if (!brigade_plan(b).value("rest", true)) continue;
    auto& bs = st_.brigades.at(b);
    rested_.insert(b);
    if (bs.stress == 0) continue;
    stress_brigade(st_, b, -1);
    events_.push_back({{"type", "rest"},
                       {"brigade", b},
                       {"side", bs.side},
                       {"engaged", true},
                       {"brigade_stress", bs.stress},
                       {"regiments", Json::object()},
                       {"rule", "engagement.rest"}});
  }
}

}  // namespace adjutant::rules::chaos::turn_run
