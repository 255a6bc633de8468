// The 1961 bot's battles, on the board its moves leave: every attack the
// rules make obligatory (each phasing combat unit next to an enemy, the
// artillery duels and NA-against-A cases of the secondary zone, and every
// enemy unit in whose zone those units stand), then artillery firing from
// the secondary zone where it adds to a battle or fights alone without risk
// (case 2); with the winner's line of retreat, the advance onto a captured
// hill or fortification and the attacker's losses on an EXCHANGE.
#pragma once

#include <set>

#include "rules/ah1961/bot/position.h"

namespace adjutant::bot::ah1961 {

// `moved`: the units that moved this turn (artillery that moved next to an
// enemy must attack it).
Json plan_attacks(const Position& p, const r61::Board& b, const std::set<std::string>& moved);

}  // namespace adjutant::bot::ah1961
