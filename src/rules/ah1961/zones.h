// Zones of control in battle: who may fight whom. PRIMARY ZONE (the six
// adjacent squares) for every unit, no combat between adjacent river
// squares; SECONDARY ZONE (the twelve beyond) for artillery-type units, with
// the A/NA table (cases 1-6) and the rule of thumb; artillery attacks from
// the primary zone only after a secondary-zone battle with that enemy (the
// NOTE) or together with an enemy artillery unit in its secondary zone
// (PRIMARY AND SECONDARY COMBINED).
#pragma once

#include <set>
#include <utility>

#include "rules/ah1961/board.h"

namespace adjutant::rules::ah1961 {

using Pairs = std::set<std::pair<std::string, std::string>>;

// Artillery units and the enemies they fought from the secondary zone on an
// earlier turn (state.extra.engaged).
Pairs engaged_pairs(const State& st);

// Why attacker `a` may not fight defender `d` in a battle whose defenders
// are `defenders`, or "" (and `rule` names the case).
std::string contact_problem(const Board& b, const std::string& a, const std::string& d,
                            const std::vector<std::string>& defenders, std::string& rule);

// No combat between units both on adjacent river squares.
bool river_pair(const Board& b, Hex x, Hex y);

// Some artillery-type unit of `side` within two squares of h.
bool artillery_near(const Board& b, Hex h, const std::string& side);

}  // namespace adjutant::rules::ah1961
