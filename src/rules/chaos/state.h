// The state of a Chaos of Battle game that the procedures change: each
// brigade's stress, markers and commander, each regiment's stress, stands
// and place, the wagons and player commanders. Built from a scenario's
// set-up; written as canonical JSON in ordered maps, so the same state
// always gives the same bytes (adjutant-chaos-state/1).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ledger/dice.h"
#include "rules/chaos/rolls.h"
#include "rules/chaos/scenario.h"
#include "rules/chaos/stress.h"

namespace adjutant::rules::chaos {

struct BrigadeState {
  std::string side;
  int stress = 0;
  std::vector<Point> markers;      // on the table as markers (1 or 2)
  std::optional<Point> commander;  // deployed
};

struct RegimentState {
  std::string brigade;
  int stands = 0;
  int stress = 0;
  bool removed = false;
  std::optional<Point> at;  // deployed
  int facing = 0;
  // Version 3 (engagement.maneuver): a battery limbered, a cavalry regiment
  // dismounted. Written only when true, so a state of versions 1 and 2
  // (which never set them) keeps its bytes.
  bool limbered = false;
  bool dismounted = false;
};

struct FigureState {
  std::string side;
  Point at;
  int facing = 0;
  bool destroyed = false;  // supply wagons
};

struct ChaosState {
  int turn = 1;
  std::map<std::string, BrigadeState> brigades;
  std::map<std::string, RegimentState> regiments;
  std::map<std::string, FigureState> wagons;
  std::map<std::string, FigureState> commanders;
};

// The state at the start: the scenario's forces as set up.
ChaosState initial_state(const Scenario& scenario);

nlohmann::json to_json(const ChaosState& state);
// Throws Error state.* (docs/errors.md) naming the field.
ChaosState state_from_json(const nlohmann::json& j);
// Whether state_from_json(to_json(state)) reads `state` back without an
// error (every number within its range, every point within the table
// limits, every regiment's brigade known): then it reads back equal.
bool reads_back(const ChaosState& state);

// stress.stands on a regiment of the state; a regiment that loses its last
// stand is removed (off the table).
StressOutcome stress_regiment(ChaosState& state, const std::string& regiment, int amount,
                              ledger::Dice& dice);
// A brigade's own stress, never below 0.
void stress_brigade(ChaosState& state, const std::string& brigade, int amount);

// rest and supply: an unengaged brigade that did not move rests (certain
// when deployed or when its unused marker is revealed: one marker); every
// regiment recovers the rest, and a deployed regiment within 6" of a
// friendly supply wagon still on the table recovers 1 more (a battery 1D3
// more). Dice: the rest's die if needed, then the wagons' D3s in regiment
// order.
struct RestReport {
  Rest rest;
  std::map<std::string, int> relieved;  // regiment -> stress removed
};
RestReport rest_brigade(ChaosState& state, const Scenario& scenario, const std::string& brigade,
                        TurnType turn, ledger::Dice& dice);

}  // namespace adjutant::rules::chaos
