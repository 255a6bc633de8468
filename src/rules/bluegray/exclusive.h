// The exclusive rules a scenario switches on in its "rules" object, for the
// procedures its data cannot say (docs/scenarios.md): each is a hook with
// parameters, checked when the ruleset takes the scenario.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "rules/hexmap/scenario.h"

namespace adjutant::rules::bluegray {

// Cemetery Hill 14.33: a reinforcement whose entry hex holds an enemy unit or
// lies in an enemy ZOC, and which does not enter, enters `delay` turns later
// at the nearest unblocked map-edge road hex in its side's directions.
struct Reschedule {
  int delay = 1;
  std::map<std::string, rules::hexmap::Edges> toward;  // side -> "south", "east", ...
  std::string rule = "14.33";
};

// Cemetery Hill 14.53: at the end of each player-turn of `after`, `side` scores
// `vp_per_unit` for each of its exited units of `types` beyond the number of
// `against`'s exited units of those types.
struct ExitRace {
  std::string side;
  std::string against;
  std::set<std::string> types;
  int vp_per_unit = 0;
  std::string after;
  std::string rule = "14.53";
};

// Hooker and Lee 17.1, 19.11-19.12: `side` may move only `units` units a
// game-turn; units that arrive as reinforcements do not count.
struct MovementQuota {
  std::string side;
  int units = 0;
  bool exempt_reinforcements = false;
  std::string rule = "17.1";
};

// Hooker and Lee 19.13: before `before_turn`, `side` may not move a unit into
// a hex within `distance` hexes of the map edge `edge` (a page edge).
struct EdgeZone {
  std::string side;
  std::string edge;
  int distance = 0;
  int before_turn = 0;
  std::string rule = "19.13";
};

// Hooker and Lee 17.2, 19.14: `units` may not cross at `hex` until `side`
// rolls one of `succeeds` (a die each game-turn from `from_turn`, as that
// side's player-turn begins), and never at another hex of `ferry_terrain`.
struct CrossingRoll {
  std::string side;
  std::vector<std::string> units;
  hex::Hex hex;
  std::set<std::string> ferry_terrain;
  std::set<int> succeeds;
  int from_turn = 1;
  std::string rule = "17.2";
};

// Hooker and Lee 19.0, 19.21-19.22: a side's own stacking limit, checked at
// the end of the movement and combat phases instead of after each move (so
// units entering the map may overstack for a moment, 15.11): units of
// `alone_types` (every type when empty) may not share a hex with another unit
// of the side; the others stack up to the scenario's limit.
struct SideStacking {
  std::set<std::string> alone_types;
  std::string rule = "19.0";
};

// Hooker and Lee 18.13, 20.15: the losses that demoralize a side rise to
// `above` once every unit of `units` has crossed to the bank holding `bank`.
struct MoraleCrossing {
  std::vector<std::string> units;
  hex::Hex bank;
  int above = 0;
  std::string rule;
};

// Hooker and Lee 18.1, 18.2, 20.11, 20.21: a side whose eliminated strength
// points exceed `above` is demoralized; with `rally`, it recovers when its
// losses no longer exceed its (crossing-raised) limit.
struct MoraleSide {
  int above = 0;
  bool rally = true;
  std::optional<MoraleCrossing> crossing;
  std::string rule;
};

// Hooker and Lee 18.0-18.22, 20.0-20.23: demoralization and its effects.
struct Demoralization {
  std::map<std::string, MoraleSide> sides;
  std::string no_advance_rule;  // 18.11: demoralized units do not advance after combat
  std::string odds_below;       // 18.12, 20.12: no voluntary attack below these odds
  std::string odds_rule;
  // 20.14: an unavoidable attack below those odds after the game-turn of
  // demoralization gets an automatic Ar ("" resolves it normally).
  std::string unavoidable_rule;
  std::string victory_rule;  // 20.3, 21.3: a demoralized winner drops one level ("" none)
};

// Grand Chancellorsville 23.2, 23.21: for the first `last_turn` game-turns
// `side`'s units moving only in the hexes of `region` (the land reached from
// `from` without crossing a hex of `excluded` terrain or an impassable one:
// north of the Rappahannock, ferry and pontoon hexes left out) may move with
// `mp` MP ("forced": true), never with strategic movement, and may not enter
// an enemy zone of control while doing so.
struct ForcedMarch {
  std::string side;
  int last_turn = 0;
  int mp = 0;
  hex::Hex from;
  std::set<std::string> excluded;
  std::set<hex::Hex> region;
  std::string rule = "23.21";
};

struct Exclusive {
  std::optional<Reschedule> reschedule;
  std::optional<ExitRace> exit_race;
  bool attacker_effectiveness = true;  // 10.0-10.4 (off in Hooker and Lee 1975, 18.0)
  std::string effectiveness_rule;      // the case that switches it off
  std::optional<MovementQuota> quota;
  std::optional<EdgeZone> edge_zone;
  std::optional<CrossingRoll> crossing_roll;
  std::map<std::string, SideStacking> side_stacking;
  std::optional<Demoralization> demoralization;
  std::optional<ForcedMarch> forced_march;
};

// Reads the scenario's "rules"; scenario.* errors name the JSON path
// ("rules.exit_race.vp_per_unit"). Cheap: the engine calls it where needed.
Exclusive exclusive_rules(const rules::hexmap::Scenario& sc,
                          const std::string& source = "scenario");

// The scenario's exclusive rules, read once per scenario file: what the
// engine asks on every step of a path.
const Exclusive& exclusive_of(const rules::hexmap::Scenario& sc);

}  // namespace adjutant::rules::bluegray
