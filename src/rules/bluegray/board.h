// Read-only questions the Blue & Gray rules ask about one position: which
// units stand where, whose they are, how far the nearest enemy is. Every
// answer is computed from the State, so it is always current.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/scenario.h"
#include "model/state.h"
#include "rules/ruleset.h"

namespace adjutant::rules::bluegray {

using hex::Hex;
using model::Scenario;
using model::State;
using model::UnitDef;

using Problems = std::vector<OrderProblem>;

// Distance reported when a side has no unit on the map.
inline constexpr int kFar = 1000;

class Board {
 public:
  Board(const Scenario& scenario, const State& state) : sc_(scenario), st_(state) {}

  const Scenario& scenario() const { return sc_; }
  const State& state() const { return st_; }

  // nullptr for an id the scenario does not know.
  const UnitDef* def(const std::string& unit) const { return sc_.unit(unit); }
  std::string side_of(const std::string& unit) const;
  std::string enemy_of(const std::string& side) const { return sc_.other_side(side); }
  // The hex of an active unit on the map; nullopt otherwise.
  std::optional<Hex> hex_of(const std::string& unit) const;
  bool ineffective(const std::string& unit) const;

  // Active units in a hex, in id order.
  std::vector<std::string> units_at(Hex h) const;
  std::vector<std::string> units_at(Hex h, const std::string& side) const;
  // Active units on the map of one side, in id order.
  std::vector<std::string> units_of(const std::string& side) const;
  bool enemy_at(Hex h, const std::string& side) const;
  // Distance from h to the nearest active unit of `side` (kFar if none).
  int distance_to_side(Hex h, const std::string& side) const;
  // 6.0: the combat units of `side` in h (non-combat units do not count).
  int combat_units_at(Hex h, const std::string& side) const;

 private:
  const Scenario& sc_;
  const State& st_;
};

bool is_artillery(const UnitDef& d);
bool is_cavalry(const UnitDef& d);
// A combat unit (the scenario may define non-combat units: no ZOC, no
// attack, not counted for stacking).
bool is_combat(const UnitDef& d);

// "1/I, Calef" for messages.
std::string join(const std::vector<std::string>& items, const std::string& sep = ", ");

}  // namespace adjutant::rules::bluegray
