// The fight phase of a turn (fight, docs/rules/chaos.md "Fight phase"),
// from version 2: the dice-off, the sides alternating fight actions
// (initiating a new fight by a formed-up brigade's `fight` order, selecting
// an unresolved fight), resolving, testing by the standing policies,
// winning and losing, neither side withdrawing. Every choice comes from the
// order files; the events carry the values after them.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ledger/dice.h"
#include "rules/chaos/scenario.h"
#include "rules/chaos/state.h"

namespace adjutant::rules::chaos {

// A side's standing fight policies (`policies` of its order file), with
// their documented defaults.
struct FightPolicies {
  std::string test = "enemy_most_stressed";  // enemy_least_stressed, own_least_stressed
  int hold_the_line_below = 0;               // 0: always bend
  std::string artillery_target = "closest";  // most_stressed, least_stressed
};
FightPolicies policies_of(const nlohmann::json& plan);

struct FightPhaseInput {
  const Scenario& scenario;
  ChaosState& state;
  const std::map<std::string, nlohmann::json>& plans;  // checked plans by side
  ledger::Dice& dice;
  nlohmann::json& events;
  std::vector<std::string>& tin;           // the tokens left in the tin
  const std::set<std::string>& formed_up;  // brigades formed up this turn
};

// Draws k tokens for `side` from the tin (the draw of docs/protocol.md 8a,
// purpose "combat tokens"), appending a `tokens_drawn` event with `rule`.
// With `rebel_yell` (version 2), a Union side throws back each REBEL YELL
// drawn (`tokens_returned`, to the end of the tin) and draws two in its
// place, keeping whatever those are (token.rebel_yell).
void draw_tokens_for(ledger::Dice& dice, std::vector<std::string>& tin, const std::string& side,
                     int k, bool rebel_yell, const std::string& rule, nlohmann::json& events);

// Runs the phase; returns the brigades that had a regiment in a fight.
// No die is rolled when there is no fight and no brigade is ordered to
// start one.
std::set<std::string> run_fight_phase(FightPhaseInput in);

}  // namespace adjutant::rules::chaos
