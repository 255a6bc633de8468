// Who is fighting, and which fighting regiments make one fight
// (terms.fighting_range, fight.join): "If any part of a regiment is within
// fighting range [less than 4"] then it is fighting", and "Fights are all
// the same fight if they are within 4" of one another".
#pragma once

#include <string>
#include <vector>

#include "rules/chaos/shapes.h"

namespace adjutant::rules::chaos {

inline constexpr Coord kFightingRange = 4 * kInch;    // less than this
inline constexpr Coord kEngagementRange = 8 * kInch;  // within this

struct Fighter {
  std::string id;
  std::string side;
  Outline base;
};

// The ids of the regiments less than 4" from an enemy regiment, sorted.
std::vector<std::string> fighting(const std::vector<Fighter>& regiments);

// The fights: fighting regiments joined whenever two of them (of either
// side) are within 4" of one another, and joined through chains of such
// pairs. Each fight's ids sorted; fights in order of their first id.
std::vector<std::vector<std::string>> group_fights(const std::vector<Fighter>& regiments);

// In contact (melee contact): the bases touch.
bool in_contact(const Fighter& a, const Fighter& b);

}  // namespace adjutant::rules::chaos
