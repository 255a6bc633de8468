// Combat strengths and terrain modifiers of one attack (8.1, 8.2, 8.72, 8.76).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "rules/bluegray/board.h"

namespace adjutant::rules::bluegray {

// The units and hexes of one attack as they stand.
struct Engagement {
  std::vector<std::string> attackers;  // in the order given
  std::vector<Hex> hexes;              // defender hexes in the order given
  std::vector<std::string> defenders;  // the units defending those hexes
};

struct Tally {
  int attack = 0;
  int defence = 0;
  int printed = 0;  // the defenders' printed strength (8.3 Ex)
  int column = 0;   // 8.1: attack:defence rounded for the defender
  Json attackers = Json::array();
  Json defenders = Json::array();
  Json hexes = Json::array();  // per hex: strength, multiplier, defence, modifier
  Json modifiers = Json::array();
  std::set<std::string> ranged;  // artillery adjacent to no target (8.72, 10.3)
  bool artillery_alone = false;  // every attacker ranged (8.73)
  bool half_points = false;      // strengths counted in half points (22.11, version 3)
};

// 8.2: each hex's defenders get the single best modifier: the hex's TEC
// multiplier, or a hexside's when every non-artillery attacker attacks across
// such a hexside (8.76: artillery never changes hexside modifiers).
Tally tally(const Board& board, const Engagement& e);

// "1/I, Calef against 0605 (2/Heth)" for echoes and messages, the hexes
// written by `numbers`.
std::string describe(const Engagement& e, hex::Numbering numbers);

}  // namespace adjutant::rules::bluegray
