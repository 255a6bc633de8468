// A hex scenario: the map (terrain per hex, hexside features, roads and
// trails, named places), the terrain effects chart, the combat results table,
// the turn track, the units and their arrivals, and the victory conditions.
// The C++ holds mechanics only; every number here comes from scenarios/*.json.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "hex/hex.h"
#include "ledger/jcs.h"

namespace adjutant::model {

using hex::Hex;
using hex::Hexside;
using ledger::Json;

// One row of the Terrain Effects Chart for a hex type.
struct TerrainType {
  std::string id;
  std::string name;
  int mp = 1;               // cost to enter (7.0)
  bool passable = true;     // false for river hexes (5.3)
  int defence = 1;          // defender multiplier in this hex (8.2)
  bool blocks_los = false;  // 8.71
  bool blocks_zoc = false;  // no ZOC into this hex (5.3: river hexes)
  std::string colour;       // map fill, drawing only
};

// One row of the Terrain Effects Chart for a hexside feature.
struct HexsideType {
  std::string id;
  std::string name;
  int mp = 0;            // added to the cost of the hex entered (7.3)
  bool passable = true;  // creek and river: false (5.3, GAPS)
  bool zoc = true;       // ZOC extends across (5.3)
  int defence_all = 1;   // defender multiplier when every attacker attacks across it (8.2)
  std::string colour;
};

struct Route {
  std::string kind;  // "road" or "trail"
  std::string name;
  std::vector<Hex> hexes;
};

struct Arrival {
  int turn = 0;
  Hex hex;
};

struct UnitDef {
  std::string id;    // designation, unique: "1/V"
  std::string name;  // long name for reports
  std::string side;
  std::string type;  // infantry, cavalry, artillery
  int strength = 0;
  int movement = 0;
  std::optional<Hex> start;        // set up on the map at the start
  std::optional<Arrival> arrival;  // or enters as a reinforcement
};

struct SideDef {
  std::string id;
  std::string name;
  std::string colour;  // counter colour, drawing only
};

struct TurnTrack {
  int count = 0;
  std::vector<std::string> order;              // sides in player-turn order
  std::set<int> night;                         // 9.0
  std::set<std::pair<int, std::string>> skip;  // player-turns that do not happen (14.1)
  bool strategic_movement = false;             // 11.1
};

struct Crt {
  std::vector<std::string> columns;            // "1-5" ... "6-1", weakest first
  std::vector<std::vector<std::string>> rows;  // rows[die-1][column]
  int die_sides = 6;
};

struct VictoryHex {
  Hex hex;
  std::string side;
  int vp = 0;
};

struct Victory {
  std::map<std::string, int> per_enemy_sp;  // side -> VP per enemy strength point eliminated
  std::vector<VictoryHex> hexes;
  std::vector<std::string> ratio;  // [a, b]: levels compare a's VP to b's
  Json levels = Json::array();     // [{"at_least":[2,1],"result":"Union Decisive"}, ...]
};

class Scenario {
 public:
  // Parses and cross-checks a scenario; Error ids scenario.* name the field.
  static Scenario from_json(const Json& j, const std::string& source);

  std::string id;
  std::string title;
  std::string ruleset;
  std::string notes;
  std::string sha256;  // hex SHA-256 of the canonical scenario file
  Json raw;            // the file as read, for rulesets that add their own data
  // The version of its ruleset the game is played under (genesis pins it);
  // 0 until a ruleset takes the scenario. Rules gate changed readings on it.
  int rules_version = 0;

  std::vector<SideDef> sides;
  int columns = 0, rows = 0;  // hexes 0101 .. CCRR
  std::map<Hex, std::string> terrain;
  std::string default_terrain;
  std::map<Hexside, std::string> hexsides;
  std::vector<Route> routes;
  std::map<Hex, std::string> places;
  std::map<std::string, TerrainType> terrain_types;
  std::map<std::string, HexsideType> hexside_types;
  int road_mp = 1, trail_mp = 2;
  int stacking = 2;
  Crt crt;
  TurnTrack turns;
  std::vector<UnitDef> units;
  Victory victory;

  bool on_map(Hex h) const;
  const TerrainType& terrain_at(Hex h) const;
  const HexsideType* hexside_at(Hexside s) const;  // nullptr: plain hexside
  // "road", "trail" or "" for the best route crossing this hexside (7.5).
  std::string route_across(Hexside s) const;
  const UnitDef* unit(const std::string& id) const;
  const SideDef* side(const std::string& id) const;
  std::string other_side(const std::string& side) const;

 private:
  std::map<Hexside, std::string> route_sides_;
};

}  // namespace adjutant::model
