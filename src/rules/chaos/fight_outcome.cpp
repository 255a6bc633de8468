// How a fight ends: lost at the first failed test (fight.lose,
// fight.artillery, fight.cavalry) or with neither tested side withdrawing
// (fight.neither).
#include "rules/chaos/fight_run.h"

#include "rules/chaos/bearing.h"
#include "rules/chaos/formation.h"
#include "rules/chaos/shift.h"

namespace adjutant::rules::chaos::fight_run {

// fight.lose, fight.artillery: the loser's units withdraw to 5" (a
// battery tests first: success limbers and withdraws, failure destroys
// it); +1 to each of its brigades and each falling-back regiment not yet
// tested. The victor: -1 to each regiment not yet tested and each
// brigade in the fight, and one token from the tin.
void Phase::lose(Fight& f, const std::string& loser, const std::string& failed) {
  std::string winner = other_side(sc_, loser);
  Json units = Json::array();
  for (const auto& r : f.regiments) {
    if (r == failed || !on_table(r) || side_of(r) != loser) continue;
    Json u = unit(r);
    auto& x = st_.regiments.at(r);
    bool v3 = rd_.limbering_and_mounting;
    // fight.artillery: "Limbered artillery moves back normally" (a
    // battery is limbered only from version 3); an unlimbered one tests:
    // success limbers and withdraws, failure destroys it.
    if (arm_of(r) == Arm::kArtillery && !x.limbered) {
      const std::string b = brigade_of(r);
      TestRoll t =
          regiment_test(in_.dice, x.stress, st_.brigades.at(b).stress, 0, "fight.artillery");
      u["test"] = {{"roll", t.roll}, {"against", t.against}, {"passed", t.passed}};
      u["rule"] = "fight.artillery";
      if (!t.passed) {
        x.removed = true;
        x.at.reset();
        u["destroyed"] = true;
        units.push_back(after(u, r));
        continue;
      }
      if (v3) x.limbered = true;
    } else if (arm_of(r) == Arm::kArtillery) {
      u["rule"] = "fight.artillery";
    }
    // fight.cavalry (version 3): dismounted cavalry tests; success
    // mounts and withdraws, failure withdraws dismounted.
    if (arm_of(r) == Arm::kCavalry && x.dismounted) {
      const std::string b = brigade_of(r);
      TestRoll t = regiment_test(in_.dice, x.stress, st_.brigades.at(b).stress, 0, "fight.cavalry");
      u["test"] = {{"roll", t.roll}, {"against", t.against}, {"passed", t.passed}};
      u["rule"] = "fight.cavalry";
      if (t.passed) x.dismounted = false;
    }
    if (v3 && x.limbered) u["limbered"] = true;
    if (v3 && x.dismounted) u["dismounted"] = true;
    u["to"] = json_of(fall_back(r, kBendTo));
    if (!f.tested.count(r)) stress_regiment(st_, r, 1, in_.dice);
    units.push_back(after(u, r));
  }
  for (const auto& r : f.regiments) {
    if (!on_table(r) || side_of(r) != winner || f.tested.count(r)) continue;
    if (st_.regiments.at(r).stress == 0) continue;
    stress_regiment(st_, r, -1, in_.dice);
    Json u = unit(r);
    u["amount"] = -1;
    units.push_back(after(u, r));
  }
  Json brigades = Json::array();
  for (const auto& b : brigades_in(f)) {
    bool lost = st_.brigades.at(b).side == loser;
    int amount = lost ? (f.stone_wall.count(loser) ? 2 : 1) : -1;
    stress_brigade(st_, b, amount);
    brigades.push_back({{"brigade", b},
                        {"side", st_.brigades.at(b).side},
                        {"amount", amount},
                        {"brigade_stress", st_.brigades.at(b).stress}});
  }
  push({{"type", "fight_lose"},
        {"side", loser},
        {"winner", winner},
        {"units", units},
        {"brigades", brigades},
        {"rule", "fight.lose"}});
  wagons();
  if (!in_.tin.empty())
    draw_tokens_for(in_.dice, in_.tin, winner, 1, true, "fight.lose", in_.events);
  if (f.hot_pursuit) pursue(f, winner, loser);
}

// fight.neither: the caller's brigade commanders 5" straight back from
// the closest enemy regiment and on until none is within 6" of one; its
// regiments in the fight straight back until not within 4" of an enemy
// regiment; then the other side's the same; every brigade +1.
void Phase::neither(Fight& f) {
  Json commanders = Json::array();
  Json units = Json::array();
  auto brigades = brigades_in(f);
  for (const auto& b : brigades) {
    auto& bs = st_.brigades.at(b);
    if (bs.side != f.caller || !bs.commander) continue;
    Body c{*bs.commander, 0, 1, sc_.bases.at(Arm::kCommander)};
    std::string from = closest_enemy(outline(c), bs.side);
    if (from.empty()) continue;
    Point last = c.centre;
    shift_until(c, *st_.regiments.at(from).at, true, kCommanderReach, [&](const Body& at) {
      if (!point_on_table(sc_, at.centre)) return true;
      last = at.centre;
      Coord gone = path_length({c.centre, at.centre});
      return gone >= kNeitherBack && !near_enemy(outline(at), bs.side, kNeitherClear + 1);
    });
    commanders.push_back(
        {{"brigade", b}, {"side", bs.side}, {"from", json_of(c.centre)}, {"to", json_of(last)}});
    bs.commander = last;
    // Its units take the default formation around him facing that enemy
    // regiment, if that place breaks no rule (on the table, on no other
    // base, none within 4" of an enemy); else each falls back below.
    auto present = deployed_regiments(st_, b);
    auto slots = default_formation(sc_, *sc_.brigade(b), last,
                                   bearing_to(last, *st_.regiments.at(from).at), present);
    bool fits = true;
    for (const auto& slot : slots) {
      Outline o = outline(slot.body);
      bool clear = base_on_table(sc_, o) && !near_enemy(o, bs.side, kFightingRange);
      for (const auto& [id, x] : st_.regiments)
        if (clear && x.brigade != b && !x.removed && x.at &&
            convex_overlap(o, base_of(id), kOverlapTolerance))
          clear = false;
      fits = fits && clear;
    }
    if (!fits) continue;
    for (const auto& slot : slots) {
      Json u = unit(slot.regiment);
      st_.regiments.at(slot.regiment).at = slot.body.centre;
      st_.regiments.at(slot.regiment).facing = slot.body.bearing;
      u["to"] = json_of(slot.body.centre);
      u["facing"] = slot.body.bearing;
      units.push_back(after(u, slot.regiment));
    }
  }
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& r : f.regiments) {
      if (!on_table(r) || (side_of(r) == f.caller) != (pass == 0)) continue;
      if (!near_enemy(base_of(r), side_of(r), kFightingRange)) continue;
      Json u = unit(r);
      u["to"] = json_of(fall_back(r, kFightingRange));
      units.push_back(after(u, r));
    }
  Json stressed = Json::array();
  for (const auto& b : brigades) {
    stress_brigade(st_, b, 1);
    stressed.push_back({{"brigade", b},
                        {"side", st_.brigades.at(b).side},
                        {"amount", 1},
                        {"brigade_stress", st_.brigades.at(b).stress}});
  }
  push({{"type", "fight_neither"},
        {"side", f.caller},
        {"commanders", commanders},
        {"units", units},
        {"brigades", stressed},
        {"rule", "fight.neither"}});
  wagons();
}

}  // namespace adjutant::rules::chaos::fight_run
