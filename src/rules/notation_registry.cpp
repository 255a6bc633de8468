#include "rules/notation.h"
#include "util/error.h"

namespace adjutant::rules {

namespace {

using NotationFactory = std::unique_ptr<Notation> (*)();

struct NotationEntry {
  const char* ruleset;
  NotationFactory make;
};

// One notation per ruleset of registry.cpp: a new ruleset teaches its text
// orders here (tests/unit/rules_notation_test.cpp checks that every one has).
const NotationEntry kNotations[] = {
    {"bluegray", &bluegray::make_notation},
    {"ah1961", &ah1961::make_notation},
    {"chaos", &chaos::make_notation},
};

}  // namespace

const model::Scenario& TextGame::hex_scenario() const {
  if (!hex)
    throw Error("text.no_notation",
                "this notation reads a hex scenario, and the game has none to read names in");
  return *hex;
}

std::unique_ptr<Notation> make_notation(const std::string& ruleset_id) {
  for (const auto& e : kNotations)
    if (ruleset_id == e.ruleset) return e.make();
  throw Error("text.no_notation",
              "the ruleset \"" + ruleset_id + "\" has no text notation yet; write JSON orders");
}

std::vector<std::string> notation_rulesets() {
  std::vector<std::string> out;
  for (const auto& e : kNotations) out.push_back(e.ruleset);
  return out;
}

}  // namespace adjutant::rules
