// The 1961 bot's moves: first attacks by movement (units that can reach the
// squares next to an enemy square in numbers that make the seed's least
// odds), then everyone else toward its goal without entering an enemy zone
// of control; each move is played through the movement rules as it is
// chosen, so later moves see the squares earlier ones took.
#pragma once

#include "rules/ah1961/bot/position.h"
#include "rules/ah1961/events.h"
#include "rules/ah1961/movement.h"

namespace adjutant::bot::ah1961 {

// Plans the moves of the phasing side and plays them on `em` and `ph`.
std::vector<Json> plan_moves(const Position& p, r61::Emitter& em, r61::MovePhase& ph);

// Plays one move order body on `em` and `ph`; false (and nothing changed)
// when the movement rules refuse it, its problems appended to `refused`.
bool play_move(r61::Emitter& em, r61::MovePhase& ph, const Json& move, int index,
               std::vector<rules::OrderProblem>* refused = nullptr);

}  // namespace adjutant::bot::ah1961
