// What the map marks for one position, worked out once from the scene: the
// arrows of the last phase, its combats, the lines of communication, the
// reinforcements due at the map's edge and the notes under the map. The
// layers draw them with cairo; render/map_overlay.h hands the same marks
// to a page that draws them itself. Nothing here draws.
#pragma once

#include <string>
#include <vector>

#include "render/map_style.h"
#include "render/scene.h"
#include "render/shapes.h"

namespace adjutant::render {

// A move, retreat, advance, evasion, displacement, entry or exit: its
// polyline in the picture, ending short of the counters at its last hex.
struct ArrowMark {
  std::string type;  // the event's type
  std::string unit;
  std::vector<Point> points;
  ArrowStyle style = ArrowStyle::kMove;
};
std::vector<ArrowMark> arrow_marks(const Scene& scene);
// Arrows in the side's colour, darkened where it would be too pale to read.
Rgb arrow_colour(Rgb side_colour);
Rgb arrow_colour(const Scene& scene, const std::string& unit);

// A combat of the last phase with a unit this view sees: its number (the
// event's, else its place among the combats), odds, die and result, and the
// hexes of its attackers and defenders (at least one).
struct CombatMark {
  std::string n, odds, die, result;
  std::vector<Hex> attackers, defenders;
};
std::vector<CombatMark> combat_marks(const Scene& scene);
// The defender an attacker's arrow points at: the first one next to it.
Hex attack_target(const CombatMark& c, Hex attacker);
// The direction (radians, picture axes) from the first defender away from
// the attackers, where its label is tried first.
double label_away(const Scene& scene, const CombatMark& c);

// A line_of_communication event: each unit's traced line (its hexes on the
// map) and the hexes of the units cut off.
struct CommunicationMark {
  std::string side;
  std::vector<std::vector<Hex>> traced;
  std::vector<Hex> cut;
};
std::vector<CommunicationMark> communication_marks(const Scene& scene);

// A tag on the map's edge: reinforcements of `side` due at `hex` from
// `turn`, centred at `at`.
struct ArrivalTag {
  Hex hex;
  std::string side;
  int turn = 0;
  std::string units;  // their ids, space-separated
  Point at;
};
std::vector<ArrivalTag> arrival_tags(const Scene& scene);

// The notes under the map, in order: each side's victory points, its
// reinforcements due (dim), and in Hooker and Lee its army (dim).
struct NoteLine {
  std::string text;
  bool dim = false;
};
std::vector<NoteLine> note_lines(const Scene& scene);

}  // namespace adjutant::render
