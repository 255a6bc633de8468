// The table order page's data (rules/package.h table_page).
#pragma once

#include <string>

#include "ledger/jcs.h"
#include "model/state.h"

namespace adjutant::rules::chaos {

// From the side's part of the scenario (side_part) and its view `seen`:
// {ruleset, side, enemy, turn, table: {width, length}, brigades,
// commanders, flags, bases, tokens}.
ledger::Json order_page_data(const ledger::Json& part, const model::State& seen,
                             const std::string& side);

}  // namespace adjutant::rules::chaos
