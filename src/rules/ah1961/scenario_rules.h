// The 1961 game's own scenario data ("rules" of the scenario file): the
// regions the rivers make, the set-up (fortification counts, where each side
// places, what the Union withholds to step 4), the stacking limits, the
// corps, divisions and brigade substitute counters, the victory threshold.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "rules/hexmap/scenario.h"

namespace adjutant::rules::ah1961 {

using hex::Hex;
using ledger::Json;
using rules::hexmap::Scenario;

struct Fortifications {
  int count = 0;
  std::string region;
};

struct Withheld {
  std::string side;
  int artillery = 0;
  int infantry = 0;
  int corps = 0;
};

struct Stacking {
  int units = 0;    // combat units per square (Union: 2); 0 when not limited by count
  int factors = 0;  // basic factors per square (Confederate: 22); 0 when not limited
};

struct GameRules {
  std::map<std::string, Hex> region_seeds;
  std::map<Hex, std::string> region;  // every land square -> its region
  std::map<std::string, Fortifications> forts;
  std::map<std::string, std::string> setup_region;  // side -> region
  Withheld withheld;
  std::map<std::string, std::vector<std::string>> corps;
  std::map<std::string, Stacking> stacking;
  std::set<std::string> divisions;
  std::set<std::string> brigades;
  std::string victory_side;
  int victory_at_most = 0;

  std::string corps_of(const std::string& unit) const;
};

// Reads and cross-checks `sc.rules`; Error "scenario.ah1961" names the field.
GameRules read_game_rules(const Scenario& sc, const std::string& source);

// Terrain ids the 1961 rules know (docs/rules/ah1961.md "Terrain").
bool is_water(const std::string& terrain);  // river or ford: a full square wide
bool is_slow(const std::string& terrain);   // woods, hill, marsh: stop on entry, 2 a turn inside

}  // namespace adjutant::rules::ah1961
