// The order generator of Avalon Hill's Chancellorsville (1961): the set-up
// steps of Prepare For Play (setup.h), then each turn's moves (moves.h) and
// the battles the position they leave demands (attacks.h); whatever the
// ruleset's check still refuses costs a move, until the check accepts the
// file.
#pragma once

#include <memory>

#include "rules/bot.h"

namespace adjutant::bot::ah1961 {

std::unique_ptr<OrderGenerator> make_generator();

}  // namespace adjutant::bot::ah1961
