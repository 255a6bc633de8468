// The combat phase (8.0-8.6, 8.8, with artillery 8.7-8.76 and cavalry
// retreat 11.2): checking attacks against the post-movement position and
// resolving them one by one in the order given.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "ledger/dice.h"
#include "rules/bluegray/events.h"
#include "rules/bluegray/orders.h"

namespace adjutant::rules::bluegray {

// Checks every attack and the mandatory attacks of 8.0 and 8.7; appends one
// problem per fault and an echo line per sound attack. Never rolls. With
// `odds`, appends per sound attack {"order","odds","attack","defence",
// "best"} (8.1, 8.8: the column it goes in at, the strengths, the column
// before any reduction; "half_points" when 22.11 halves a strength), for
// the order page. `moved` names the units that moved or entered this
// player-turn (H&L 20.14: they chose to be in contact).
void check_attacks(const Board& board, const std::vector<AttackOrder>& attacks,
                   const std::set<std::string>& moved, bool night, Problems& problems,
                   std::vector<std::string>& echo, Json* odds = nullptr);

// Resolves the attacks in order. Each declared attack is a combat with one
// number everywhere (echo, events, reports, maps, explain): "T.N", the N-th
// attack declared in game-turn T, counted over both player-turns.
void combat_phase(Emitter& em, const std::vector<AttackOrder>& attacks, ledger::Dice& dice);

// How many attacks were declared earlier in the state's game-turn (the
// phase_end event of a player-turn records it).
int combats_declared(const State& state);

// "3.2"
std::string combat_label(int turn, int n);

}  // namespace adjutant::rules::bluegray
