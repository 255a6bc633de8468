// What the order page shows of a side's orders as they are built, before
// the check accepts them (Ruleset::preview): each path's length against
// the longest rate its ground could roll (move.marker, move.deployed), and
// each player commander's path against its 8" (move.commanders). The
// check (orders.h) decides; this only measures, with the same functions.
#pragma once

#include "model/state.h"
#include "rules/chaos/scenario.h"

namespace adjutant::rules::chaos {

// {"moves": [{"brigade", "marker" (0: deployed), "length", "rate",
// "going"}], "commanders": [{"commander", "length", "rate"}]}, lengths in
// hundredths of an inch, for every path of an own brigade or commander
// whose points are [x, y] (a malformed one is left to the check).
nlohmann::json preview_orders(const Scenario& scenario, const model::State& state,
                              const nlohmann::json& orders);

}  // namespace adjutant::rules::chaos
