// The combat half of a Blue & Gray order file: the attacks 8.0 and 8.7
// demand on the position the moves leave, at the best odds the bot can
// arrange.
#pragma once

#include <vector>

#include "rules/bluegray/bot/situation.h"

namespace adjutant::bot::bluegray {

// Every stack of `side` in an enemy ZOC (or artillery next to an enemy unit)
// attacks, whole (8.42), and every enemy hex with a combat unit in a
// friendly ZOC is attacked (8.0):
// 1. a matching pairs each such enemy hex with a stack next to it, then
//    each stack left over with an enemy hex next to it;
// 2. an enemy hex left over joins an attack all of whose units are next to
//    it (8.43), a stack left over joins an attack on hexes all next to it;
// 3. stacks move between attacks while that raises the worse of the two
//    odds; artillery next to no enemy fires from range (8.7, 8.71) where it
//    raises the odds most.
// Each attack names its strongest infantry or cavalry unit to advance (8.6).
// The best odds come first.
std::vector<Json> plan_attacks(const Board& board, const std::string& side);

}  // namespace adjutant::bot::bluegray
