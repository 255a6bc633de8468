// Testing a fight (fight.test): the sides alternate from the caller, each
// testing a regiment by its policy (Hold the Line or Bend) or revealing a
// committed token; the first failure loses the fight.
#include "rules/chaos/fight_run.h"

#include "rules/chaos/shift.h"

namespace adjutant::rules::chaos::fight_run {

// The stress a test is made against: the regiment's and its brigade's.
int Phase::test_stress(const std::string& r) const {
  return st_.regiments.at(r).stress + st_.brigades.at(brigade_of(r)).stress;
}

// The regiment `side` selects to test by its `policies.test`: an enemy
// regiment (most or least stressed) or one of its own (least stressed);
// the other pool when the policy's is empty. Ties by id.
std::string Phase::choose_test(const Fight& f, const std::string& side) {
  std::vector<std::string> own, enemy;
  for (const auto& r : f.regiments)
    if (on_table(r) && arm_of(r) != Arm::kArtillery && !f.tested.count(r))
      (side_of(r) == side ? own : enemy).push_back(r);
  auto pick = [&](const std::vector<std::string>& pool, bool most) {
    std::string best;
    for (const auto& r : pool)
      if (best.empty() ||
          (most ? test_stress(r) > test_stress(best) : test_stress(r) < test_stress(best)))
        best = r;
    return best;
  };
  const std::string& how = policy(side).test;
  std::string out;
  if (how == "own_least_stressed") {
    out = pick(own, false);
    if (out.empty()) out = pick(enemy, true);
  } else {
    out = pick(enemy, how != "enemy_least_stressed");
    if (out.empty()) out = pick(own, false);
  }
  return out;
}

// Moves a regiment straight back from the closest enemy regiment until
// no enemy regiment is nearer than `to` (up to 12"); it stops at the last
// quarter-inch step on the table and on no other base.
Point Phase::fall_back(const std::string& r, Coord to) {
  const std::string side = side_of(r);
  Body body = regiment_body(sc_, st_, r);
  std::string from = closest_enemy(outline(body), side);
  if (from.empty()) return body.centre;
  Point last = body.centre;
  shift_until(body, *st_.regiments.at(from).at, true, kRetreatReach, [&](const Body& at) {
    Outline o = outline(at);
    if (at.centre != body.centre && !legal(r, o)) return true;
    last = at.centre;
    return !near_enemy(o, side, to);
  });
  st_.regiments.at(r).at = last;
  return last;
}

// fight.test: the sides alternate from the caller; each selects a
// regiment by its policy (or passes when none is left); the owner holds
// the line when the regiment's and brigade's stress is below its
// `hold_the_line_below`, else bends. The first failure loses the fight.
void Phase::test(Fight& f) {
  std::string side = f.caller;
  int passes = 0;
  while (passes < 2) {
    std::string next = other_side(sc_, side);
    auto& q = f.committed[side];
    if (!q.empty()) {
      std::string token = q.front();
      q.pop_front();
      reveal(f, side, token);
      passes = 0;
      side = next;
      continue;
    }
    std::string r = choose_test(f, side);
    if (r.empty() && !f.last[side].empty()) {
      std::string token = f.last[side].front();
      f.last[side].pop_front();
      reveal(f, side, token);
      passes = 0;
      side = next;
      continue;
    }
    if (r.empty()) {
      ++passes;
      side = next;
      continue;
    }
    passes = 0;
    const std::string owner = side_of(r);
    const std::string b = brigade_of(r);
    int bonus = owner == side ? quality_bonus(sc_.brigade(b)->quality) : 0;
    // LIKE A STONE WALL: every brigade of the side holds, at +3.
    bool wall = f.stone_wall.count(owner) > 0;
    bool hold = wall || test_stress(r) < policy(owner).hold_the_line_below;
    if (hold) bonus += wall ? kStoneWall : kHoldTheLine;
    TestRoll t = regiment_test(in_.dice, st_.regiments.at(r).stress, st_.brigades.at(b).stress,
                               bonus, "fight test");
    f.tested.insert(r);
    Json u = unit(r);
    u["choice"] = hold ? "hold" : "bend";
    u["roll"] = t.roll;
    u["bonus"] = t.bonus;
    u["against"] = t.against;
    u["passed"] = t.passed;
    if (!t.passed) {
      if (hold) {
        // Hold the Line failed: a stand lost, flees to 7", 2 more stress.
        auto& x = st_.regiments.at(r);
        x.stands -= 1;
        if (x.stands <= 0) {
          x.removed = true;
          x.at.reset();
        } else {
          u["to"] = json_of(fall_back(r, kFleeTo));
          stress_regiment(st_, r, 2, in_.dice);
        }
      } else {
        u["to"] = json_of(fall_back(r, kBendTo));
      }
    }
    push({{"type", "fight_test"}, {"side", side}, {"unit", after(u, r)}, {"rule", "fight.test"}});
    if (!t.passed) {
      wagons();
      return lose(f, owner, r);
    }
    side = next;
  }
  neither(f);
}

}  // namespace adjutant::rules::chaos::fight_run
