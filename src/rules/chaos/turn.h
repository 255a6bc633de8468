// One turn of Chaos of Battle adjudicated from both sides' checked plans
// and the game's dice (docs/rules/chaos.md "What version 1 adjudicates"),
// and the events applied to the game state.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ledger/dice.h"
#include "model/state.h"
#include "rules/chaos/scenario.h"

namespace adjutant::rules::chaos {

// The events of the turn the state is at; `plans` by side (a side missing
// from it holds everything and rests).
nlohmann::json adjudicate_turn(const Scenario& scenario, const model::State& state,
                               const std::map<std::string, nlohmann::json>& plans,
                               ledger::Dice& dice);

// The state after the events.
model::State apply_turn(const Scenario& scenario, const model::State& state,
                        const nlohmann::json& events);

// The game state at the start: the table as set up, no tokens drawn yet.
model::State initial_game_state(const Scenario& scenario);

// One step of the turn, in the order the turn takes them: what it is and
// the rule names it carries out (docs/rules/chaos.md "Rule names").
struct TurnStep {
  const char* name;
  const char* rule;
};
std::vector<TurnStep> turn_sequence();

}  // namespace adjutant::rules::chaos
