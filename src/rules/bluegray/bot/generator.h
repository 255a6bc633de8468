// The Blue & Gray order generator: moves (moves.h), then the attacks the
// position they leave demands (attacks.h), then standing orders; whatever
// the ruleset's check still refuses (an exclusive rule the bot does not
// know) costs a move, until the check accepts the file.
#pragma once

#include <memory>

#include "rules/bot.h"

namespace adjutant::bot::bluegray {

std::unique_ptr<OrderGenerator> make_generator();

}  // namespace adjutant::bot::bluegray
