// Prepare For Play, steps 1-4, as order files checked like any other
// orders: fortifications (step 1), the Union's placement less two corps,
// two artillery brigades and the detachments (step 2), the Confederate
// placement with brigade substitutes (step 3), the Union's remainder
// (step 4); nobody in the north-west area between the rivers.
#pragma once

#include "rules/ah1961/events.h"
#include "rules/ah1961/orders.h"
#include "rules/ah1961/phases.h"

namespace adjutant::rules::ah1961 {

// Checks one step's orders and emits its events ("fortify", "place",
// "substitute", then "setup_end"); every problem is appended.
void check_setup(Emitter& em, const SetupStep& step, const SetupOrders& orders, Problems& problems,
                 std::vector<std::string>& echo);

}  // namespace adjutant::rules::ah1961
