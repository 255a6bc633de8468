// A Chaos of Battle scenario: the table, its terrain and landmarks, the turn
// types, and each side's force with its set-up (brigade markers, deployed
// brigades, player commanders, supply wagons). The format is
// adjutant-chaos/1 (schemas/chaos-scenario.schema.json, docs/scenarios.md
// "Chaos of Battle tables"); load_scenario checks it whole, force building
// and set-up included, and names the field of the first problem.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/chaos/stands.h"
#include "rules/chaos/terrain.h"
#include "rules/chaos/tokens.h"

namespace adjutant::rules::chaos {

enum class Quality { kUntested, kUnreliable, kReliable };
const char* quality_name(Quality q);

// Dawn, the day turns, early and late night (Turns).
enum class TurnType { kDawn, kDay, kEarlyNight, kLateNight };
const char* turn_type_name(TurnType t);
// Dawn, early night and late night: unengaged movement needs a stress test.
bool movement_needs_test(TurnType t);
bool is_night(TurnType t);

struct Regiment {
  std::string id;
  std::string name;
  Arm arm = Arm::kInfantry;  // infantry, cavalry or artillery (a battery)
  int stands = 4;            // a battery's stands are its gun models
  int stress = 0;
};

struct Brigade {
  std::string id;
  std::string name;
  std::string side;
  Arm arm = Arm::kInfantry;  // infantry or cavalry
  Quality quality = Quality::kReliable;
  std::string commander;  // the brigade commander's name
  // The least D6 roll that confirms the preferred marker in a Chaos of
  // Battle roll (assumption: the text names the commander's characteristic
  // but gives no table; docs/rules/chaos.md).
  int rating = 4;
  int stress = 0;
  std::vector<Regiment> regiments;
};

struct Placed {
  std::string regiment;
  Point at;
  int bearing = 0;
};

// A brigade's set-up: one or two markers, or deployed on the table.
struct BrigadeSetup {
  std::string brigade;
  std::vector<Point> markers;
  std::optional<Point> commander;  // deployed: the brigade commander
  std::vector<Placed> regiments;   // deployed: every regiment of the brigade
  bool deployed() const { return commander.has_value(); }
};

// A player commander (a command team) or a supply wagon.
struct Figure {
  std::string id;
  std::string name;
  Point at;
  int bearing = 0;
};

struct Side {
  std::string id;
  std::string name;
  std::string colour;
  std::optional<Outline> zone;  // the deployment zone, if the scenario has one
  std::vector<Brigade> brigades;
  std::vector<BrigadeSetup> setup;
  std::vector<Figure> commanders;
  std::vector<Figure> wagons;
};

struct Table {
  Coord width = 0;   // across, x (the narrow ends are north and south)
  Coord length = 0;  // along, y; north is y = length
};

struct Scenario {
  std::string id;
  std::string title;
  std::string notes;
  Table table;
  BaseSizes bases;
  Terrain terrain;
  std::vector<TurnType> turns;
  int brigades_per_side = 0;
  Tin tin;
  std::vector<Side> sides;
  // Force building: the combat tokens each side draws from the tin.
  std::map<std::string, int> tokens;
  // The version of the `chaos` ruleset playing it (ruleset.h kVersion is
  // the latest): version 1 has no fight phase and no combat tokens in play.
  int rules_version = 2;
  // A side's part of a scenario (seen_table.h scenario_part): the side it
  // belongs to, whose forces it holds; the other side's are left out.
  // "" for a whole scenario.
  std::string part;

  const Side& side(const std::string& id) const;
  const Brigade* brigade(const std::string& id) const;
  // The rectangle a deployed regiment, a wagon or a marker covers.
  Outline regiment_outline(const Regiment& r, const Placed& p) const;
  Outline marker_outline(Point centre) const;
  Outline figure_outline(Arm arm, const Figure& f) const;
};

// Reads and checks a scenario; throws Error with a scenario.* id naming
// `source` and the field (docs/errors.md).
Scenario load_scenario(const nlohmann::json& j, const std::string& source);

// Force building and set-up checks, run by load_scenario; `where` names
// the file in messages.
void check_forces(Scenario& s, const std::string& where);
void check_setup(const Scenario& s, const std::string& where);

}  // namespace adjutant::rules::chaos
