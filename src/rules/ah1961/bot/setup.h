// Prepare For Play by the bot: the order body of each set-up step, from the
// scenario's own set-up data (regions, fortification counts, what the Union
// withholds to step 4, stacking), nothing naming a game.
#pragma once

#include "rules/ah1961/bot/position.h"

namespace adjutant::bot::ah1961 {

// The body of set-up step `step` ("setup1-union" ... "setup4-union").
Json setup_orders(const Position& p, const std::string& step);

}  // namespace adjutant::bot::ah1961
