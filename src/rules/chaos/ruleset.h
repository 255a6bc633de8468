// The `chaos` ruleset: Chaos of Battle played by mail with an umpire and fog
// of war (docs/rules/chaos.md "What version 1 adjudicates"). One phase per
// turn, in which both sides send an order file at once; the umpire's
// adjudication runs the whole turn from the game's dice and the standing
// orders of both files.
#pragma once

#include <memory>
#include <string>

#include "rules/chaos/scenario.h"
#include "rules/chaos/state.h"
#include "rules/ruleset.h"

namespace adjutant::rules {
class Notation;
}

namespace adjutant::rules::chaos {

// The latest version; every version from 1 stays playable.
inline constexpr int kVersion = 4;
inline constexpr const char* kRulesetId = "chaos";

// Builds the ruleset from a scenario file (adjutant-chaos/1); the errors of
// load_scenario.
std::unique_ptr<Ruleset> make_ruleset(const Json& scenario, const std::string& source, int version);

// The scenario a chaos ruleset plays; Error "chaos.not_chaos" for another
// ruleset.
const Scenario& scenario_of(const Ruleset& ruleset);

// The table state a game state carries (state.extra.chaos), and the combat
// tokens each side holds (state.extra.tokens; names).
ChaosState table_state(const model::State& state);
std::vector<std::string> held_tokens(const model::State& state, const std::string& side);

// Its text orders (docs/orders.md).
std::unique_ptr<Notation> make_notation();

}  // namespace adjutant::rules::chaos
