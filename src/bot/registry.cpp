#include "bot/ah1961/generator.h"
#include "bot/bluegray/generator.h"
#include "bot/bot.h"
#include "bot/chaos/generator.h"
#include "util/error.h"

namespace adjutant::bot {

namespace {

using Factory = std::unique_ptr<OrderGenerator> (*)();

struct Entry {
  const char* ruleset;
  Factory make;
};

// One order generator per ruleset of rules/registry.cpp: a new ruleset
// teaches the bot here (tests/unit/bot_test.cpp checks that every one has).
const Entry kGenerators[] = {
    {"bluegray", &bluegray::make_generator},
    {"ah1961", &ah1961::make_generator},
    {"chaos", &chaos::make_generator},
};

}  // namespace

std::unique_ptr<OrderGenerator> make_generator(const std::string& ruleset_id) {
  for (const auto& e : kGenerators)
    if (ruleset_id == e.ruleset) return e.make();
  throw Error("bot.no_generator", "the bot does not play the ruleset \"" + ruleset_id + "\" yet");
}

std::vector<std::string> taught_rulesets() {
  std::vector<std::string> out;
  for (const auto& e : kGenerators) out.push_back(e.ruleset);
  return out;
}

}  // namespace adjutant::bot
