#include "rules/chaos/stress.h"

#include <algorithm>

namespace adjutant::rules::chaos {

TestRoll brigade_test(ledger::Dice& dice, int brigade_stress, const std::string& purpose) {
  TestRoll t;
  t.roll = dice.roll(6, purpose);
  t.against = brigade_stress;
  t.passed = t.roll > t.against;
  return t;
}

TestRoll regiment_test(ledger::Dice& dice, int regiment_stress, int brigade_stress, int bonus,
                       const std::string& purpose) {
  TestRoll t;
  t.roll = dice.roll(6, purpose);
  t.roll += dice.roll(6, purpose);
  t.bonus = bonus;
  t.against = regiment_stress + brigade_stress;
  t.passed = t.roll + t.bonus > t.against;
  return t;
}

int quality_bonus(Quality q) {
  switch (q) {
    case Quality::kUntested:
      return 1;
    case Quality::kUnreliable:
      return 2;
    case Quality::kReliable:
      return 3;
  }
  return 0;
}

StressOutcome add_stress(ledger::Dice& dice, int stress, int stands, int amount,
                         const std::string& purpose) {
  StressOutcome out{stress, stands, 0, stands <= 0};
  if (amount <= 0) {
    out.stress = std::max(0, stress + amount);
    return out;
  }
  for (int i = 0; i < amount && !out.removed; ++i) {
    if (out.stress + 1 > kStandLossAbove && dice.roll(6, purpose) >= 4) {
      --out.stands;
      ++out.stands_lost;
      out.removed = out.stands <= 0;
    }
    ++out.stress;
  }
  return out;
}

int rest_amount(TurnType t) {
  return is_night(t) ? 2 : 1;
}

}  // namespace adjutant::rules::chaos
