// Attacker effectiveness (10.0-10.4).
#pragma once

#include <string>

#include "rules/bluegray/events.h"

namespace adjutant::rules::bluegray {

// 10.0: the mark an ineffective unit carries in the state
// (model::UnitState::marks, written "ineffective": true).
inline const std::string kIneffective = "ineffective";

// 10.0: a unit that received an Ar result becomes ineffective.
void make_ineffective(Emitter& em, const std::string& unit, const std::string& combat);

// 10.2: at the start of its side's combat phase, every ineffective unit of
// `side` in an enemy ZOC retreats (8.5); no enemy unit advances after it.
void retreat_ineffective(Emitter& em, const std::string& side);

// 10.4: at the end of a night turn every ineffective unit recovers.
void recover_all(Emitter& em);

}  // namespace adjutant::rules::bluegray
