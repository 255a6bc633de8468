// Read-only questions the 1961 rules ask about one position: who stands
// where and whose they are (a captured bridge changes sides), fortified
// squares and built bridges (the state holds both: they change the board),
// which squares each side controls (primary and secondary zones), which
// region of the river-divided map a square lies in.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/state.h"
#include "rules/ah1961/scenario_rules.h"
#include "rules/ruleset.h"

namespace adjutant::rules::ah1961 {

using model::State;
using rules::hexmap::UnitDef;
using Problems = std::vector<OrderProblem>;

// Counter kinds (Unit Symbols; Combat, zones of control: A and NA).
bool is_hq(const UnitDef& d);
bool is_detachment(const UnitDef& d);  // assault boat or pontoon bridge
bool is_boat(const UnitDef& d);
bool is_bridge(const UnitDef& d);
bool is_artillery_type(const UnitDef& d);  // "A": artillery or horse artillery
// A unit with a combat factor that may attack: not an HQ, not a detachment.
bool is_fighting(const UnitDef& d);
// A unit with zones of control: every unit but the detachments (assumption).
bool has_zone(const UnitDef& d);

// A built pontoon bridge: the detachment on river square `river`, joining
// the shore squares `ends` (River Crossing, Pontoon Bridges).
struct BuiltBridge {
  std::string unit;
  Hex river;
  Hex a, b;
  int locked_turn = 0;  // built or captured in this player-turn: not usable in it
  std::string locked_phase;
  bool connects(Hex shore) const { return shore == a || shore == b; }
  Hex other(Hex shore) const { return shore == a ? b : a; }
};

class Board {
 public:
  Board(const Scenario& sc, const GameRules& g, const State& st) : sc_(sc), g_(g), st_(st) {}

  const Scenario& scenario() const { return sc_; }
  const GameRules& rules() const { return g_; }
  const State& state() const { return st_; }
  // How the scenario's map writes its square numbers; sq(h) writes one.
  hex::Numbering numbers() const { return sc_.numbers(); }
  std::string sq(Hex h) const { return sc_.numbers().format(h); }

  const UnitDef* def(const std::string& unit) const { return sc_.unit(unit); }
  std::string side_of(const std::string& unit) const;
  std::string enemy_of(const std::string& side) const { return sc_.other_side(side); }
  std::optional<Hex> square_of(const std::string& unit) const;
  bool active(const std::string& unit) const { return square_of(unit).has_value(); }

  std::vector<std::string> units_at(Hex h) const;
  std::vector<std::string> units_at(Hex h, const std::string& side) const;
  std::vector<std::string> units_of(const std::string& side) const;
  bool enemy_at(Hex h, const std::string& side) const;

  const std::string& terrain(Hex h) const { return sc_.terrain_at(h).id; }
  bool water(Hex h) const { return is_water(terrain(h)); }
  bool slow(Hex h) const { return is_slow(terrain(h)); }
  bool hill(Hex h) const { return terrain(h) == "hill"; }
  // "" for river squares.
  std::string region(Hex h) const;
  // A land square next to a river square.
  bool shore(Hex h) const;
  // Squares of a route of this kind ("road"), and whether one route of
  // kind road, railroad or unfinished railroad joins a and b (Stream Crossing).
  bool on_road(Hex h) const;
  bool route_joins(Hex a, Hex b) const;

  bool fortified(Hex h) const;
  std::set<Hex> fortifications() const;
  std::vector<BuiltBridge> bridges() const;
  std::optional<BuiltBridge> bridge_at(Hex river) const;
  std::optional<BuiltBridge> bridge_of(const std::string& unit) const;

  // Zones of control: the primary zone (the six adjacent squares) of every
  // unit of `side` with a zone, and the secondary zone (the ring of twelve
  // beyond) of its artillery-type units. The first unit found is named.
  std::optional<std::string> controller(Hex h, const std::string& side) const;

  // Basic combat factors of `side` on the board (How To Win).
  int factors_on_board(const std::string& side) const;

 private:
  const Scenario& sc_;
  const GameRules& g_;
  const State& st_;
};

// Unit lists in messages.
std::string join(const std::vector<std::string>& items, const std::string& sep = ", ");

}  // namespace adjutant::rules::ah1961
