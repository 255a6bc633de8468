// Retreats (8.5-8.52), displacement, and cavalry retreat before combat
// (11.2). The owning player's standing orders choose the hex; ties go to the
// lowest hex number (docs/rules/bluegray.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/bluegray/events.h"

namespace adjutant::rules::bluegray {

// 8.5-8.52: moves `unit` one hex, displacing a friendly unit from a full hex
// if it must, or eliminates it when no hex is open. `cause` is the result
// ("Dr", "Ar", "ineffective") and `rule` the case that ordered it. Returns
// the hex it ends in, or nullopt when it was eliminated (or left the map,
// Hooker and Lee 16.21).
std::optional<Hex> retreat_unit(Emitter& em, const std::string& unit, const std::string& cause,
                                const std::string& rule);

// 11.2: the two-hex retreat a cavalry unit would make before combat (its own
// hex first), observing 8.51 at every hex and stacking at the end, or nullopt.
std::optional<std::vector<Hex>> evade_path(const Board& board, const std::string& unit);

}  // namespace adjutant::rules::bluegray
