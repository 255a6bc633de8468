// A side's orders checked from what that side sees (the order page, `adjutant
// view --orders`): a side's part of the scenario (its own forces, the table
// and what both sides share) and its view of the state (view.h). The
// enemy's pieces stand on the table by position only; the check asks of
// them only what the table shows (where they stand, their bases, markers
// as flags), so it answers as the umpire's check of the whole state does.
#pragma once

#include <string>

#include "model/state.h"
#include "rules/chaos/scenario.h"

namespace adjutant::rules::chaos {

// The scenario file as `side` may read it: the table, terrain, landmarks,
// turns, tin and both sides' names and zones, but only `side`'s forces
// (brigades, set-up, commanders, wagons); "part" names the side.
nlohmann::json scenario_part(const nlohmann::json& scenario, const std::string& side);

// True when `state` is a side's view (side_view), not the whole state.
bool is_side_view(const model::State& state);

// A side's view made whole enough for the check: its own pieces as they
// are, and each enemy piece on the table as a piece of its own with an id
// no order can name (a flag as a brigade with one marker, a base as a
// brigade of one regiment of its arm, figures as figures). Built over
// `scenario` (a part or a whole scenario), whose enemy forces are left out.
struct SeenTable {
  Scenario scenario;
  model::State state;
};
SeenTable seen_table(const Scenario& scenario, const model::State& view);

}  // namespace adjutant::rules::chaos
