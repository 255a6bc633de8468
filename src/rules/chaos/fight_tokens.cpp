// The combat tokens revealed in a fight (token.*, docs/rules/chaos.md
// "Combat tokens"): one row a token, in the order of the text, from its
// name to what it does with the documented default choices.
#include "rules/chaos/fight_run.h"

#include <algorithm>
#include <cstdlib>

#include "rules/chaos/bearing.h"
#include "rules/chaos/stress.h"

namespace adjutant::rules::chaos::fight_run {

const Phase::TokenRow Phase::kTokens[] = {
    {"outflank", &Phase::token_outflank},
    {"refuse_flank", &Phase::token_refuse_flank},
    {"heroic_inspiration", &Phase::token_heroic_inspiration},
    {"reinforce_the_line", &Phase::token_reinforce_the_line},
    {"sniper", &Phase::token_sniper},
    {"tactical_brilliance", &Phase::token_tactical_brilliance},
    {"cavalry_support", &Phase::token_cavalry_support},
    {"counter_charge", &Phase::token_counter_charge},
    {"rebel_yell", &Phase::token_rebel_yell},
    {"seize_the_standard", &Phase::token_seize_the_standard},
    {"break_through", &Phase::token_break_through},
    {"double_shot", &Phase::token_double_shot},
    {"hot_pursuit", &Phase::token_hot_pursuit},
    {"tooth_and_nail", &Phase::token_tooth_and_nail},
    {"like_a_stone_wall", &Phase::token_like_a_stone_wall},
    {"rally_to_the_standard", &Phase::token_rally_to_the_standard},
    {"weight_of_numbers", &Phase::token_weight_of_numbers},
};

// Reveals one token of `side` in this fight, carries out its effect with
// its documented default choices (the row of kTokens naming it), and
// returns it to the box.
void Phase::reveal(Fight& f, const std::string& side, const std::string& token) {
  Reveal x{f, side, other_side(sc_, side), Json::array(), Json::array(), ""};
  for (const auto& row : kTokens)
    if (token == row.token) (this->*row.effect)(x);
  Json e = {{"type", "fight_token"}, {"side", side},           {"token", token},
            {"units", x.units},      {"brigades", x.brigades}, {"rule", "token." + token}};
  if (!x.note.empty()) e["note"] = x.note;
  push(e);
  wagons();
}

// The regiment of `pool` with the most stress (the first such).
std::string Phase::most_stressed(const std::vector<std::string>& pool) const {
  std::string best;
  for (const auto& r : pool)
    if (best.empty() || st_.regiments.at(r).stress > st_.regiments.at(best).stress) best = r;
  return best;
}

// token.outflank, OUTFLANK: a regiment of the side wider than the enemy
// regiment in front of it: +2 stress to that one (the first such, by id);
// none after REFUSE FLANK.
void Phase::token_outflank(Reveal& rv) {
  if (rv.f.refuse_flank) {
    rv.f.refuse_flank = false;
    rv.note = "no effect: REFUSE FLANK";
  } else {
    for (const auto& r : in_fight(rv.f, rv.side, false)) {
      Body mine = regiment_body(sc_, st_, r);
      Point ahead = turn(0, 100, mine.bearing);
      std::string front;
      Coord front_d = -1;
      for (const auto& e : in_fight(rv.f, rv.enemy, true)) {
        if (dot(*st_.regiments.at(e).at - mine.centre, ahead) <= 0) continue;
        Coord d = distance_floor(outline(mine), base_of(e));
        if (front_d < 0 || d < front_d) front = e, front_d = d;
      }
      if (front.empty()) continue;
      Body theirs = regiment_body(sc_, st_, front);
      if (Coord(mine.stands) * mine.base.width <= Coord(theirs.stands) * theirs.base.width)
        continue;
      stressed(front, 2, rv.units);
      break;
    }
  }
}

// token.refuse_flank, REFUSE FLANK: the next OUTFLANK in this fight has no
// effect.
void Phase::token_refuse_flank(Reveal& rv) {
  rv.f.refuse_flank = true;
}

// token.heroic_inspiration, HEROIC INSPIRATION: the own brigade in the fight
// with the most stress: -2 brigade stress; none under SNIPER.
void Phase::token_heroic_inspiration(Reveal& rv) {
  if (rv.f.sniped.count(rv.side)) {
    rv.note = "no effect: SNIPER";
  } else {
    std::string best;
    for (const auto& b : brigades_in(rv.f))
      if (st_.brigades.at(b).side == rv.side &&
          (best.empty() || st_.brigades.at(b).stress > st_.brigades.at(best).stress))
        best = b;
    if (!best.empty()) brigade_stress(best, -2, rv.brigades);
  }
}

// token.reinforce_the_line, REINFORCE THE LINE: each own fighting regiment
// with a supporter of its arm behind within 2": up to 2 of its stress passed
// to the supporter.
void Phase::token_reinforce_the_line(Reveal& rv) {
  for (const auto& r : in_fight(rv.f, rv.side, false)) {
    std::string back = supporter(r);
    int moved = std::min(2, st_.regiments.at(r).stress);
    if (back.empty() || moved == 0) continue;
    stressed(r, -moved, rv.units);
    stressed(back, moved, rv.units);
  }
}

// token.sniper, SNIPER: the opponent no longer benefits from HEROIC
// INSPIRATION or TACTICAL BRILLIANCE in this fight.
void Phase::token_sniper(Reveal& rv) {
  rv.f.sniped.insert(rv.enemy);
}

// token.tactical_brilliance, TACTICAL BRILLIANCE: +1 stress to every enemy
// brigade in the fight; the side counts double for WEIGHT OF NUMBERS; none
// under SNIPER.
void Phase::token_tactical_brilliance(Reveal& rv) {
  if (rv.f.sniped.count(rv.side)) {
    rv.note = "no effect: SNIPER";
  } else {
    rv.f.doubled.insert(rv.side);
    for (const auto& b : brigades_in(rv.f))
      if (st_.brigades.at(b).side == rv.enemy) brigade_stress(b, 1, rv.brigades);
  }
}

// token.cavalry_support, CAVALRY SUPPORT: mounted cavalry within 8" joins the
// fight into contact: +2 to two enemy regiments, +1 their brigades, +2 the
// cavalry.
void Phase::token_cavalry_support(Reveal& rv) {
  // The nearest own cavalry regiment on the table, not fighting, within
  // 8" of an enemy regiment of the fight (least distance, then id),
  // charges the closest of them; on contact it joins the fight: +2 to
  // the two enemy regiments of the fight closest to it, +1 to their
  // brigades, +2 to itself.
  auto foes = in_fight(rv.f, rv.enemy, false);
  std::string cav, target;
  Coord best = -1;
  for (const auto& [id, x] : st_.regiments) {
    // "a deployed, mounted cavalry regiment" (dismounted only from
    // version 3).
    if (!on_table(id) || side_of(id) != rv.side || arm_of(id) != Arm::kCavalry || x.dismounted)
      continue;
    Outline o = base_of(id);
    if (near_enemy(o, rv.side, kFightingRange)) continue;
    for (const auto& e : foes) {
      Coord d = distance_floor(o, base_of(e));
      if (d <= kEngagementRange && (best < 0 || d < best)) best = d, cav = id, target = e;
    }
  }
  if (cav.empty() || !charge(cav, target)) {
    rv.note = "no effect: no cavalry regiment could reach the fight";
  } else {
    rv.f.regiments.push_back(cav);
    std::sort(rv.f.regiments.begin(), rv.f.regiments.end());
    resolved_.insert(cav);
    fought_.insert(brigade_of(cav));
    Outline o = base_of(cav);
    std::sort(foes.begin(), foes.end(), [&](const std::string& a, const std::string& b) {
      Coord da = distance_floor(o, base_of(a)), db = distance_floor(o, base_of(b));
      return da != db ? da < db : a < b;
    });
    if (foes.size() > 2) foes.resize(2);
    Json u = unit(cav);
    u["to"] = u["at"];
    stress_regiment(st_, cav, 2, in_.dice);
    u["amount"] = 2;
    rv.units.push_back(after(u, cav));
    std::set<std::string> hit;
    for (const auto& e : foes) {
      stressed(e, 2, rv.units);
      hit.insert(brigade_of(e));
    }
    for (const auto& b : hit) brigade_stress(b, 1, rv.brigades);
  }
}

// token.counter_charge, COUNTER CHARGE: the side's fighting regiments advance
// into contact; +1 to every unit newly in contact.
void Phase::token_counter_charge(Reveal& rv) {
  // Every own fighting regiment not in contact advances straight toward
  // its closest enemy regiment until the bases touch, unless a base
  // would overlap first; every unit newly in contact, either side, +1.
  std::set<std::string> before;
  for (const auto& r : rv.f.regiments)
    if (on_table(r) && !contacts(r).empty()) before.insert(r);
  for (const auto& r : in_fight(rv.f, rv.side, false)) {
    if (!contacts(r).empty()) continue;
    std::string target = closest_enemy(base_of(r), rv.side);
    if (!target.empty()) (void)charge(r, target);
  }
  std::set<std::string> now;
  for (const auto& r : in_fight(rv.f, rv.side, false))
    for (const auto& e : contacts(r)) {
      now.insert(r);
      now.insert(e);
    }
  for (const auto& r : now) {
    if (before.count(r)) continue;
    Json u = unit(r);
    u["to"] = u["at"];
    stress_regiment(st_, r, 1, in_.dice);
    u["amount"] = 1;
    rv.units.push_back(after(u, r));
  }
}

// token.rebel_yell, REBEL YELL: +1 to contacted Union regiments, -1 to
// contacting Confederate ones (the throw-back is in draw_tokens_for).
void Phase::token_rebel_yell(Reveal& rv) {
  // +1 to every Union regiment of the fight in contact with a
  // Confederate one, -1 to every Confederate regiment in contact with a
  // Union one (the scenario's sides "union" and "confederate").
  for (const auto& r : rv.f.regiments) {
    if (!on_table(r) || arm_of(r) == Arm::kArtillery || contacts(r).empty()) continue;
    if (side_of(r) == "union") stressed(r, 1, rv.units);
    if (side_of(r) == "confederate" && st_.regiments.at(r).stress > 0) stressed(r, -1, rv.units);
  }
}

// token.seize_the_standard, SEIZE THE STANDARD: the own contacting regiment
// with the most stress -1, the enemy one it touches +1, which no RALLY TO THE
// STANDARD may then modify.
void Phase::token_seize_the_standard(Reveal& rv) {
  std::vector<std::string> pool;
  for (const auto& r : in_fight(rv.f, rv.side, false))
    if (!contacts(r).empty()) pool.push_back(r);
  std::string r = most_stressed(pool);
  if (!r.empty()) {
    std::string foe = contacts(r).front();
    stressed(r, -1, rv.units);
    stressed(foe, 1, rv.units);
    rv.f.no_rally.insert(foe);
  }
}

// token.break_through, BREAK THROUGH: an own regiment in contact with an
// unsupported enemy one: its test, then the enemy's; a failure +3 and the
// testing ends.
void Phase::token_break_through(Reveal& rv) {
  std::string best, foe;
  for (const auto& r : in_fight(rv.f, rv.side, false))
    for (const auto& e : contacts(r))
      if (supporter(e).empty()) {
        if (best.empty() || st_.regiments.at(r).stress < st_.regiments.at(best).stress)
          best = r, foe = e;
        break;
      }
  if (!best.empty()) {
    for (const auto& r : {best, foe}) {
      const std::string b = brigade_of(r);
      TestRoll t = regiment_test(in_.dice, st_.regiments.at(r).stress, st_.brigades.at(b).stress, 0,
                                 "break through");
      Json u = unit(r);
      u["test"] = {{"roll", t.roll}, {"against", t.against}, {"passed", t.passed}};
      u["passed"] = t.passed;
      if (!t.passed) stress_regiment(st_, r, 3, in_.dice);
      rv.units.push_back(after(u, r));
      if (!t.passed) break;
    }
  }
}

// token.double_shot, DOUBLE SHOT: the side's batteries in this fight +1
// stress, self-stress on 1-2 (revealed before the resolution).
void Phase::token_double_shot(Reveal& rv) {
  rv.f.double_shot.insert(rv.side);
}

// token.hot_pursuit, HOT PURSUIT: "Whichever side wins this fight" pursues
// (hot_pursuit.cpp).
void Phase::token_hot_pursuit(Reveal& rv) {
  rv.f.hot_pursuit = true;  // "Whichever side wins this fight"
}

// token.tooth_and_nail, TOOTH AND NAIL: the own infantry regiment with the
// most stands in contact with enemy infantry, and that one: each loses a
// stand and gains 2 stress; under 2 stands it is removed.
void Phase::token_tooth_and_nail(Reveal& rv) {
  std::string best, foe;
  for (const auto& r : in_fight(rv.f, rv.side, false)) {
    if (arm_of(r) != Arm::kInfantry) continue;
    std::string x;
    for (const auto& e : contacts(r))
      if (arm_of(e) == Arm::kInfantry) {
        x = e;
        break;
      }
    if (x.empty()) continue;
    if (best.empty() || st_.regiments.at(r).stands > st_.regiments.at(best).stands)
      best = r, foe = x;
  }
  for (const auto& r :
       best.empty() ? std::vector<std::string>{} : std::vector<std::string>{best, foe}) {
    auto& x = st_.regiments.at(r);
    Json u = unit(r);
    x.stands -= 1;
    if (x.stands < 2) {
      x.removed = true;
      x.at.reset();
    } else {
      stress_regiment(st_, r, 2, in_.dice);
    }
    u["amount"] = 2;
    rv.units.push_back(after(u, r));
  }
}

// token.like_a_stone_wall, LIKE A STONE WALL: every brigade of the side must
// Hold the Line at +3; if it loses, its brigades gain 2 rather than 1.
void Phase::token_like_a_stone_wall(Reveal& rv) {
  rv.f.stone_wall.insert(rv.side);
}

// token.rally_to_the_standard, RALLY TO THE STANDARD: the own regiment in the
// fight with the most stress: -2.
void Phase::token_rally_to_the_standard(Reveal& rv) {
  std::vector<std::string> pool;
  for (const auto& r : in_fight(rv.f, rv.side, true))
    if (!rv.f.no_rally.count(r)) pool.push_back(r);
  std::string r = most_stressed(pool);
  if (!r.empty()) stressed(r, -2, rv.units);
}

// token.weight_of_numbers, WEIGHT OF NUMBERS: the side with more regiments in
// the fight: +1 stress per extra one to the other's, spread evenly; +1 to
// each outnumbered brigade.
void Phase::token_weight_of_numbers(Reveal& rv) {
  int mine = int(in_fight(rv.f, rv.side, true).size()) * (rv.f.doubled.count(rv.side) ? 2 : 1);
  int theirs = int(in_fight(rv.f, rv.enemy, true).size()) * (rv.f.doubled.count(rv.enemy) ? 2 : 1);
  if (mine != theirs) {
    const std::string& more = mine > theirs ? rv.side : rv.enemy;
    const std::string& fewer = mine > theirs ? rv.enemy : rv.side;
    std::map<std::string, int> got;
    for (const auto& r : in_fight(rv.f, fewer, true)) got[r] = 0;
    for (int k = 0; k < std::abs(mine - theirs) && !got.empty(); ++k) {
      std::string pick;
      for (const auto& [r, n] : got)
        if (on_table(r) && (pick.empty() || n < got.at(pick))) pick = r;
      if (pick.empty()) break;
      ++got[pick];
      stressed(pick, 1, rv.units);
    }
    for (const auto& b : brigades_in(rv.f))
      if (st_.brigades.at(b).side == fewer) brigade_stress(b, 1, rv.brigades);
    rv.note = more + " outnumbers " + fewer;
  }
}

std::vector<std::string> Phase::in_fight(const Fight& f, const std::string& side, bool guns) const {
  std::vector<std::string> out;
  for (const auto& r : f.regiments)
    if (on_table(r) && side_of(r) == side && (guns || arm_of(r) != Arm::kArtillery))
      out.push_back(r);
  return out;
}

// The enemy regiments (not batteries) whose bases touch r's, by id.
std::vector<std::string> Phase::contacts(const std::string& r) const {
  std::vector<std::string> out;
  Outline o = base_of(r);
  for (const auto& e : enemies_of(side_of(r)))
    if (arm_of(e) != Arm::kArtillery && touch(o, base_of(e))) out.push_back(e);
  return out;
}

// The nearest regiment of r's side and arm behind r (its centre behind
// r's front line) within 2", by distance then id; "" when none.
std::string Phase::supporter(const std::string& r) const {
  const auto& x = st_.regiments.at(r);
  Point back = turn(0, 100, x.facing);
  Outline o = base_of(r);
  std::string best;
  Coord best_d = -1;
  for (const auto& [id, y] : st_.regiments) {
    if (id == r || y.removed || !y.at || side_of(id) != side_of(r) || arm_of(id) != arm_of(r))
      continue;
    if (dot(*y.at - *x.at, back) >= 0) continue;
    Coord d = distance_floor(o, base_of(id));
    if (d > 2 * kInch) continue;
    if (best_d < 0 || d < best_d) best = id, best_d = d;
  }
  return best;
}

Json Phase::stressed(const std::string& r, int amount, Json& units) {
  Json u = unit(r);
  stress_regiment(st_, r, amount, in_.dice);
  u["amount"] = amount;
  units.push_back(after(u, r));
  return u;
}

void Phase::brigade_stress(const std::string& b, int amount, Json& brigades) {
  stress_brigade(st_, b, amount);
  brigades.push_back({{"brigade", b},
                      {"side", st_.brigades.at(b).side},
                      {"amount", amount},
                      {"brigade_stress", st_.brigades.at(b).stress}});
}

// COUNTER CHARGE: r moves straight toward the target's centre a
// hundredth at a time and stops at the first place its base touches the
// target; a place on another base (or off the table) first leaves it
// where it was.
bool Phase::charge(const std::string& r, const std::string& target) {
  Body body = regiment_body(sc_, st_, r);
  Point from = body.centre;
  Point d = *st_.regiments.at(target).at - from;
  Coord len = static_cast<Coord>(isqrt(static_cast<unsigned __int128>(squared(d))));
  Outline goal = base_of(target);
  for (Coord k = 1; k <= len; ++k) {
    body.centre = {from.x + div_round(Wide(d.x) * k, len), from.y + div_round(Wide(d.y) * k, len)};
    Outline o = outline(body);
    if (!legal(r, o)) return false;
    if (touch(o, goal)) {
      st_.regiments.at(r).at = body.centre;
      return true;
    }
  }
  return false;
}

// Reveals one token of `side` in this fight, carries out its effect with
// its documented default choices, and returns it to the box.

}  // namespace adjutant::rules::chaos::fight_run
