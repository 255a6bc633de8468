#include "rules/ah1961/combat.h"

#include <algorithm>
#include <map>

#include "rules/ah1961/detachments.h"
#include "rules/ah1961/losses.h"
#include "rules/ah1961/odds.h"
#include "rules/ah1961/retreat.h"
#include "rules/ah1961/stacking.h"
#include "rules/ah1961/zones.h"

namespace adjutant::rules::ah1961 {

namespace {

// Defense: doubled on a fortification, on a hill, and on a shore square
// attacked from across the river (a river square or the opposite shore:
// one such attacker is enough); tripled on a fortified hill or a fortified
// shore square. Assumption: a hill shore square unfortified is doubled.
int multiplier(const Board& b, Hex h, const std::vector<std::string>& attackers, std::string& why) {
  bool fort = b.fortified(h), hill = b.hill(h), across = false;
  if (b.shore(h))
    for (const auto& a : attackers) {
      Hex ha = *b.square_of(a);
      if (b.water(ha) || b.region(ha) != b.region(h)) across = true;
    }
  std::vector<std::string> parts;
  if (fort) parts.push_back("fortification");
  if (hill) parts.push_back("hill");
  if (across) parts.push_back("shore");
  why = join(parts, "+");
  if (fort && (hill || across)) return 3;
  return (fort || hill || across) ? 2 : 1;
}

struct Side {
  std::vector<std::string> units;
  std::map<std::string, int> factors;  // as counted in this battle
  int total = 0;
};

void remove_units(Emitter& em, const std::vector<std::string>& units, const std::string& cause) {
  for (const auto& u : units) eliminate(em, u, cause, cause == "exchange" ? "exchange" : "combat");
}

void record_engagements(Emitter& em, const AttackOrder& a, const std::string& protect,
                        bool secondary) {
  Board b = em.board();
  Pairs pairs = engaged_pairs(b.state());
  Pairs kept;
  for (const auto& p : pairs)
    if (b.active(p.first) && b.active(p.second)) kept.insert(p);
  if (secondary) {
    // NOTE: artillery may later attack from the primary zone an enemy it
    // fought from the secondary zone, if that enemy did not leave the
    // secondary zone after combat.
    auto pair_up = [&](const std::vector<std::string>& arty,
                       const std::vector<std::string>& enemies) {
      for (const auto& x : arty) {
        if (!b.active(x) || !is_artillery_type(*b.def(x))) continue;
        for (const auto& e : enemies)
          if (b.active(e) && hex::distance(*b.square_of(x), *b.square_of(e)) <= 2)
            kept.insert({x, e});
      }
    };
    pair_up(a.attackers, a.defenders);
    pair_up(a.defenders, a.attackers);
  }
  if (kept == pairs) return;
  Json list = Json::array();
  for (const auto& [x, e] : kept) list.push_back(Json::array({x, e}));
  em.emit({{"type", "engaged"}, {"pairs", list}, {"rule", "artillery.primary"}});
}

void advance(Emitter& em, const AttackOrder& a, const std::vector<Hex>& cleared,
             const std::string& number) {
  for (const auto& u : a.advance) {
    Board b = em.board();
    auto from = b.square_of(u);
    if (!from) continue;
    for (Hex h : cleared) {
      // NOTE (Woods-Hills-Marsh) and Capture of Fortifications: a unit that
      // defeated an enemy on a hill or fortification may move onto it.
      if (!(b.hill(h) || b.fortified(h)) || !hex::adjacent(*from, h) || b.enemy_at(h, b.side_of(u)))
        continue;
      State trial = em.state();
      trial.units[u].location = b.sq(h);
      std::string rule;
      if (!stacking_problem(Board(em.scenario(), em.rules(), trial), h, b.side_of(u), rule).empty())
        continue;
      em.emit({{"type", "advance"},
               {"unit", u},
               {"from", b.sq(*from)},
               {"to", b.sq(h)},
               {"combat", number},
               {"rule", b.fortified(h) ? "fort.capture" : "hill.advance"}});
      break;
    }
  }
}

void resolve_one(Emitter& em, const AttackOrder& order, ledger::Dice& dice,
                 const std::string& number) {
  Board b = em.board();
  AttackOrder a = order;
  // Units gone since the orders (not expected: each unit fights once) drop out.
  auto gone = [&](const std::string& u) { return !b.active(u); };
  a.attackers.erase(std::remove_if(a.attackers.begin(), a.attackers.end(), gone),
                    a.attackers.end());
  a.defenders.erase(std::remove_if(a.defenders.begin(), a.defenders.end(), gone),
                    a.defenders.end());
  if (a.attackers.empty() || a.defenders.empty()) return;
  std::string protect = protected_side(b, a);
  bool secondary = !protect.empty() || [&] {
    for (const auto& x : a.attackers)
      for (const auto& d : a.defenders)
        if (hex::distance(*b.square_of(x), *b.square_of(d)) == 1) return false;
    return true;
  }();
  // HQ's are automatically eliminated when attacked.
  std::vector<std::string> fighting;
  for (const auto& d : a.defenders) {
    if (is_hq(*b.def(d)))
      eliminate(em, d, "HQ attacked", "combat.hq");
    else
      fighting.push_back(d);
  }
  a.defenders = fighting;
  if (a.defenders.empty()) return;

  Side att, def;
  Json attackers = Json::array(), defenders = Json::array(), hexes = Json::array();
  std::vector<std::string> modifiers;
  for (const auto& u : a.attackers) {
    const UnitDef& d = *b.def(u);
    Hex h = *b.square_of(u);
    att.units.push_back(u);
    att.factors[u] = d.strength;  // always its basic factor in attack
    att.total += d.strength;
    bool ranged = true;
    for (const auto& x : a.defenders)
      if (hex::distance(h, *b.square_of(x)) == 1) ranged = false;
    attackers.push_back({{"unit", u},
                         {"hex", b.sq(h)},
                         {"type", d.type},
                         {"strength", d.strength},
                         {"ranged", ranged}});
  }
  std::map<Hex, std::pair<int, int>> by_square;  // square -> basic, multiplied
  std::map<Hex, std::string> why_square;
  std::vector<Hex> squares;
  for (const auto& u : a.defenders) {
    const UnitDef& d = *b.def(u);
    Hex h = *b.square_of(u);
    std::string why;
    int m = multiplier(b, h, a.attackers, why);
    def.units.push_back(u);
    def.factors[u] = d.strength * m;
    def.total += d.strength * m;
    by_square[h].first += d.strength;
    by_square[h].second += d.strength * m;
    if (!why.empty()) why_square[h] = why;
    if (std::find(squares.begin(), squares.end(), h) == squares.end()) squares.push_back(h);
    defenders.push_back(
        {{"unit", u}, {"hex", b.sq(h)}, {"type", d.type}, {"strength", d.strength}});
  }
  for (const auto& [h, f] : by_square) {
    Json row = {{"hex", b.sq(h)},
                {"strength", f.first},
                {"multiplier", f.first ? f.second / f.first : 1},
                {"defence", f.second}};
    if (why_square.count(h)) {
      row["modifier"] = why_square[h];
      modifiers.push_back(b.sq(h) + ": " + why_square[h]);
    }
    hexes.push_back(row);
  }
  if (secondary) modifiers.push_back("secondary zone");
  if (protect == "attacker")
    modifiers.push_back("results adverse to the attacking artillery ignored (case 2)");
  if (protect == "defender")
    modifiers.push_back("results adverse to the defending artillery ignored (case 3)");
  Odds odds = basic_odds(att.total, def.total);
  Json ev = {{"type", "combat"},       {"combat", number},
             {"order", order.index},   {"attackers", attackers},
             {"defenders", defenders}, {"hexes", hexes},
             {"attack", att.total},    {"defence", def.total},
             {"modifiers", modifiers}, {"ratio", {att.total, def.total}},
             {"rule", "crt"}};
  std::string result;
  if (odds.automatic) {
    // Odds greater than 6 to 1 or 1 to 6 mean automatic elimination.
    result = odds.automatic_result;
    std::string col = result == "DE" ? "6-1" : "1-6";
    ev["computed"] = col;
    ev["odds"] = col;
    ev["automatic"] = true;
    ev["note"] = std::to_string(att.total) + "-" + std::to_string(def.total) + " is beyond " + col +
                 ": automatic elimination";
  } else {
    ev["computed"] = odds.column;
    ev["odds"] = odds.column;
    std::size_t k = dice.rolls().size();
    int die = dice.roll(b.scenario().crt.die_sides, "combat " + number);
    result = crt_result(b.scenario().crt, odds.column, die);
    ev["die"] = {{"k", k}, {"value", die}};
    ev["cell"] = {{"odds", odds.column}, {"die", die}, {"result", result}};
  }
  ev["result"] = result;
  em.emit(std::move(ev));
  bool spare_att = protect == "attacker", spare_def = protect == "defender";
  std::vector<Hex> cleared;
  if (result == "AE" && !spare_att) {
    remove_units(em, att.units, "combat");
  } else if (result == "DE" && !spare_def) {
    remove_units(em, def.units, "combat");
    cleared = squares;
  } else if (result == "AB2" && !spare_att) {
    for (const auto& u : att.units) back_two(em, u, {}, number);
  } else if (result == "DB2" && !spare_def) {
    for (const auto& u : def.units) {
      auto it = a.retreat.find(u);
      back_two(em, u, it == a.retreat.end() ? std::vector<std::string>{} : it->second, number);
    }
    cleared = squares;
  } else if (result == "EX") {
    // The player with FEWER combat factors removes all his units; the other
    // removes units whose factors total AT LEAST that (equal: both remove all).
    std::vector<std::string> att_loss, def_loss;
    if (att.total <= def.total) att_loss = att.units;
    if (def.total <= att.total) def_loss = def.units;
    if (att.total < def.total) def_loss = choose_losses(def.factors, att.total, {});
    if (def.total < att.total) att_loss = choose_losses(att.factors, def.total, a.losses);
    if (!spare_att) remove_units(em, att_loss, "exchange");
    if (!spare_def) {
      remove_units(em, def_loss, "exchange");
      if (def_loss.size() == def.units.size()) cleared = squares;
    }
  }
  std::vector<Hex> empty;
  Board now = em.board();
  for (Hex h : cleared)
    if (now.units_at(h, now.enemy_of(now.state().phase)).empty()) empty.push_back(h);
  advance(em, a, empty, number);
  record_engagements(em, a, protect, secondary);
  sweep_detachments(em, {});
}

}  // namespace

int resolve_attacks(Emitter& em, const std::vector<AttackOrder>& attacks, ledger::Dice& dice) {
  const State& st = em.state();
  int base = 0;
  if (st.extra.contains("combats") && st.extra["combats"].at("turn") == st.turn)
    base = st.extra["combats"].at("count").get<int>();
  int n = base;
  const bool unnumbered = hq_attack_unnumbered(em.scenario());
  for (const auto& a : attacks) {
    if (unnumbered && !fights(em.board(), a)) {
      resolve_one(em, a, dice, "");  // the HQs are eliminated; no die, no number
      continue;
    }
    resolve_one(em, a, dice, std::to_string(st.turn) + "." + std::to_string(++n));
  }
  return n;
}

}  // namespace adjutant::rules::ah1961
