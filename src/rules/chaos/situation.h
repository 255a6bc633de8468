// What the state says about who is near whom: the units on the table as
// bases, brigades engaged (any part within 8" of an enemy unit), regiments
// fighting, supply wagons an enemy has come within 4" of, and the Chaos of
// Battle roll resolving a brigade's two markers.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "ledger/dice.h"
#include "rules/chaos/fights.h"
#include "rules/chaos/rolls.h"
#include "rules/chaos/state.h"

namespace adjutant::rules::chaos {

// A unit on the table for distances (terms: units are regiments, batteries
// and brigade markers; commanders and wagons are not).
struct UnitBase {
  std::string id;  // a regiment id, or "<brigade>#<n>" for marker n (1 or 2)
  std::string brigade;
  std::string side;
  bool marker = false;
  Outline base;
};

// Every unit on the table, regiments (by id) then markers (by brigade).
std::vector<UnitBase> units_on_table(const ChaosState& state, const Scenario& scenario);

// units_on_table kept from one call to the next: a unit's outline is made
// again only when its place, facing or stands have changed, so a march
// that asks at every quarter-inch step who is near does not turn every
// corner of every unit again. now() equals units_on_table on the same state.
class TableUnits {
 public:
  const std::vector<UnitBase>& now(const ChaosState& state, const Scenario& scenario);

 private:
  struct Key {
    Point at;
    int facing = 0;
    int stands = 0;
    std::size_t marker = 0;  // n of "<brigade>#<n>"; 0 for a regiment
    bool operator==(const Key&) const = default;
  };
  std::vector<UnitBase> units_;
  std::vector<Key> keys_;
};

// terms.engaged: deployed brigades with any regiment within 8" of an enemy
// unit (a regiment or a marker), sorted.
std::set<std::string> engaged_brigades(const ChaosState& state, const Scenario& scenario);

// terms.fighting_range: the regiments on the table as fighters, for
// `fighting` and `group_fights`.
std::vector<Fighter> fighters(const ChaosState& state, const Scenario& scenario);

// supply: wagons with an enemy regiment or battery within 4" are destroyed;
// returns their ids, sorted.
std::vector<std::string> destroy_wagons(ChaosState& state, const Scenario& scenario);
// The same, given the state's units_on_table.
std::vector<std::string> destroy_wagons(ChaosState& state, const Scenario& scenario,
                                        const std::vector<UnitBase>& units);

// terms.chaos_roll on the state: the brigade's two markers; `preferred` is
// 1 or 2 (the owner's standing choice). PREFERRED removes the other marker,
// OTHER the preferred one. The +1 applies when the preferred marker is
// within 6" of a player commander of its side.
ChaosRoll resolve_markers(ChaosState& state, const Scenario& scenario, const std::string& brigade,
                          int preferred, ledger::Dice& dice);

}  // namespace adjutant::rules::chaos
