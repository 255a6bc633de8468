// Stands and bases: what a model on the table covers. A regiment (or a
// battery, a wagon, a command team, a brigade marker) is one rectangle: its
// stands side by side in line ("The only battlefield formation at this
// scale is line"), its centre, and the bearing its front faces.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "rules/chaos/shapes.h"

namespace adjutant::rules::chaos {

enum class Arm { kInfantry, kCavalry, kArtillery, kWagon, kCommander, kMarker };

// "infantry", "cavalry", "artillery", "wagon", "commander", "marker".
const char* arm_name(Arm arm);
std::optional<Arm> arm_from_name(const std::string& name);

// One stand's base: frontage (along its front) and depth, in hundredths.
struct BaseSize {
  Coord width = 0;
  Coord depth = 0;
  auto operator<=>(const BaseSize&) const = default;
};

// The stand sizes a scenario uses unless it says otherwise. The text gives
// only the brigade marker, a 3" x 3" card ("3' X 3"" in the text, a slip:
// a card marker); the others are assumptions for 15mm figures
// (docs/rules/chaos.md): infantry 1" x 3/4", cavalry 1" x 1 1/2",
// artillery (one gun model) 1 1/4" x 1 1/2", supply wagon 1" x 2",
// command team 1" x 1".
BaseSize default_base(Arm arm);
using BaseSizes = std::map<Arm, BaseSize>;
BaseSizes default_bases();

// Two bases overlap only if they cut into each other by more than this:
// bases placed edge to edge at a slant may cross by a rounding of their
// turned corners.
inline constexpr Coord kOverlapTolerance = 1;

// A body of `stands` bases side by side, centred on `centre`, facing
// `bearing` (whole degrees clockwise from north).
struct Body {
  Point centre;
  int bearing = 0;
  int stands = 1;
  BaseSize base;
};

// The body's outline: four corners, front-left, front-right, rear-right,
// rear-left.
Outline outline(const Body& body);
// The outline of stand k (0 = leftmost, seen from behind) of the body.
Outline stand_outline(const Body& body, int k);
// The middle of the body's front edge.
Point front_centre(const Body& body);

}  // namespace adjutant::rules::chaos
