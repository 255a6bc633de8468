// Demoralization (Hooker and Lee 18.0-18.22, 20.0-20.23), a scenario hook:
// losses beyond a side's limit demoralize it at once, mid-phase; the Union
// limit rises when all of I Corps has crossed the river, which may rally
// it; the Confederates never rally. The state keeps each side's standing in
// extra.morale[side] = {lost, above, demoralized, since}: every "eliminate"
// event of the side adds to `lost`.
#pragma once

#include <string>

#include "rules/bluegray/events.h"

namespace adjutant::rules::bluegray {

// The side is demoralized now (18.12: the effect is immediate).
bool demoralized(const State& state, const std::string& side);
// The game-turn it became demoralized (0 when it is not).
int demoralized_since(const State& state, const std::string& side);

// Each side's standing at the start (extra.morale), or null without the hook.
Json initial_morale(const Scenario& sc);

// After an elimination or a crossing: emits "demoralized" or "rallied" for
// each side whose losses now call for it (18.1, 18.12, 18.13, 18.2, 18.22).
void review_morale(Emitter& em);

// 18.13, 20.15: a unit of the crossing group standing on the far bank for
// the first time emits "crossed" (and "morale_limit" when it is the last of
// them), then the sides are reviewed.
void note_crossing(Emitter& em, const std::string& unit);

// 20.3, 21.3: the level after a demoralized winner drops one level (the
// next level toward the other side); `level` unchanged without the hook, when
// both or neither side is demoralized, or when the loser is. `why` explains.
std::string shift_for_morale(const Scenario& sc, const State& state, const std::string& level,
                             std::string& why);

}  // namespace adjutant::rules::bluegray
