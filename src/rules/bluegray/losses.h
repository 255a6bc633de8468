// Exchange losses (8.3 Ex): which attackers die.
#pragma once

#include <string>
#include <vector>

#include "rules/bluegray/events.h"
#include "rules/bluegray/orders.h"

namespace adjutant::rules::bluegray {

// The attackers to eliminate so that their strength totals at least
// `required`: the attack's "losses" list first (in its order), then the
// side's standing "losses" policy: fewest_units (fewest units, then least
// excess strength, then the smallest sorted list of ids), weakest_first or
// strongest_first (ties by id). All of them when they total no more.
std::vector<std::string> choose_losses(const Board& board, const std::vector<std::string>& exposed,
                                       int required, const std::vector<std::string>& preferred,
                                       const std::string& policy);

// Emits the "exchange" event and eliminates the chosen attackers.
void exchange_losses(Emitter& em, const AttackOrder& a, const std::string& n,
                     const std::vector<std::string>& exposed, int required);

}  // namespace adjutant::rules::bluegray
