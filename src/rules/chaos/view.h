// What one side may see of a Chaos of Battle game state (the ruleset's
// view, docs/rules/chaos.md "What a side sees"), in one place so that the
// ruleset and the table map read the same thing: a side's map is drawn
// from this view alone, never from the whole state.
#pragma once

#include <string>
#include <vector>

#include "model/state.h"
#include "rules/chaos/scenario.h"
#include "rules/chaos/state.h"

namespace adjutant::rules::chaos {

// The state `side` may see; "" or "umpire" is the umpire, who sees the
// whole state. A side's view keeps its own brigades whole and lists the
// enemy's pieces on the table by position only (state.extra.chaos is then
// an adjutant-chaos-view/1).
model::State side_view(const Scenario& scenario, const model::State& state,
                       const std::string& side);

// A point list sorted, so an enemy's pieces are listed by where they stand
// and never by who they are.
nlohmann::json sorted_points(std::vector<Point> pts);
// The same for objects, by their canonical text.
nlohmann::json sorted_objects(std::vector<nlohmann::json> items);

// A view read back: the side's own pieces as a ChaosState (the umpire's:
// every piece), and of the enemy only what stands on the table.
struct EnemyBase {
  Point at;
  int facing = 0;
  int stands = 0;
  Arm arm = Arm::kInfantry;
  bool limbered = false;    // version 3
  bool dismounted = false;  // version 3
};
struct ReadView {
  std::string side;  // "" for the umpire
  ChaosState own;
  std::vector<Point> flags, brigade_commanders, wagons, commanders;
  std::vector<EnemyBase> regiments;
};
// Reads what side_view returned (for the umpire, the whole state). Throws
// Error state.* for a view that is not one.
ReadView read_view(const model::State& seen, const std::string& side);

}  // namespace adjutant::rules::chaos
