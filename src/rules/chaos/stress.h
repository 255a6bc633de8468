// Stress: brigade and regimental stress tests (terms.stress_test), and the
// stands a regiment loses as its stress climbs above 6 (stress.stands).
#pragma once

#include <string>

#include "ledger/dice.h"
#include "rules/chaos/scenario.h"

namespace adjutant::rules::chaos {

// One stress test: the roll (with its bonus) and whether it was higher
// than the stress it was made against.
struct TestRoll {
  int roll = 0;     // the dice, before the bonus
  int bonus = 0;    // Hold the Line, quality, Like a Stone Wall
  int against = 0;  // the stress to beat
  bool passed = false;
};

// "A Stress test for a Brigade is a 1D6 roll. If they get over the stress
// number of the brigade then it is a success. Equal to or less is a
// failure."
TestRoll brigade_test(ledger::Dice& dice, int brigade_stress, const std::string& purpose);

// "Regimental stress tests are 2D6 rolls that are against the regimental
// stress + brigade stress level. Rolling higher than the combined stress
// numbers is a success." The two dice are rolled one after the other.
TestRoll regiment_test(ledger::Dice& dice, int regiment_stress, int brigade_stress, int bonus,
                       const std::string& purpose);

// The bonus of a side testing its own unit in a fight (fight.test):
// untested +1, unreliable +2, reliable +3.
int quality_bonus(Quality q);
// Hold the Line adds 2 (3 under Like a Stone Wall); Bend adds nothing.
inline constexpr int kHoldTheLine = 2;
inline constexpr int kStoneWall = 3;

// A regiment's stress and stands after stress is added or removed.
struct StressOutcome {
  int stress = 0;
  int stands = 0;
  int stands_lost = 0;
  bool removed = false;  // its last stand lost
};

// stress.stands: stress is added one point at a time; each point that
// takes the regiment above 6 rolls a D6, and 4-6 loses a stand. The stress
// is taken either way. A regiment that loses its last stand is removed and
// rolls no more. A negative amount removes stress, never below 0, with no
// roll.
StressOutcome add_stress(ledger::Dice& dice, int stress, int stands, int amount,
                         const std::string& purpose);

inline constexpr int kStandLossAbove = 6;

// Resting (rest): a day rest removes 1 from each regiment and 1 from the
// brigade, a night rest 2 and 2; an engaged brigade's rest removes 1 from
// the brigade only (engagement.rest).
int rest_amount(TurnType t);

}  // namespace adjutant::rules::chaos
