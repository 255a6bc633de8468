// The sequence of play (4.0): the game-turns and player-turns of the turn
// track, and the steps of one player-turn as one explicit table.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ledger/dice.h"
#include "rules/bluegray/board.h"

namespace adjutant::rules::bluegray {

class Emitter;

struct PlayerTurn {
  int turn = 0;
  std::string side;
};

// 4.0: every player-turn of the game in order (turns.order within each of
// turns.count game-turns), without those turns.skip removes (14.1 style).
std::vector<PlayerTurn> player_turns(const rules::hexmap::TurnTrack& track);

// The player-turn after (turn, side), or nullopt after the last one.
std::optional<PlayerTurn> next_player_turn(const rules::hexmap::TurnTrack& track, int turn,
                                           const std::string& side);

// 9.0: the scenario's turn track marks night turns.
bool is_night(const Scenario& sc, int turn);

// One step of a player-turn.
struct Step {
  const char* name;
  const char* rule;
  bool at_night;  // false: the step does not happen on night turns (9.0)
};

// The steps of a player-turn in order (for documentation and reports).
const std::vector<Step>& player_turn_steps();

// Adjudicates one player-turn from a checked plan: runs the steps of the
// table in order and returns the events.
// With `after`, also the state the events lead to.
Json run_player_turn(const Scenario& sc, const State& state, const Json& plan, ledger::Dice& dice,
                     State* after = nullptr);

// The same player-turn taken up where the order check of `plan` left it:
// `em` began at `state` and has the events of the steps the check takes
// (standing orders to the retreat of ineffective units, record_quota
// included) and no other; runs the rest into it. Its events are then
// run_player_turn's.
void resume_player_turn(Emitter& em, const State& state, const Json& plan, ledger::Dice& dice);

}  // namespace adjutant::rules::bluegray
