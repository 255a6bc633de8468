// A Chaos of Battle table as one view sees it (a side, or the umpire): the
// terrain, the landmarks, and every base on the table in picture
// coordinates, with the names this view may read. The scene is built from
// the side's view of the state (rules/chaos/view.h) and nothing else, so a
// side's picture cannot show what its view does not hold: enemy markers
// are flags only, enemy regiments, wagons and commanders have no names.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "hex/hex.h"
#include "model/state.h"
#include "rules/chaos/scenario.h"
#include "rules/chaos/view.h"

namespace adjutant::render {

namespace chaos = rules::chaos;

// One piece to draw. Its corners are front-left, front-right, rear-right,
// rear-left, in pixels, from the integer outline (rules/chaos/stands.h).
struct TablePiece {
  std::string kind;  // regiment, battery, wagon, commander, brigade-commander, marker
  std::string side;
  chaos::Arm arm = chaos::Arm::kInfantry;
  bool own = false;        // its names are readable: the view's side, or every side for the umpire
  std::string brigade;     // "" when this view may not read it
  std::string label;       // "" when this view may not read it
  chaos::Point at;         // the centre, in hundredths of an inch
  int facing = -1;         // whole degrees clockwise from north; -1 when the view does not say
  int number = 0;          // a marker of a brigade with two: 1 or 2 (own markers only)
  bool preferred = false;  // that marker is the one its owner prefers (own markers only)
  std::vector<hex::Point> corners;
  std::vector<std::vector<hex::Point>> stands;  // each stand's base, left to right
  hex::Point tick_from, tick_to;                // the facing tick (when facing >= 0)
};

// A brigade's name, set beside its brigade commander (own brigades only).
struct TableLabel {
  std::string side;
  std::string text;
  hex::Point at;
};

struct TableScene {
  const chaos::Scenario& scenario;
  std::string side;  // "" for the umpire
  int turn = 1;
  double scale = 0;  // pixels per hundredth of an inch
  double left = 0, top = 0;
  double table_right = 0, table_bottom = 0;  // the table's east and south edges in the picture
  double panel_left = 0;                     // where the legend's panel starts
  int width = 0, height = 0;
  std::vector<TablePiece> pieces;
  std::vector<TableLabel> labels;

  // A table point in the picture: north up.
  hex::Point place(chaos::Point p) const;
};

inline constexpr double kTablePixelsPerInch = 10;
inline constexpr double kTableMargin = 14;
inline constexpr double kTableBanner = 50;
inline constexpr double kTablePanel = 200;  // the legend's column, right of the table
inline constexpr double kTableFoot = 30;    // the scale bar's row, below the table

// The scene of `seen`, which must be side_view(scenario, state, side) (for
// the umpire, "", the whole state). `preferred` gives brigade -> 1 or 2,
// the marker each brigade's owner prefers as last ordered (default 1); it
// is read only for brigades whose names this view may read. Throws
// Error state.* for a state that is not that view.
TableScene make_table_scene(const chaos::Scenario& scenario, const model::State& seen,
                            const std::string& side, const std::map<std::string, int>& preferred);

}  // namespace adjutant::render
