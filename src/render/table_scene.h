// A miniatures table as one view sees it (a side, or the umpire), placed in
// the picture: the table its ruleset hands the map (rules/table_board.h),
// and every piece of the view's sight with its outline in picture
// coordinates and the names this view may read. The sight is built by the
// ruleset from the side's view of the state and nothing else, so a side's
// picture cannot show what its view does not hold.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "hex/hex.h"
#include "model/state.h"
#include "rules/ruleset.h"
#include "rules/table_board.h"

namespace adjutant::render {

// One piece to draw: the ruleset's (rules::TablePiece) with its corners,
// stands and tick in pixels.
struct TablePiece {
  std::string kind;  // regiment, battery, wagon, commander, brigade-commander, marker
  std::string side;
  bool slashed = false;  // cavalry stands
  bool own = false;
  std::string brigade;
  std::string label;
  rules::TablePoint at;  // the centre, in the table's units
  int facing = -1;
  int number = 0;
  bool preferred = false;
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
  rules::TableBoard board;
  std::string side;  // "" for the umpire
  int turn = 1;
  double scale = 0;  // pixels per table unit (a hundredth of an inch)
  double left = 0, top = 0;
  double table_right = 0, table_bottom = 0;  // the table's east and south edges in the picture
  double panel_left = 0;                     // where the legend's panel starts
  int width = 0, height = 0;
  std::vector<TablePiece> pieces;
  std::vector<TableLabel> labels;

  // A table point in the picture: north up.
  hex::Point place(rules::TablePoint p) const;
};

inline constexpr double kTablePixelsPerInch = 10;
inline constexpr double kTableMargin = 14;
inline constexpr double kTableBanner = 50;
inline constexpr double kTablePanel = 200;  // the legend's column, right of the table
inline constexpr double kTableFoot = 30;    // the scale bar's row, below the table

// The scene of the ruleset's table and `sight`, what one view sees.
TableScene make_table_scene(rules::TableBoard board, const rules::TableSight& sight);

// The scene of `seen`, which must be ruleset.view(state, side) (for the
// umpire, "" or "umpire", the whole state). `preferred` gives brigade -> 1
// or 2, the marker each brigade's owner prefers as last ordered (default
// 1); it is read only for brigades whose names this view may read. Throws
// Error state.* for a state that is not that view.
TableScene make_table_scene(const rules::Ruleset& ruleset, const model::State& seen,
                            const std::string& side, const std::map<std::string, int>& preferred);

}  // namespace adjutant::render
