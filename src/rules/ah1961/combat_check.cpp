#include <map>

#include "rules/ah1961/combat.h"
#include "rules/ah1961/zones.h"

namespace adjutant::rules::ah1961 {

namespace {

bool secondary_battle(const Board& b, const AttackOrder& a) {
  for (const auto& x : a.attackers)
    for (const auto& d : a.defenders)
      if (hex::distance(*b.square_of(x), *b.square_of(d)) == 1) return false;
  return true;
}

}  // namespace

int combats_so_far(const State& st) {
  if (st.extra.contains("combats") && st.extra["combats"].at("turn") == st.turn)
    return st.extra["combats"].at("count").get<int>();
  return 0;
}

bool fights(const Board& b, const AttackOrder& a) {
  for (const auto& d : a.defenders)
    if (b.active(d) && !is_hq(*b.def(d))) return true;
  return false;
}

std::string protected_side(const Board& b, const AttackOrder& a) {
  if (!secondary_battle(b, a)) return "";  // treated as if all were in the primary zone
  bool att_a = is_artillery_type(*b.def(a.attackers.front()));
  bool def_a = is_artillery_type(*b.def(a.defenders.front()));
  if (att_a && !def_a) return "attacker";
  if (!att_a && def_a) return "defender";
  return "";
}

void check_attacks(const Board& b, const std::vector<AttackOrder>& attacks,
                   const std::set<std::string>& moved, Problems& problems,
                   std::vector<std::string>& echo) {
  const std::string side = b.state().phase;
  const std::string enemy = b.enemy_of(side);
  std::map<std::string, int> attacked_by, defended_in;
  std::size_t first = problems.size();
  for (const auto& a : attacks) {
    bool ok = true;
    auto fail = [&](const std::string& id, const std::string& unit, const std::string& rule,
                    const std::string& why) {
      auto h = b.square_of(unit);
      problems.push_back(problem(id, a.index, unit, h ? b.sq(*h) : "", rule, why));
      ok = false;
    };
    for (const auto& u : a.attackers) {
      const UnitDef* d = b.def(u);
      if (!d)
        fail("attack.unknown_unit", u, "combat", "no such unit");
      else if (b.side_of(u) != side)
        fail("attack.not_own_unit", u, "turns", u + " is not a " + side + " unit");
      else if (!b.active(u))
        fail("attack.unit_gone", u, "combat", u + " is not on the board");
      else if (!is_fighting(*d))
        fail("attack.noncombat", u, "combat",
             u + " has no combat factor (HQs and detachments do not attack)");
      else if (attacked_by.count(u))
        fail("attack.twice", u, "attack", "no unit may attack more than once on the same turn");
      else
        attacked_by[u] = a.index;
    }
    for (const auto& u : a.defenders) {
      const UnitDef* d = b.def(u);
      if (!d)
        fail("attack.unknown_unit", u, "combat", "no such unit");
      else if (b.side_of(u) != enemy)
        fail("attack.no_enemy", u, "combat", u + " is not an enemy unit");
      else if (!b.active(u))
        fail("attack.unit_gone", u, "combat", u + " is not on the board");
      else if (!has_zone(*d))
        fail("attack.detachment", u, "river.crossing",
             u + " is a detachment: boats are destroyed and bridges captured by zones of control, "
                 "not attacked");
      else if (defended_in.count(u))
        fail("attack.twice", u, "defence",
             "no defending unit may be fought more than once in the same turn");
      else
        defended_in[u] = a.index;
    }
    if (!ok) continue;
    for (const auto& x : a.attackers)
      for (const auto& d : a.defenders) {
        std::string rule;
        std::string why = contact_problem(b, x, d, a.defenders, rule);
        if (!why.empty()) fail("attack.not_in_zone", x, rule, why);
      }
    if (!ok) continue;
    if (secondary_battle(b, a)) {
      auto mixed = [&](const std::vector<std::string>& units) {
        bool arty = false, other = false;
        for (const auto& u : units) (is_artillery_type(*b.def(u)) ? arty : other) = true;
        return arty && other;
      };
      if (mixed(a.attackers))
        fail("attack.secondary_mix", a.attackers.front(), "secondary.thumb",
             "NA's with A's cannot fight from the secondary zone: only the artillery units fight");
      if (mixed(a.defenders))
        fail("attack.secondary_mix", a.defenders.front(), "secondary.5",
             "artillery attacking from the secondary zone fights the enemy artillery, ignoring NA");
    }
    for (const auto& u : a.advance)
      if (std::find(a.attackers.begin(), a.attackers.end(), u) == a.attackers.end())
        fail("attack.advance", u, "hill.advance",
             u + " may advance only as one of this battle's attackers");
    for (const auto& u : a.losses)
      if (std::find(a.attackers.begin(), a.attackers.end(), u) == a.attackers.end())
        fail("attack.losses", u, "exchange", u + " is not one of this battle's attackers");
    for (const auto& [u, squares] : a.retreat)
      if (std::find(a.defenders.begin(), a.defenders.end(), u) == a.defenders.end())
        fail("attack.retreat", u, "back2", u + " is not one of this battle's defenders");
  }
  if (problems.size() != first) return;
  // The obligations, from the board after movement.
  const std::vector<std::string> mine = b.units_of(side), theirs = b.units_of(enemy);
  for (const auto& u : mine) {
    const UnitDef& d = *b.def(u);
    if (!is_fighting(d) || attacked_by.count(u)) continue;
    Hex h = *b.square_of(u);
    bool arty = is_artillery_type(d);
    for (const auto& e : theirs) {
      const UnitDef& ed = *b.def(e);
      if (!has_zone(ed)) continue;
      Hex he = *b.square_of(e);
      int dist = hex::distance(h, he);
      std::string rule, why;
      if (dist == 1 && !river_pair(b, h, he) && (!arty || moved.count(u))) {
        rule = arty ? "artillery.primary" : "zoc.primary";
        why = u + " is next to " + e + " at " + b.sq(he) +
              ": combat must occur whenever opposing units are adjacent" +
              (arty ? " (artillery that moves next to an enemy must be able to attack it)" : "");
      } else if (dist == 2 && arty && is_artillery_type(ed)) {
        rule = "secondary.1";
        why = u + " has enemy artillery " + e + " at " + b.sq(he) +
              " in its secondary zone: A's must fight enemy A's";
      } else if (dist == 2 && !arty && is_artillery_type(ed) && !artillery_near(b, he, side)) {
        rule = "secondary.3";
        why = u + " is in the secondary zone of enemy artillery " + e + " at " + b.sq(he) +
              ": NA's by themselves must fight A's";
      }
      if (!rule.empty()) {
        problems.push_back(problem("attack.missing_attacker", -1, u, b.sq(h), rule, why));
        break;
      }
    }
  }
  for (const auto& e : theirs) {
    const UnitDef& ed = *b.def(e);
    if (!has_zone(ed) || defended_in.count(e)) continue;
    Hex he = *b.square_of(e);
    for (const auto& u : mine) {
      const UnitDef& d = *b.def(u);
      if (!is_fighting(d)) continue;
      Hex h = *b.square_of(u);
      int dist = hex::distance(h, he);
      bool arty = is_artillery_type(d);
      std::string rule;
      if (dist == 1 && !arty && !river_pair(b, h, he))
        rule = "multiple.primary";
      else if (dist == 2 && arty && is_artillery_type(ed))
        rule = "secondary.1";
      else if (dist == 2 && !arty && is_artillery_type(ed) && !artillery_near(b, he, side))
        rule = "secondary.3";
      if (!rule.empty()) {
        problems.push_back(problem("attack.missing_defender", -1, e, b.sq(he), rule,
                                   e + " has " + u +
                                       " in its zone of control: he must fight every defending "
                                       "unit in whose controlled zone he has attacking units"));
        break;
      }
    }
  }
  // Battles are numbered T.N through the game-turn (docs/protocol.md 8b:
  // each echoed combat is one combat event); an attack on HQs alone is no
  // battle: they are eliminated without a die.
  int n = combats_so_far(b.state());
  for (const auto& a : attacks) {
    std::string p = protected_side(b, a);
    std::string what = join(a.attackers) + " against " + join(a.defenders);
    if (!fights(b, a)) {
      echo.push_back("attack " + std::to_string(a.index) + ": " + what +
                     " (HQ's are automatically eliminated when attacked)");
      continue;
    }
    echo.push_back(
        "combat " + std::to_string(b.state().turn) + "." + std::to_string(++n) + ": " + what +
        (p.empty() ? ""
                   : " (secondary zone: results adverse to the " + p + "'s artillery ignored)"));
  }
}

}  // namespace adjutant::rules::ah1961
