// A side's part of a Chaos of Battle scenario (docs/protocol.md 10a, "A
// side's part of the scenario"): what a side's sealed copy carries so that
// its player reads and checks text orders before the end of the game. It
// holds the public table (size, bases, roads, terrain, landmarks, turns)
// and the side's own forces whole (brigades, regiments, names, set-up,
// player commanders, wagons); of the other side only its id, name and
// colour. The check of a side's orders against its own view (check_seen)
// is the ruleset's check, run on a table rebuilt from what the view shows.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "model/state.h"
#include "rules/chaos/scenario.h"
#include "rules/ruleset.h"

namespace adjutant::rules::chaos {

inline constexpr const char* kPartFormat = "adjutant-chaos-part/1";

// The part of `scenario` (an adjutant-chaos/1 file, as genesis pinned it)
// that `side` may see: {"format": kPartFormat, "side", "id", "title",
// "ruleset", "table", "bases", "road_width", "turns", "terrain",
// "landmarks", "sides": [the side's entry whole, the other's {"id",
// "name", "colour"}]}. The scenario's notes and tin are left out (notes
// may tell of either side's forces).
nlohmann::json side_part(const nlohmann::json& scenario, const std::string& side);

// Reads a part back, typed and ranged as a scenario's fields are (the
// scenario.* errors); the force building and set-up checks were the whole
// scenario's.
Scenario load_side_part(const nlohmann::json& j, const std::string& source);

// The ruleset's check (orders.h check_orders) of the orders of `side` on
// its own view `view` (view.h side_view), with the side's part `part`: the
// table is rebuilt from the view, the side's own pieces as they are and
// each enemy piece the view shows as a piece of its own (a regiment's base
// where it stands, a flag as a marker, a wagon). The check reads of the
// enemy only what stands on the table, so it finds what the umpire's check
// of the same orders finds; an enemy wagon's facing is not shown, and is
// taken as 0 (a regiment that would end on an enemy wagon is the umpire's
// to refuse).
Checked check_seen(const Scenario& part, const model::State& view, const std::string& side,
                   const nlohmann::json& orders, const std::string& source);

// What the order page shows of those orders as they are built
// (orders_preview.h), measured on the same rebuilt table.
nlohmann::json preview_seen(const Scenario& part, const model::State& view, const std::string& side,
                            const nlohmann::json& orders);

}  // namespace adjutant::rules::chaos
