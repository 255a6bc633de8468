// A miniatures table as a ruleset hands it to the map (Board::kTable,
// rules/package.h): the table's size, the sides with their colours and
// deployment zones, the terrain and landmarks, and what one view sees of a
// position as pieces with their outlines, all in the ruleset's integer
// table units (hundredths of an inch). render/ places and draws them; it
// reads no ruleset's scenario or state. Built from what the view may see
// only: a side's sight holds no enemy name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace adjutant::rules {

// Hundredths of an inch; north is +y, east +x, from the south-west corner.
inline constexpr std::int64_t kTableInch = 100;

struct TablePoint {
  std::int64_t x = 0;
  std::int64_t y = 0;
};

struct TableBoard {
  std::string title;
  std::int64_t width = 0;   // across, x
  std::int64_t length = 0;  // along, y
  struct Side {
    std::string id;
    std::string name;
    std::string colour;            // "#rrggbb", or "" for the map's default
    std::vector<TablePoint> zone;  // its deployment zone; empty when none
  };
  std::vector<Side> sides;
  // Terrain in the scenario's order. kind: "hill", "woods", "town", "road",
  // "creek" or "breastworks"; an area's outline is closed, a line's open.
  // `dots`: where the picture sets trees or houses, the points of a lattice
  // the rules' own inside test keeps (none for a line).
  struct Feature {
    std::string id;
    std::string kind;
    std::vector<TablePoint> shape;
    std::vector<TablePoint> dots;
  };
  std::vector<Feature> features;
  std::int64_t road_width = 0;
  struct Landmark {
    std::string id;
    std::string name;
    TablePoint at;
  };
  std::vector<Landmark> landmarks;
  // Each turn's type in words ("early night"), turn 1 first.
  std::vector<std::string> turns;

  // The side `id`; Error scenario.unknown_side naming the board's scenario
  // (`scenario_id`) for none.
  const Side& side(const std::string& id) const;
  std::string scenario_id;
};

// One piece as a view sees it. Its corners are front-left, front-right,
// rear-right, rear-left.
struct TablePiece {
  std::string kind;  // regiment, battery, wagon, commander, brigade-commander, marker
  std::string side;
  bool slashed = false;    // a cavalry base: its stands are slashed
  bool own = false;        // its names are readable: the view's side, or every side for the umpire
  std::string brigade;     // "" when this view may not read it
  std::string label;       // "" when this view may not read it
  TablePoint at;           // the centre
  int facing = -1;         // whole degrees clockwise from north; -1 when the view does not say
  int number = 0;          // a marker of a brigade with two: 1 or 2 (own markers only)
  bool preferred = false;  // that marker is the one its owner prefers (own markers only)
  std::vector<TablePoint> corners;
  std::vector<std::vector<TablePoint>> stands;  // each stand's base, left to right (more than one)
  TablePoint tick_from, tick_to;                // the facing tick (when facing >= 0)
};

// A brigade's name, set under its pieces but its markers (own brigades
// only).
struct TableLabel {
  std::string side;
  std::string text;
  std::string brigade;
};

// What one view sees of a position: the viewer ("" for the umpire), the
// turn, the pieces (own first, then the enemy's) and the brigades' names.
struct TableSight {
  std::string side;
  int turn = 1;
  std::vector<TablePiece> pieces;
  std::vector<TableLabel> labels;
};

}  // namespace adjutant::rules
