// The hex map package the rulesets on a hex map share (Blue & Gray and the
// 1961 game): a ruleset made from a hex scenario (rules::hexmap::Scenario: its map
// of hexes and sheets, order of battle, CRT and stacking) holds it, and the
// layers above ask the ruleset for it. A game's archive keeps only the
// scenario file; nothing above the rules reads a hex scenario except
// through here.
#pragma once

#include <string>
#include <vector>

#include "rules/hexmap/scenario.h"
#include "rules/ruleset.h"

namespace adjutant::rules {

class HexRuleset : public Ruleset {
 public:
  // The scenario the ruleset plays.
  const rules::hexmap::Scenario& scenario() const { return sc_; }
  int version() const override { return sc_.rules_version; }
  // The scenario's sides, in its order.
  std::vector<std::string> sides() const override;
  // The side's name as the scenario names it ("" for an unknown id).
  std::string side_name(const std::string& id) const override;
  // `side`'s units in the order of battle's order: on the map first (with
  // their hex, and their marks: "ineffective", Blue & Gray 10.0), then those still to
  // come, then those out of play; "non-combat" noted.
  std::vector<PieceRow> pieces(const model::State& state, const std::string& side) const override;
  bool pieces_as_table() const override { return true; }

  // The reports' words for the scenario (rules/ruleset.h): its title and
  // id, its length, each side's losses in units and SP and the units that
  // left the map, the reinforcements due from the scenario's arrivals, and
  // the order of battle's unit names.
  std::string scenario_title() const override;
  int turn_count() const override { return sc_.turns.count; }
  std::vector<std::string> side_standing(const model::State& state,
                                         const std::string& side) const override;
  std::vector<std::string> reinforcements_due(const model::State& state, int turn) const override;
  std::string piece_name(const std::string& id) const override;

 protected:
  // Plays `scenario` at ruleset version `version` (genesis pins it).
  HexRuleset(rules::hexmap::Scenario scenario, int version);

  rules::hexmap::Scenario sc_;
};

// The hex scenario `ruleset` plays; nullptr for a ruleset with a scenario
// format of its own (Chaos of Battle's table).
const rules::hexmap::Scenario* hex_scenario(const Ruleset& ruleset);
// As hex_scenario, for a command that needs a hex map: Error
// "archive.not_hex" naming `where` for a ruleset without one.
const rules::hexmap::Scenario& hex_scenario(const Ruleset& ruleset, const std::string& where);

}  // namespace adjutant::rules
