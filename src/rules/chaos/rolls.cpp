#include "rules/chaos/rolls.h"

#include "rules/chaos/stress.h"

namespace adjutant::rules::chaos {

DiceOff dice_off(ledger::Dice& dice, const std::string& first_listed, const std::string& other,
                 const std::string& purpose) {
  DiceOff out;
  for (;;) {
    int a = dice.roll(6, purpose), b = dice.roll(6, purpose);
    out.rounds.push_back({a, b});
    if (a != b) {
      out.winner = a > b ? first_listed : other;
      return out;
    }
  }
}

ChaosRoll chaos_roll(ledger::Dice& dice, int rating, bool preferred_near_commander,
                     const std::string& purpose) {
  ChaosRoll r;
  r.roll = dice.roll(6, purpose);
  r.preferred = r.roll >= rating;
  if (!r.preferred && preferred_near_commander && r.roll + 1 >= rating) {
    r.bonus_used = true;
    r.preferred = true;
  }
  return r;
}

int artillery_needs(bool woods, bool hillside, bool works_or_building) {
  return 3 + int(woods) + int(hillside) + int(works_or_building);
}

Volley fire_volley(ledger::Dice& dice, int guns, int needs, const std::string& purpose) {
  Volley v;
  for (int g = 0; g < guns; ++g) {
    int roll = dice.roll(6, purpose);
    v.rolls.push_back(roll);
    if (roll == 1) ++v.self_stress;
    if (roll >= needs) ++v.hits;
  }
  return v;
}

int resolve_stress(int roll, bool higher_ground, bool woods, bool breastworks, bool mounted_cavalry,
                   bool contact) {
  bool cover = woods || (breastworks && !mounted_cavalry);
  int modified = roll - int(higher_ground) - int(cover);
  return int(modified >= 4) + int(contact);
}

bool battery_self_stress(int roll, bool double_shot) {
  return roll <= (double_shot ? 2 : 1);
}

Rest unengaged_rest(ledger::Dice& dice, TurnType turn, bool certain, const std::string& purpose) {
  Rest r;
  int amount = rest_amount(turn);
  r.brigade = amount;
  if (certain) {
    r.regiments = amount;
    return r;
  }
  r.roll = dice.roll(6, purpose);
  r.regiments = r.roll >= 4 ? amount : 0;
  return r;
}

int wagon_relief(ledger::Dice& dice, Arm arm, const std::string& purpose) {
  if (arm == Arm::kArtillery) return dice.roll(3, purpose);
  return 1;
}

}  // namespace adjutant::rules::chaos
