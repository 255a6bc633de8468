// The Chaos of Battle table drawn from a game state as one view sees it, as
// SVG and as PNG from one drawing code (cairo): terrain shapes, landmarks,
// deployment zones, every stand with its facing, commanders, wagons, and
// brigade markers as flags, with a scale bar and a legend. A side's map is
// drawn from its view of the state (rules/chaos/view.h) alone, so it shows
// only what that side may see. Render reads state; it decides no rule.
#pragma once

#include <map>
#include <string>

#include "model/state.h"
#include "rules/chaos/scenario.h"

namespace adjutant::render {

struct TableInput {
  const rules::chaos::Scenario& scenario;
  const model::State& state;  // the whole game state (the umpire's)
  std::string side;           // a side id, or "" / "umpire" for the umpire's map
  // brigade -> 1 or 2: the marker its owner prefers, as last ordered
  // (default 1). Shown only on the owner's map and the umpire's.
  std::map<std::string, int> preferred;
};

// The same input gives the same bytes, in any process. Errors state.* when
// `state` holds no Chaos of Battle table; scenario.unknown_side for a side
// that is not the scenario's.
std::string render_table_svg(const TableInput& in);
// The same from a view already taken: `seen` is side_view(scenario, state,
// side) (for the umpire, "", the whole state); `scenario` may be that
// side's part (rules/chaos/scenario_part.h).
std::string render_table_view_svg(const rules::chaos::Scenario& scenario, const model::State& seen,
                                  const std::string& side,
                                  const std::map<std::string, int>& preferred);
std::string render_table_png(const TableInput& in);
std::string render_table_view_png(const rules::chaos::Scenario& scenario, const model::State& seen,
                                  const std::string& side,
                                  const std::map<std::string, int>& preferred);
// The picture's size in pixels (the same for every state of a scenario).
std::pair<int, int> table_picture_size(const rules::chaos::Scenario& scenario);

// The table as set up (the scenario's initial state), for `side` ("" for
// the umpire).
std::string render_table_svg(const rules::chaos::Scenario& scenario, const std::string& side);
std::string render_table_png(const rules::chaos::Scenario& scenario, const std::string& side);

}  // namespace adjutant::render
