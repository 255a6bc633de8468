// The default formation, wherever the text moves a brigade and leaves its
// arrangement to the player ("a reasonable path"): docs/rules/chaos.md
// "Conventions". Regiments in the scenario's order, batteries after them,
// side by side 1/4" apart in lines of at most three, the first line
// centred 2" in front of the brigade commander, each further line 1"
// behind the one before; all facing the commander's way. Three 4" regiments
// abreast is the widest line whose outer regiments still come within 4" of
// the commander.
#pragma once

#include <string>
#include <vector>

#include "rules/chaos/scenario.h"

namespace adjutant::rules::chaos {

inline constexpr Coord kFormationGap = 25;         // between bodies in a line
inline constexpr Coord kFormationFront = 200;      // the first line ahead of the commander
inline constexpr Coord kFormationRank = 100;       // between one line's rear and the next's front
inline constexpr std::size_t kFormationWidth = 3;  // bodies in a line

struct Slot {
  std::string regiment;
  Body body;
};

// The brigade's regiments (those named in `present`, in the brigade's own
// order; all of them when `present` is empty) around a commander at
// `commander` facing `bearing`.
std::vector<Slot> default_formation(const Scenario& scenario, const Brigade& brigade,
                                    Point commander, int bearing,
                                    const std::vector<std::string>& present = {});

}  // namespace adjutant::rules::chaos
