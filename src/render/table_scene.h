// A Chaos of Battle table as one view sees it (a side, or the umpire): the
// terrain, the landmarks, and every base on the table in picture
// coordinates, with the names this view may read. Enemy markers are flags
// only; enemy regiments, wagons and commanders are drawn without names.
#pragma once

#include <string>
#include <vector>

#include "hex/hex.h"
#include "rules/chaos/scenario.h"

namespace adjutant::render {

namespace chaos = rules::chaos;

// One base to draw: its four corners (front-left, front-right, rear-right,
// rear-left) in pixels.
struct TablePiece {
  std::string kind;  // regiment, battery, wagon, commander, brigade-commander, marker
  std::string side;
  bool own = false;     // the view's side, or every side for the umpire
  std::string brigade;  // "" when this view may not read it
  std::string label;    // "" when this view may not read it
  std::vector<hex::Point> corners;
};

struct TableScene {
  const chaos::Scenario& scenario;
  std::string side;  // "" for the umpire
  double scale = 0;  // pixels per hundredth of an inch
  double left = 0, top = 0;
  int width = 0, height = 0;
  std::vector<TablePiece> pieces;

  // A table point in the picture: north up.
  hex::Point place(chaos::Point p) const;
};

inline constexpr double kTablePixelsPerInch = 8;
inline constexpr double kTableMargin = 14;
inline constexpr double kTableBanner = 50;

// The scene of the scenario's set-up for `side` ("" for the umpire).
TableScene make_table_scene(const chaos::Scenario& scenario, const std::string& side);

}  // namespace adjutant::render
