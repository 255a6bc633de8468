// Lines of communication at the end of the game (Cemetery Hill 14.51,
// 14.52; the scenario's victory.lines_of_communication).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/bluegray/events.h"

namespace adjutant::rules::bluegray {

// The line of hexes from `from` to a hex of a road leading off one of
// `edges`, every hex after the first free of enemy units and of enemy ZOC
// unless a friendly unit stands in it; the shortest (ties by the order of
// hex::neighbours), or nullopt when there is none.
std::optional<std::vector<Hex>> trace_line(const Board& board, Hex from, const std::string& side,
                                           const rules::hexmap::Edges& edges);

// For each of the scenario's lines: one "line_of_communication" event naming
// the units that trace and those cut off, and the VP the cut-off SP give the
// enemy.
void score_lines_of_communication(Emitter& em);

}  // namespace adjutant::rules::bluegray
