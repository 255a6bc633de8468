#include "rules/ah1961/bot/attacks.h"

#include <algorithm>
#include <climits>
#include <functional>

#include "rules/ah1961/zones.h"

namespace adjutant::bot::ah1961 {

namespace {

struct Battle {
  std::vector<std::string> attackers, defenders;
};

bool arty(const r61::Board& b, const std::string& u) {
  return r61::is_artillery_type(*b.def(u));
}

// The check's own obligations (combat_check.cpp), asked of one pair.
bool must_attack(const r61::Board& b, const std::string& u, const std::string& e,
                 const std::set<std::string>& moved, const std::string& side) {
  Hex h = *b.square_of(u), he = *b.square_of(e);
  int dist = hex::distance(h, he);
  bool a = arty(b, u), ea = arty(b, e);
  if (dist == 1) return !r61::river_pair(b, h, he) && (!a || moved.count(u));
  if (dist == 2 && a && ea) return true;
  return dist == 2 && !a && ea && !r61::artillery_near(b, he, side);
}

bool must_be_fought(const r61::Board& b, const std::string& u, const std::string& e,
                    const std::string& side) {
  Hex h = *b.square_of(u), he = *b.square_of(e);
  int dist = hex::distance(h, he);
  bool a = arty(b, u), ea = arty(b, e);
  if (dist == 1) return !a && !r61::river_pair(b, h, he);
  if (dist == 2 && a && ea) return true;
  return dist == 2 && !a && ea && !r61::artillery_near(b, he, side);
}

// Whether the battle passes the check: every attacker in contact with every
// defender; a secondary-zone battle all A or all NA on each side.
bool valid(const r61::Board& b, const Battle& x) {
  bool adjacent = false;
  for (const auto& a : x.attackers)
    for (const auto& d : x.defenders) {
      std::string rule;
      if (!r61::contact_problem(b, a, d, x.defenders, rule).empty()) return false;
      adjacent = adjacent || hex::distance(*b.square_of(a), *b.square_of(d)) == 1;
    }
  if (adjacent) return true;
  auto mixed = [&](const std::vector<std::string>& units) {
    bool y = false, n = false;
    for (const auto& u : units) (arty(b, u) ? y : n) = true;
    return y && n;
  };
  return !mixed(x.attackers) && !mixed(x.defenders);
}

int strength(const r61::Board& b, const std::vector<std::string>& units) {
  int s = 0;
  for (const auto& u : units) s += r61::is_fighting(*b.def(u)) ? b.def(u)->strength : 0;
  return s;
}

// Attack over defence, scaled: the order battles are given in.
long odds(const r61::Board& b, const Battle& x) {
  int d = strength(b, x.defenders);
  return d == 0 ? LONG_MAX : long(strength(b, x.attackers)) * 1000 / d;
}

// The winner's line of retreat for a defender: the open route ending
// nearest the attacker's units (the default of the rules sends it farthest).
Json retreat_route(const r61::Board& b, const std::string& unit, const std::string& side) {
  Hex from = *b.square_of(unit);
  auto open = [&](Hex h) {
    if (!b.scenario().on_map(h) || b.water(h) || b.enemy_at(h, b.side_of(unit))) return false;
    for (const auto& u : b.units_of(side))
      if (r61::has_zone(*b.def(u)) && hex::distance(h, *b.square_of(u)) == 1) return false;
    return true;
  };
  std::tuple<int, Hex, Hex> best{INT_MAX, {}, {}};
  for (Hex p1 : hex::neighbours(from)) {
    if (!open(p1)) continue;
    for (Hex p2 : hex::neighbours(p1)) {
      if (hex::distance(from, p2) != 2 || !open(p2)) continue;
      int near = INT_MAX;
      for (const auto& u : b.units_of(side))
        if (r61::is_fighting(*b.def(u))) near = std::min(near, hex::distance(p2, *b.square_of(u)));
      best = std::min(best, std::make_tuple(near, p2, p1));
    }
  }
  if (std::get<0>(best) == INT_MAX) return nullptr;
  return Json::array({b.sq(std::get<2>(best)), b.sq(std::get<1>(best))});
}

}  // namespace

Json plan_attacks(const Position& p, const r61::Board& b, const std::set<std::string>& moved) {
  const std::string side = p.side, enemy = p.enemy;
  std::vector<std::string> mine, theirs;
  for (const auto& u : b.units_of(side))
    if (r61::is_fighting(*b.def(u))) mine.push_back(u);
  for (const auto& e : b.units_of(enemy))
    if (r61::has_zone(*b.def(e))) theirs.push_back(e);
  auto contact = [&](const std::string& u, const std::string& e) {
    std::string rule;
    return hex::distance(*b.square_of(u), *b.square_of(e)) <= 2 &&
           r61::contact_problem(b, u, e, {e}, rule).empty();
  };
  std::set<std::string> owe_attack, owe_defence;
  for (const auto& u : mine)
    for (const auto& e : theirs) {
      if (hex::distance(*b.square_of(u), *b.square_of(e)) > 2) continue;
      if (must_attack(b, u, e, moved, side)) owe_attack.insert(u);
      if (must_be_fought(b, u, e, side)) owe_defence.insert(e);
    }
  // 1. A maximum matching of the enemy units that must be fought with units
  // in contact with them (augmenting paths, in name order).
  std::map<std::string, std::string> fought_by;  // attacker -> defender
  std::map<std::string, std::string> pair_of;    // defender -> attacker
  std::function<bool(const std::string&, std::set<std::string>&)> augment =
      [&](const std::string& e, std::set<std::string>& seen) {
        for (const auto& u : mine) {
          if (!contact(u, e) || !seen.insert(u).second) continue;
          auto it = fought_by.find(u);
          if (it == fought_by.end() || augment(it->second, seen)) {
            fought_by[u] = e;
            pair_of[e] = u;
            return true;
          }
        }
        return false;
      };
  for (const auto& e : owe_defence) {
    std::set<std::string> seen;
    augment(e, seen);
  }
  std::map<std::string, Battle> battles;  // by first defender
  std::map<std::string, std::string> battle_of;
  for (const auto& [e, u] : pair_of) {
    battles[e] = Battle{{u}, {e}};
    battle_of[e] = e;
  }
  std::set<std::string> busy;
  for (const auto& [u, e] : fought_by) busy.insert(u);
  // 2. Each unit that must attack and has no battle joins one (or opens one
  // on an enemy unit nobody fights yet), the weakest odds first.
  auto join = [&](const std::string& u, bool open_new) {
    std::vector<std::tuple<long, std::string>> options;
    for (const auto& e : theirs) {
      if (!contact(u, e)) continue;
      if (battle_of.count(e)) {
        Battle trial = battles[battle_of[e]];
        trial.attackers.push_back(u);
        if (valid(b, trial)) options.emplace_back(odds(b, battles[battle_of[e]]), battle_of[e]);
      } else if (open_new) {
        options.emplace_back(LONG_MAX, "+" + e);
      }
    }
    if (options.empty()) return false;
    std::sort(options.begin(), options.end());
    const std::string& key = std::get<1>(options.front());
    if (key[0] == '+') {
      std::string e = key.substr(1);
      battles[e] = Battle{{u}, {e}};
      battle_of[e] = e;
    } else {
      battles[key].attackers.push_back(u);
    }
    busy.insert(u);
    return true;
  };
  for (const auto& u : owe_attack)
    if (!busy.count(u)) join(u, true);
  // 3. An enemy unit that must be fought and is not joins a battle whose
  // attackers all reach it, or takes one attacker of a battle of several.
  for (const auto& e : owe_defence) {
    if (battle_of.count(e)) continue;
    bool placed = false;
    for (auto& [key, x] : battles) {
      Battle trial = x;
      trial.defenders.push_back(e);
      if (valid(b, trial)) {
        x = trial;
        battle_of[e] = key;
        placed = true;
        break;
      }
    }
    for (auto it = battles.begin(); !placed && it != battles.end(); ++it) {
      Battle& x = it->second;
      if (x.attackers.size() < 2) continue;
      for (std::size_t i = 0; i < x.attackers.size(); ++i) {
        const std::string u = x.attackers[i];
        if (!contact(u, e)) continue;
        Battle rest = x;
        rest.attackers.erase(rest.attackers.begin() + long(i));
        if (!valid(b, rest)) continue;
        x = rest;
        battles[e] = Battle{{u}, {e}};
        battle_of[e] = e;
        placed = true;
        break;
      }
    }
  }
  // 4. Artillery not yet fighting fires from the secondary zone: into the
  // battle it helps most, else alone against an HQ or a non-artillery unit
  // (its adverse results ignored, case 2).
  for (const auto& u : mine) {
    if (busy.count(u) || !arty(b, u)) continue;
    if (join(u, false)) continue;
    std::vector<std::tuple<int, int, std::string>> prey;
    for (const auto& e : theirs) {
      if (battle_of.count(e) || arty(b, e)) continue;
      if (hex::distance(*b.square_of(u), *b.square_of(e)) != 2 || !contact(u, e)) continue;
      prey.emplace_back(r61::is_hq(*b.def(e)) ? 0 : 1, -b.def(e)->strength, e);
    }
    if (prey.empty()) continue;
    std::sort(prey.begin(), prey.end());
    const std::string e = std::get<2>(prey.front());
    battles[e] = Battle{{u}, {e}};
    battle_of[e] = e;
    busy.insert(u);
  }
  // Best odds first, attacks on HQs alone last (they are no battle; under
  // ruleset version 1, given before a battle, they shifted its combat number
  // off the check's echo); then the standing parts of each attack.
  std::vector<std::tuple<bool, long, std::string>> order;
  for (const auto& [key, x] : battles)
    order.emplace_back(strength(b, x.defenders) == 0, -odds(b, x), key);
  std::sort(order.begin(), order.end());
  Json out = Json::array();
  for (const auto& [hq_only, o, key] : order) {
    const Battle& x = battles[key];
    Json a = {{"attackers", x.attackers}, {"defenders", x.defenders}};
    bool prize = false;
    Json retreat = Json::object();
    for (const auto& d : x.defenders) {
      Hex h = *b.square_of(d);
      prize = prize || b.hill(h) || b.fortified(h);
      if (r61::is_hq(*b.def(d))) continue;
      Json route = retreat_route(b, d, side);
      if (!route.is_null()) retreat[d] = route;
    }
    if (!retreat.empty()) a["retreat"] = retreat;
    if (prize) {
      Json adv = Json::array();
      for (const auto& u : x.attackers)
        if (!arty(b, u)) adv.push_back(u);
      if (!adv.empty()) a["advance"] = adv;
    }
    // On an EXCHANGE the weakest attacker goes first.
    std::vector<std::pair<int, std::string>> weak;
    for (const auto& u : x.attackers) weak.emplace_back(b.def(u)->strength, u);
    std::sort(weak.begin(), weak.end());
    if (x.attackers.size() > 1) a["losses"] = Json::array({weak.front().second});
    out.push_back(a);
  }
  return out;
}

}  // namespace adjutant::bot::ah1961
