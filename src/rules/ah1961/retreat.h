// BACK 2: all losing units are moved back two squares in any direction or
// combination of directions determined by the winner; a unit that cannot
// (rivers, the board's edge, enemy zones of control) is eliminated, and the
// winner cannot force it there while an unblocked route exists.
#pragma once

#include "rules/ah1961/events.h"

namespace adjutant::rules::ah1961 {

// Moves `unit` back two squares by `chosen` (the winner's two squares, when
// given and unblocked), else by the documented default; eliminates it when
// every route is blocked.
void back_two(Emitter& em, const std::string& unit, const std::vector<std::string>& chosen,
              const std::string& combat);

}  // namespace adjutant::rules::ah1961
