// Artillery line of sight: "a straight line must be able to be drawn from
// the artillery to the target that is at least as wide as the artillery
// base. The gun may be rotated on its center to fire."
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/chaos/stands.h"
#include "rules/chaos/terrain.h"

namespace adjutant::rules::chaos {

// The corridor as wide as `width` whose centre line runs from `from` to
// `to`: a rectangle, corners rounded to the hundredth. A zero-length
// corridor is the single point `from`.
Outline corridor(Point from, Point to, Coord width);

// A body on the table that may stand in the way: a regiment, a battery, a
// wagon, by id.
struct Obstacle {
  std::string id;
  Outline shape;
};

// Why a corridor is blocked: the id of the first wood, town or hill (in the
// order the scenario gives them) or else of the first body in the way.
struct Blocked {
  std::string by;
};

// Line of sight from a battery to one point of the target (the centre of
// one of its stands): the corridor from the battery's centre, as wide as
// the battery's whole base, meets the inside of no wood or town that holds
// neither end, of no hill that holds neither end (a hill between them), and
// of no obstacle; the battery and the target are left out of `obstacles` by
// the caller. Breastworks, roads and creeks never block.
std::optional<Blocked> sight_blocked(const Body& battery, Point target, const Terrain& terrain,
                                     const std::vector<Obstacle>& obstacles);

// Line of sight to a regiment: to the centre of at least one of its stands.
bool line_of_sight(const Body& battery, const Body& target, const Terrain& terrain,
                   const std::vector<Obstacle>& obstacles);

}  // namespace adjutant::rules::chaos
