// HOT PURSUIT (token.hot_pursuit), after a lost fight the token was
// revealed in.
#include "rules/chaos/fight_run.h"

#include "rules/chaos/march.h"
#include "rules/chaos/shift.h"

namespace adjutant::rules::chaos::fight_run {

// HOT PURSUIT, after a lost fight: each of the winner's brigades in the
// fight (commander and regiments as a block) moves straight toward the
// nearest regiment of the loser's in the fight, quarter-inch steps, as far
// as it can without a regiment coming within 4" of an enemy regiment, on
// the table and on no other base; then the winner's regiment of the fight
// with the least stress (then id) takes a regimental stress test, and on
// success moves straight toward the nearest pursued regiment until less
// than 4" from an enemy regiment, not into contact.
void Phase::pursue(Fight& f, const std::string& winner, const std::string& loser) {
  Json units = Json::array();
  Json commanders = Json::array();
  auto pursued = in_fight(f, loser, true);
  if (pursued.empty()) return;
  for (const auto& b : brigades_in(f)) {
    auto& bs = st_.brigades.at(b);
    if (bs.side != winner || !bs.commander) continue;
    auto regs = deployed_regiments(st_, b);
    if (regs.empty()) continue;
    // The nearest pair of its regiment and a pursued one sets the line.
    std::string mine, theirs;
    Coord best = -1;
    for (const auto& r : regs)
      for (const auto& e : pursued) {
        Coord d = distance_floor(base_of(r), base_of(e));
        if (best < 0 || d < best) best = d, mine = r, theirs = e;
      }
    Point from = *st_.regiments.at(mine).at;
    Point d = *st_.regiments.at(theirs).at - from;
    Coord len = static_cast<Coord>(isqrt(static_cast<unsigned __int128>(squared(d))));
    if (len == 0) continue;
    std::map<std::string, Point> start;
    for (const auto& r : regs) start[r] = *st_.regiments.at(r).at;
    Point c0 = *bs.commander;
    Point moved{0, 0};
    for (Coord k = kMarchStep; k <= len; k += kMarchStep) {
      Point delta{div_round(Wide(d.x) * k, len), div_round(Wide(d.y) * k, len)};
      bool ok = true;
      for (const auto& r : regs) st_.regiments.at(r).at = start.at(r) + delta;
      for (const auto& r : regs) {
        Outline o = base_of(r);
        if (!legal(r, o) || near_enemy(o, winner, kFightingRange)) ok = false;
      }
      if (!ok) break;
      moved = delta;
    }
    for (const auto& r : regs) st_.regiments.at(r).at = start.at(r) + moved;
    if (moved == Point{0, 0}) continue;
    bs.commander = c0 + moved;
    commanders.push_back(
        {{"brigade", b}, {"side", winner}, {"from", json_of(c0)}, {"to", json_of(*bs.commander)}});
    for (const auto& r : regs) {
      Json u = unit(r);
      u["to"] = u["at"];
      units.push_back(after(u, r));
    }
  }
  std::string pursuer;
  for (const auto& r : in_fight(f, winner, false))
    if (pursuer.empty() || st_.regiments.at(r).stress < st_.regiments.at(pursuer).stress)
      pursuer = r;
  if (!pursuer.empty()) {
    const std::string b = brigade_of(pursuer);
    TestRoll t = regiment_test(in_.dice, st_.regiments.at(pursuer).stress,
                               st_.brigades.at(b).stress, 0, "hot pursuit");
    Json u = unit(pursuer);
    u["test"] = {{"roll", t.roll}, {"against", t.against}, {"passed", t.passed}};
    u["passed"] = t.passed;
    if (t.passed) {
      std::string target = closest_enemy(base_of(pursuer), winner);
      Body body = regiment_body(sc_, st_, pursuer);
      bool bad = false;
      Shift sh = shift_until(body, *st_.regiments.at(target).at, false, kInitiateReach,
                             [&](const Body& at) {
                               Outline o = outline(at);
                               if (!legal(pursuer, o)) {
                                 bad = true;
                                 return true;
                               }
                               return near_enemy(o, winner, kFightingRange);
                             });
      bool contact = false;
      for (const auto& e : enemies_of(winner))
        contact = contact || touch(outline(sh.body), base_of(e));
      if (!bad && sh.done && !contact) {
        st_.regiments.at(pursuer).at = sh.body.centre;
        u["to"] = json_of(sh.body.centre);
      }
    }
    units.push_back(after(u, pursuer));
  }
  push({{"type", "fight_pursuit"},
        {"side", winner},
        {"commanders", commanders},
        {"units", units},
        {"rule", "token.hot_pursuit"}});
  wagons();
}

}  // namespace adjutant::rules::chaos::fight_run
