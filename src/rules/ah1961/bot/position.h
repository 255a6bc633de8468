// What the 1961 bot knows of one position: the scenario's own data (regions,
// stacking, fortification counts), the side it plays and its temper, and the
// enemy's squares and zones of control, which do not change while it plans
// its own moves.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/state.h"
#include "rules/ah1961/board.h"
#include "rules/ah1961/scenario_rules.h"
#include "rules/hexmap/scenario.h"

namespace adjutant::bot::ah1961 {

namespace r61 = rules::ah1961;
using hex::Hex;
using ledger::Json;

// The seed's temper: the least odds an attack by movement is made at, and
// the odds at which no more units are added (attack : defence, p : q).
struct Temper {
  int least_p = 1, least_q = 1;
  int enough_p = 3, enough_q = 1;
  bool counterattack = false;  // the defending army attacks enemies on its side of the river
};

struct Position {
  Position(const rules::hexmap::Scenario& sc, const model::State& st, std::string side,
           std::uint64_t seed);

  const rules::hexmap::Scenario& sc;
  r61::GameRules g;
  const model::State& state;
  std::string side, enemy;
  std::uint64_t seed;
  Temper temper;
  // The army whose factors decide How To Win defends; the other attacks.
  bool attacking = true;

  r61::Board board() const { return r61::Board(sc, g, state); }

  // Every square of the map, in hex order.
  std::vector<Hex> squares() const;
  // Distance to the nearest ford square (a large number when none).
  int ford_distance(Hex h) const;
  // A tie-breaker drawn from the seed, the turn and what is decided.
  std::uint64_t tie(const std::string& what) const;

 private:
  std::vector<Hex> fords_;
};

// The enemy as the moving side sees it: squares holding enemy units with a
// zone, the squares those zones cover, the basic factors on each square.
struct EnemyView {
  EnemyView(const r61::Board& b, const std::string& side);
  std::map<Hex, std::vector<std::string>> units;  // units with a zone, by square
  std::set<Hex> occupied;                         // any enemy counter
  std::set<Hex> controlled;                       // primary and secondary zones
  std::set<Hex> artillery;                        // squares of enemy artillery-type units
  bool adjacent_to_enemy(Hex h) const;
};

}  // namespace adjutant::bot::ah1961
