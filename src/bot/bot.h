// The bot of every ruleset that teaches one (rules/bot.h): its order
// generator, found by the ruleset's id in the rulesets' packages
// (rules/package.h). bot/play.h plays whole games with it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rules/bot.h"

namespace adjutant::bot {

// The generator of a ruleset id; Error bot.no_generator for a ruleset the
// bot has not been taught.
std::unique_ptr<OrderGenerator> make_generator(const std::string& ruleset_id);

// The ruleset ids the bot plays, in the registry's order.
std::vector<std::string> taught_rulesets();

}  // namespace adjutant::bot
