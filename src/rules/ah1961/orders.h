// The 1961 order bodies (docs/rules/ah1961.md "Orders"): set-up orders for
// Prepare For Play and the moves and attacks of a turn. Reading is strict:
// unknown fields and wrong types become problems naming the order.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rules/ah1961/board.h"

namespace adjutant::rules::ah1961 {

// Orders are numbered 1, 2, ... through the file: for set-up, the
// fortification squares, then the placements, then the substitutions; for a
// turn, the moves (and actions among them), then the attacks.
struct Placement {
  int index = 0;
  std::string unit;
  std::string at;
};

struct Substitution {
  int index = 0;
  std::string division;
  std::vector<std::string> brigades;
  std::string at;  // set-up only: where the brigades are placed
};

struct SetupOrders {
  std::vector<std::pair<int, std::string>> fortifications;
  std::vector<Placement> places;
  std::vector<Substitution> substitutions;
};

// One entry of "moves": a move of one unit or of units moving together
// (More Than One Unit Per Square), or an action taken during movement.
struct MoveOrder {
  int index = 0;
  std::string kind;  // "move", "substitute", "recombine", "build"
  std::vector<std::string> units;
  std::vector<std::string> path;
  std::string division;
  std::vector<std::string> brigades;
  std::string bridge, river, far;  // "build"
};

struct AttackOrder {
  int index = 0;
  std::vector<std::string> attackers;
  std::vector<std::string> defenders;                       // unit ids
  std::map<std::string, std::vector<std::string>> retreat;  // loser -> two squares (BACK 2)
  std::vector<std::string> advance;                         // onto a hill or fortification
  std::vector<std::string> losses;                          // EXCHANGE: the attacker's choice

  Json to_json() const;
  static AttackOrder from_json(const Json& j);
};

struct TurnOrders {
  std::vector<MoveOrder> moves;
  std::vector<AttackOrder> attacks;
};

SetupOrders parse_setup(const Json& body, Problems& problems);
// `numbers`: how the scenario's map writes square numbers (a retreat's squares).
TurnOrders parse_turn(const Json& body, hex::Numbering numbers, Problems& problems);

OrderProblem problem(std::string id, int order, std::string unit, std::string square,
                     std::string rule, std::string message);

}  // namespace adjutant::rules::ah1961
