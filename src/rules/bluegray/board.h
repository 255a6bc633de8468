// Read-only questions the Blue & Gray rules ask about one position: which
// units stand where, whose they are, how far the nearest enemy is. The
// answers come from an index of the active units by hex and by side, built
// from the State when the board is made; a board made by an Emitter shares
// the Emitter's index, which follows every event, so it is always current.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/state.h"
#include "rules/hexmap/scenario.h"
#include "rules/ruleset.h"

namespace adjutant::rules::bluegray {

using hex::Hex;
using model::State;
using rules::hexmap::Scenario;
using rules::hexmap::UnitDef;

using Problems = std::vector<OrderProblem>;

// Distance reported when a side has no unit on the map.
inline constexpr int kFar = 1000;

// The active units on the map by hex and by side, each list in id order.
class UnitIndex {
 public:
  UnitIndex(const Scenario& scenario, const State& state);

  // Re-reads one unit's place from `state` (after an event moved, placed or
  // removed it).
  void update(const State& state, const std::string& unit);
  // Re-reads every unit.
  void rebuild(const State& state);

  const std::vector<std::string>& at(Hex h) const;
  const std::set<std::string>& of(const std::string& side) const;
  // The hexes holding units of `side`, in hex order.
  const std::map<Hex, int>& hexes_of(const std::string& side) const;

  // A side's zone of control as zoc_hexes() last found it, kept until a unit
  // of that side is added, moved or removed; nullptr when not known.
  std::shared_ptr<const std::set<Hex>> known_zoc(const std::string& side) const;
  void remember_zoc(const std::string& side, std::shared_ptr<const std::set<Hex>> hexes) const;

 private:
  void remove(const std::string& unit);
  void add(const std::string& unit, Hex h);
  const std::string& side_of(const std::string& unit) const;  // "" for an unknown id

  const Scenario& sc_;
  std::map<std::string, Hex> where_;
  std::map<Hex, std::vector<std::string>> by_hex_;
  std::map<std::string, std::set<std::string>> by_side_;
  std::map<std::string, std::map<Hex, int>> side_hexes_;  // side -> hex -> units there
  // side -> its zone of control, shared with whoever asked for it: a
  // unit's move drops it here, never the set a caller holds.
  mutable std::map<std::string, std::shared_ptr<const std::set<Hex>>> zoc_;
};

class Board {
 public:
  // Indexes `state` now; later changes to it are not seen.
  Board(const Scenario& scenario, const State& state);
  // Reads `index`, which its owner keeps current with `state`.
  Board(const Scenario& scenario, const State& state, const UnitIndex& index)
      : sc_(scenario), st_(state), index_(&index) {}

  const Scenario& scenario() const { return sc_; }
  const State& state() const { return st_; }
  const UnitIndex& index() const { return *index_; }
  // How the scenario's map writes its hex numbers.
  hex::Numbering numbers() const { return sc_.numbers(); }

  // nullptr for an id the scenario does not know.
  const UnitDef* def(const std::string& unit) const { return sc_.unit(unit); }
  std::string side_of(const std::string& unit) const;
  std::string enemy_of(const std::string& side) const { return sc_.other_side(side); }
  // The hex of an active unit on the map; nullopt otherwise.
  std::optional<Hex> hex_of(const std::string& unit) const;
  bool ineffective(const std::string& unit) const;

  // Active units in a hex, in id order.
  std::vector<std::string> units_at(Hex h) const { return index_->at(h); }
  std::vector<std::string> units_at(Hex h, const std::string& side) const;
  // Active units on the map of one side, in id order.
  std::vector<std::string> units_of(const std::string& side) const;
  bool enemy_at(Hex h, const std::string& side) const;
  // Distance from h to the nearest active unit of `side` (kFar if none).
  int distance_to_side(Hex h, const std::string& side) const;
  // 6.0: the combat units of `side` in h (non-combat units do not count).
  int combat_units_at(Hex h, const std::string& side) const;

 private:
  const Scenario& sc_;
  const State& st_;
  std::shared_ptr<const UnitIndex> owned_;
  const UnitIndex* index_ = nullptr;
};

bool is_artillery(const UnitDef& d);
bool is_cavalry(const UnitDef& d);
// A combat unit (the scenario may define non-combat units: no ZOC, no
// attack, not counted for stacking).
bool is_combat(const UnitDef& d);

// "1/I, Calef" for messages.
std::string join(const std::vector<std::string>& items, const std::string& sep = ", ");

}  // namespace adjutant::rules::bluegray
