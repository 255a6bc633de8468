// The sequence of play: Prepare For Play steps 1-4 as five order-taking
// steps at turn 0 (step 1 is one for each side), then 25 complete turns of
// a Union turn and a Confederate turn (Turns, Routine of Play), then the
// victory check (How To Win).
#pragma once

#include <string>
#include <vector>

#include "rules/ah1961/events.h"

namespace adjutant::rules::ah1961 {

struct SetupStep {
  std::string name;  // "setup1-union": the phase name in order files and folders
  std::string side;
  int step = 0;  // Prepare For Play step 1-4
};

const std::vector<SetupStep>& setup_steps();
// The current set-up step, or nullptr once play has begun.
const SetupStep* current_step(const State& state);

// Ends a set-up step: the next step, or turn 1 for the Union.
void end_setup_step(Emitter& em, const SetupStep& step);
// Ends a player-turn: the next one, or the game with its result; `combats`
// battles have been numbered in this game-turn so far.
void end_player_turn(Emitter& em, int combats);
// The game's result by How To Win, from the board now.
Json victory(const Board& board, std::string& result);

}  // namespace adjutant::rules::ah1961
