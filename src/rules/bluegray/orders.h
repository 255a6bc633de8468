// The Blue & Gray order body: "moves", "attacks" and "standing" (docs/rules/
// bluegray.md). Reading is strict: unknown fields and wrong types become
// problems naming the order, never silently ignored text.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/bluegray/board.h"

namespace adjutant::rules::bluegray {

// Orders are numbered 1, 2, ... through the file: moves first, then attacks.
struct MoveOrder {
  int index = 0;
  std::string unit;
  std::optional<std::string> enter;
  std::vector<std::string> path;
  std::optional<std::string> to;
  bool strategic = false;
  bool forced = false;  // Grand Chancellorsville 23.21: forced march
  bool exit = false;    // leaves the map from the last hex (14.4 style, scenario `exits`)
};

struct AttackOrder {
  int index = 0;
  std::vector<std::string> attackers;
  std::vector<std::string> defenders;  // hex numbers
  std::optional<std::string> odds;     // 8.8
  std::optional<std::string> advance;  // 8.6
  std::vector<std::string> losses;     // 8.3 Ex preference

  Json to_json() const;
  static AttackOrder from_json(const Json& j, int index);
};

// Choices a player makes during the other side's turn (and the defaults).
struct Standing {
  std::string prefer = "away";  // retreat: "away" or "toward"
  std::optional<std::string> hex;
  bool cavalry_evade = false;           // 11.2
  bool advance = false;                 // 8.6, after a successful defence
  std::string losses = "fewest_units";  // 8.3 Ex when the attack names none

  Json to_json() const;
  // The retreat hex must be a hex number of `numbers`, the map's numbering.
  static Standing from_json(const Json& j, hex::Numbering numbers);
};

struct OrderSet {
  std::vector<MoveOrder> moves;
  std::vector<AttackOrder> attacks;
  std::optional<Standing> standing;
};

// Reads the body, its hex numbers by `numbers`, the map's numbering; every
// syntax problem is appended to `problems`.
OrderSet parse_orders(const Json& body, hex::Numbering numbers, Problems& problems);

// The standing orders in force for a side (its last order file's, else the
// defaults), read with `numbers`, the map's numbering.
Standing standing_of(const State& state, const std::string& side, hex::Numbering numbers);

OrderProblem problem(std::string id, int order, std::string unit, std::string hex, std::string rule,
                     std::string message);

}  // namespace adjutant::rules::bluegray
