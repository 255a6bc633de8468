// The combat phase (8.0-8.6, 8.8, with artillery 8.7-8.76 and cavalry
// retreat 11.2): checking attacks against the post-movement position and
// resolving them one by one in the order given.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "ledger/dice.h"
#include "rules/bluegray/events.h"
#include "rules/bluegray/orders.h"

namespace adjutant::rules::bluegray {

// Checks every attack and the mandatory attacks of 8.0 and 8.7; appends one
// problem per fault and an echo line per sound attack. Never rolls.
void check_attacks(const Board& board, const std::vector<AttackOrder>& attacks, bool night,
                   Problems& problems, std::vector<std::string>& echo);

// Resolves the attacks in order; `n` of each combat is its place in the list (1-based).
void combat_phase(Emitter& em, const std::vector<AttackOrder>& attacks, ledger::Dice& dice);

}  // namespace adjutant::rules::bluegray
