// The order generator of Chaos of Battle: each turn every unengaged brigade
// of the side marches on the nearest enemy piece it can see and engages it
// (a CHECK), a brigade near the enemy may shake out first, an engaged
// brigade under stress withdraws, and the player commanders follow their
// brigades. It reads of the enemy only where its
// pieces stand, as the side's own view shows them.
#pragma once

#include <memory>

#include "rules/bot.h"

namespace adjutant::bot::chaos {

std::unique_ptr<OrderGenerator> make_generator();

}  // namespace adjutant::bot::chaos
