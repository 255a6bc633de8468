// Combat: the battles the attacker declares after movement, checked before
// any die (every attacker in the zone of every defender it fights, each
// unit once, every obligation of the primary and secondary zones met), then
// resolved one at a time in the attacker's order.
#pragma once

#include <set>

#include "ledger/dice.h"
#include "rules/ah1961/events.h"
#include "rules/ah1961/orders.h"

namespace adjutant::rules::ah1961 {

// Checks the attacks against the board after movement; `moved` are the
// units that moved this turn.
void check_attacks(const Board& b, const std::vector<AttackOrder>& attacks,
                   const std::set<std::string>& moved, Problems& problems,
                   std::vector<std::string>& echo);

// Resolves the checked attacks in order, rolling one die per battle;
// returns the battles numbered so far in this game-turn (T.N numbering).
int resolve_attacks(Emitter& em, const std::vector<AttackOrder>& attacks, ledger::Dice& dice);

// Version 2: an attack on HQs alone is no battle and takes no combat number
// when resolved, as in the check's echo. Version 1 numbered it, so a battle
// given after it in the same file was logged one number above its echo.
inline bool hq_attack_unnumbered(const Scenario& sc) {
  return sc.rules_version >= 2;
}

// Battles numbered so far in this game-turn (combat numbers T.N).
int combats_so_far(const State& st);
// Whether the attack is a battle (some defender is not an HQ).
bool fights(const Board& b, const AttackOrder& a);

// Whose adverse results a secondary-zone battle ignores: "attacker" (A
// attacking NA, case 2), "defender" (NA attacking A, case 3) or "".
std::string protected_side(const Board& b, const AttackOrder& a);

}  // namespace adjutant::rules::ah1961
