// A miniatures table (Board::kTable; Chaos of Battle's) drawn from a game
// state as one view sees it, as SVG and as PNG from one drawing code
// (cairo): terrain shapes, landmarks, deployment zones, every stand with
// its facing, commanders, wagons, and brigade markers as flags, with a
// scale bar and a legend. The ruleset hands the table and what the view
// sees (rules/table_board.h), from its view of the state alone, so a
// side's map shows only what that side may see. Render reads; it decides
// no rule.
#pragma once

#include <map>
#include <string>

#include "model/state.h"
#include "rules/ruleset.h"

namespace adjutant::render {

struct TableInput {
  const rules::Ruleset& ruleset;  // a ruleset that draws a table
  const model::State& state;      // the whole game state (the umpire's)
  std::string side;               // a side id, or "" / "umpire" for the umpire's map
  // brigade -> 1 or 2: the marker its owner prefers, as last ordered
  // (default 1). Shown only on the owner's map and the umpire's.
  std::map<std::string, int> preferred;
};

// The same input gives the same bytes, in any process. Errors state.* when
// `state` holds no table; scenario.unknown_side for a side that is not the
// scenario's.
std::string render_table_svg(const TableInput& in);
// The same from a view already taken: `seen` is ruleset.view(state, side)
// (for the umpire, "", the whole state); `ruleset` may be made from that
// side's part of the scenario.
std::string render_table_view_svg(const rules::Ruleset& ruleset, const model::State& seen,
                                  const std::string& side,
                                  const std::map<std::string, int>& preferred);
std::string render_table_png(const TableInput& in);
std::string render_table_view_png(const rules::Ruleset& ruleset, const model::State& seen,
                                  const std::string& side,
                                  const std::map<std::string, int>& preferred);
// The picture's size in pixels (the same for every state of a scenario).
std::pair<int, int> table_picture_size(const rules::Ruleset& ruleset);

// The table as set up (the ruleset's initial state), for `side` ("" for
// the umpire).
std::string render_table_svg(const rules::Ruleset& ruleset, const std::string& side);
std::string render_table_png(const rules::Ruleset& ruleset, const std::string& side);

}  // namespace adjutant::render
