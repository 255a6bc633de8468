// Movement restrictions of Hooker and Lee, scenario hooks: the Union's
// six-unit quota (17.1, 19.11-19.12), its units kept off the west edge
// before turn 4 (19.13), and Averill's crossing of Ely's Ford, allowed only
// once the Union rolls a 1 (17.2, 19.14).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ledger/dice.h"
#include "rules/bluegray/events.h"
#include "rules/bluegray/exclusive.h"

namespace adjutant::rules::bluegray {

// What forbids `unit` stepping into `to` now (19.13, 17.2), or nullopt.
struct Restriction {
  std::string id;
  std::string rule;
  std::string message;
};
std::optional<Restriction> step_restriction(const Board& board, const std::string& unit, Hex to);

// step_restriction(board, unit, to).has_value() for one unit and many hexes,
// without building messages (for path searches).
class StepRestrictions {
 public:
  StepRestrictions(const Board& board, const std::string& unit);
  bool refuse(Hex to) const;

 private:
  const Board& board_;
  const Exclusive& ex_;
  std::string unit_;
  std::string side_;
};

// 17.1: does a move of `unit` count against its side's quota, and the
// quota's size and rule; nullopt when no quota binds the unit.
struct QuotaRule {
  int units = 0;
  std::string rule;
};
std::optional<QuotaRule> quota_for(const Scenario& sc, const std::string& unit);

// 17.1: the "quota" event after the movement phase: the units of the quota's
// side that moved and count against it (the phasing side only).
void record_quota(Emitter& em, const std::vector<std::string>& moved);

// 17.2: at the end of a player-turn, the die that decides whether the
// crossing units may cross from the next player-turn of their side on (once
// a game-turn, from its first turn, until it succeeds).
void roll_for_crossing(Emitter& em, ledger::Dice& dice, int next_turn,
                       const std::string& next_side);

}  // namespace adjutant::rules::bluegray
