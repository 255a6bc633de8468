// The small dice procedures of the text as pure functions over the game's
// dice: the dice-off for initiative, the Chaos of Battle roll, artillery
// fire, the dice of resolving a fight, and resting with supply wagons.
// docs/rules/chaos.md gives the reading of each; the rule name is cited.
#pragma once

#include <string>
#include <vector>

#include "ledger/dice.h"
#include "rules/chaos/scenario.h"

namespace adjutant::rules::chaos {

// engagement, fight ("Roll a die. The High die will go first", "players
// dice off"): each side a D6, `first_listed` first; a tie rolls again.
struct DiceOff {
  std::string winner;
  std::vector<std::pair<int, int>> rounds;  // (first_listed, other) per round
};
DiceOff dice_off(ledger::Dice& dice, const std::string& first_listed, const std::string& other,
                 const std::string& purpose);

// terms.chaos_roll: a D6 at or above the brigade commander's rating keeps
// the preferred marker; +1 when the preferred marker is within 6" of its
// player commander, taken only where it turns the result to preferred
// ("selected after rolling").
struct ChaosRoll {
  int roll = 0;
  bool bonus_used = false;
  bool preferred = false;  // PREFERRED: the other marker is removed; else OTHER
};
ChaosRoll chaos_roll(ledger::Dice& dice, int rating, bool preferred_near_commander,
                     const std::string& purpose);

// engagement.artillery: the number a gun needs, 3 in the open, +1 for each
// of woods, a hillside, breastworks or a building (read as raising the
// number needed: docs/rules/chaos.md).
int artillery_needs(bool woods, bool hillside, bool works_or_building);
// One battery's fire: a D6 per gun model; each at or above `needs` is one
// stress on the target; each natural 1 one stress on the battery.
struct Volley {
  std::vector<int> rolls;
  int hits = 0;
  int self_stress = 0;
};
Volley fire_volley(ledger::Dice& dice, int guns, int needs, const std::string& purpose);

// fight.resolve: one fighting regiment's stress from its die: 4-6 after
// -1 on higher ground and -1 in woods or behind breastworks (never both;
// mounted cavalry claims no breastworks), plus 1 when in contact.
int resolve_stress(int roll, bool higher_ground, bool woods, bool breastworks, bool mounted_cavalry,
                   bool contact);
// fight.resolve: a battery in the fight takes a stress on a 1 (1-2 under
// DOUBLE SHOT).
bool battery_self_stress(int roll, bool double_shot);

// rest: what an unengaged brigade that did not move recovers. A deployed
// brigade, or one whose unused marker is revealed, rests its regiments with
// certainty; otherwise regimental resting needs 4-6 on a D6 (the brigade's
// own relief is not in doubt).
struct Rest {
  int regiments = 0;  // removed from each regiment
  int brigade = 0;    // removed from the brigade
  int roll = 0;       // 0 when no die was needed
};
Rest unengaged_rest(ledger::Dice& dice, TurnType turn, bool certain, const std::string& purpose);

// supply: a resting regiment within 6" of a friendly supply wagon recovers
// 1 more stress; a battery 1D3 more. Rolls only for a battery.
int wagon_relief(ledger::Dice& dice, Arm arm, const std::string& purpose);

}  // namespace adjutant::rules::chaos
