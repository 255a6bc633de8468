// The bot's generator of a ruleset: the one its package names.
#include "bot/bot.h"
#include "rules/package.h"
#include "util/error.h"

namespace adjutant::bot {

std::unique_ptr<OrderGenerator> make_generator(const std::string& ruleset_id) {
  const rules::Package* p = rules::package_of(ruleset_id);
  if (p && p->bot) return p->bot();
  throw Error("bot.no_generator", "the bot does not play the ruleset \"" + ruleset_id + "\" yet");
}

std::vector<std::string> taught_rulesets() {
  std::vector<std::string> out;
  for (const rules::Package* p : rules::packages())
    if (p->bot) out.push_back(p->info.id);
  return out;
}

}  // namespace adjutant::bot
