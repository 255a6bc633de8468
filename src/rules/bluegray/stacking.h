// Stacking (6.0) and a side's own stacking limit (Hooker and Lee 19.0,
// 19.21-19.22): who may share a hex, and when the limit is checked.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "rules/bluegray/board.h"

namespace adjutant::rules::bluegray {

// 6.0, H&L 19.0/19.21: may these units of one side end a phase in one hex?
// Non-combat units never count.
bool stack_allowed(const Board& board, const std::string& side,
                   const std::vector<std::string>& units);

// Room for `unit` (of `side`) in h beside the units already there (8.52, 8.6).
bool has_room(const Board& board, Hex h, const std::string& side, const std::string& unit);

// H&L 19.0, 19.22, 15.11: the side's stacking is checked at the end of the
// movement phase, not after each move; "" when it follows 6.0, else the rule.
std::string phase_end_stacking_rule(const Scenario& sc, const std::string& side);

// At the end of the movement phase: every hex of `side` over its limit is a
// problem (move.stacking) naming the last move that ended there, from
// `last_into` (hex -> order index and unit).
void check_phase_end_stacking(const Board& board, const std::string& side,
                              const std::map<Hex, std::pair<int, std::string>>& last_into,
                              Problems& problems);

}  // namespace adjutant::rules::bluegray
