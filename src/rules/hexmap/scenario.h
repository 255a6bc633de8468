// A hex scenario: the map (terrain per hex, hexside features, roads and
// trails, named places), the terrain effects chart, the combat results table,
// the turn track, the units and their arrivals, and the victory conditions.
// The C++ holds mechanics only; every number here comes from scenarios/*.json.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "hex/hex.h"
#include "hex/numbering.h"
#include "hex/sheets.h"
#include "ledger/jcs.h"

namespace adjutant::rules::hexmap {

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
  // A unit may pass through but never stop here: not at the end of its move,
  // a retreat, a displacement or an advance (Hooker and Lee ferry hexes).
  bool no_stop = false;
  // Units here attack and defend at half strength, rounded up (Grand
  // Chancellorsville 22.11, ferry hexes; adjutant-scenario/3).
  bool halves_strength = false;
  // Artillery may not bombard from here (22.11; adjutant-scenario/3).
  bool no_bombard = false;
  std::string colour;  // map fill, drawing only
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

// The four map edges, by name in files ("north", "east", "south", "west").
using Edges = std::set<std::string>;
inline const Edges kEdgeNames = {"east", "north", "south", "west"};

struct Route {
  // "road" or "trail"; also "railroad" and "unfinished_railroad" (1961
  // Chancellorsville: no movement cost, only stream crossing).
  std::string kind;
  std::string name;
  std::vector<Hex> hexes;
  // The map edges the route leads off (Cemetery Hill 14.33, 14.51): given as
  // "off" in the file, else every edge an end hex lies on; empty for a route
  // that stays inside the map.
  Edges off;
  std::vector<Hex> off_hexes;  // its end hexes on those edges
};

// How reinforcements come onto the map (14.32; Hooker and Lee 16.24-16.25).
struct EntryRules {
  int mp = 1;                   // MP to enter (14.32)
  bool terrain_cost = false;    // pay the entry hex's TEC cost instead (H&L 16.24)
  std::string column = "none";  // "unit" or "stack": the k-th to enter a hex pays k times (16.25)
  int compulsory_through = 0;   // entry is compulsory through this turn (14.33: turn 1)
};

// A reinforcement's arrival (14.3 pattern): the turn, and the map-edge hexes
// it may enter at (several for a group that may come in anywhere along a
// stretch of edge, Hooker and Lee 16.24).
struct Arrival {
  int turn = 0;
  Hex hex;                 // the first entry hex
  std::vector<Hex> hexes;  // every entry hex, `hex` first
  // Entry costs of this arrival when they are not the scenario's own (units
  // coming back from a flank march, H&L 16.24-16.25).
  std::optional<EntryRules> entry;
  // Once due, the unit must enter while it physically can (H&L 16.23, 16.25).
  bool compulsory = false;
  std::string rule = "14.32";  // the case its "enter" event cites
};

struct UnitDef {
  std::string id;    // designation, unique: "1/V"
  std::string name;  // long name for reports
  std::string side;
  std::string type;  // infantry, cavalry, artillery, or another for non-combat units
  int strength = 0;
  int movement = 0;
  // False for non-combat units (leaders, trains): no ZOC, no attack, not
  // counted for stacking (6.0 "combat units").
  bool combat = true;
  std::optional<Hex> start;        // set up on the map at the start
  std::optional<Arrival> arrival;  // or enters as a reinforcement
  // Or is placed by the players' set-up orders ("setup": "orders"; the 1961
  // Chancellorsville's Prepare For Play).
  bool setup_orders = false;
};

// Where units that took an exit come back onto the map (Hooker and Lee
// 16.22-16.25: Jackson's flank march).
struct ExitReturn {
  std::map<int, int> turns;    // the turn a unit left -> the turn it comes back
  std::vector<Hex> hexes;      // the map-edge hexes it re-enters at
  EntryRules entry;            // what re-entering costs (16.24, 16.25)
  bool compulsory = true;      // it must come back while it physically can (16.23)
  std::string rule = "14.32";  // the case its re-entry cites (H&L 16.24)
};

// A stretch of map edge where units may leave the map (14.4; H&L 16.11).
struct ExitZone {
  std::string side;                   // "" for either side
  std::set<std::string> types;        // empty for every unit type
  Edges edges;                        // anywhere on these edges
  std::set<Hex> hexes;                // or at these hexes
  int mp = 0;                         // MP spent to leave (14.4: 1)
  int vp_per_sp = 0;                  // VP to the exiting side per SP exited (H&L 16.11)
  int vp_per_unit = 0;                // or per unit
  bool not_enemy_controlled = false;  // not from a hex with an enemy unit or in its ZOC (16.11)
  int max_units = 0;                  // a combined total of units that may take it (16.22); 0: any
  int until_turn = 0;                 // the last turn it may be taken (16.22); 0: every turn
  std::string late_rule;    // taken after until_turn, the unit is eliminated citing this (16.27)
  bool by_retreat = false;  // a unit that cannot retreat on the map leaves by it instead (16.21)
  std::optional<ExitReturn> back;  // units taking it come back later (16.23)
  std::string rule;

  bool admits(const UnitDef& d) const {
    return (side.empty() || side == d.side) && (types.empty() || types.count(d.type));
  }
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
  // "occupied": scores when `side` occupies it at the end; "last_occupant":
  // scores when `side`'s units were the last to stand in it.
  std::string hold = "occupied";
  std::string held_by;  // the holder at the start, for "last_occupant"
};

// 14.51, 14.52: at the end, each SP of `side` that cannot trace a line of
// hexes free of enemy units and ZOC (unless friendly-occupied) to a road
// leading off one of `edges` gives the enemy `vp_per_sp`.
struct LineOfCommunication {
  std::string side;
  Edges edges;
  int vp_per_sp = 0;
  std::string rule;
};

struct Victory {
  std::string rule = "victory";             // the case the VP events cite (H&L 20.1)
  std::map<std::string, int> per_enemy_sp;  // side -> VP per enemy strength point eliminated
  std::vector<VictoryHex> hexes;
  std::vector<LineOfCommunication> lines;
  std::vector<std::string> ratio;  // [a, b]: levels compare a's VP to b's
  // [{"at_least":[2,1],"result":"Union Decisive","side":"union"}, ...]; `side`
  // names whom the level favours (H&L 20.3 reduces a demoralized winner's).
  Json levels = Json::array();
};

class Scenario {
 public:
  // Parses and cross-checks a scenario; Error ids scenario.* name the field.
  static Scenario from_json(const Json& j, const std::string& source);

  std::string id;
  std::string title;
  std::string ruleset;
  std::string notes;
  std::string sha256;           // hex SHA-256 of the canonical scenario file
  int format = 1;               // 1 or 2: adjutant-scenario/N
  Json raw;                     // the file as read, for rulesets that add their own data
  Json rules = Json::object();  // exclusive rules, checked by the ruleset that plays it
  // The version of its ruleset the game is played under (genesis pins it);
  // 0 until a ruleset takes the scenario. Rules gate changed readings on it.
  int rules_version = 0;

  std::vector<SideDef> sides;
  int columns = 0, rows = 0;  // hexes 0101 .. CCRR
  // The printed sheets the map is joined from (adjutant-scenario/3,
  // Grand Chancellorsville 22.0); nullptr for a single sheet. Hexes are then
  // joined-grid hexes, read and written with their sheet letter.
  std::shared_ptr<const hex::Sheets> sheets;
  // How this map writes its hex numbers: with the sheets' letters, or plain.
  // Valid while the scenario (or a copy holding the same sheets) lives.
  hex::Numbering numbers() const { return hex::Numbering(sheets.get()); }
  // "even" or "odd": columns of that parity have rows - 1 hexes, their half
  // hex at the bottom edge being off the map (Hooker and Lee); "" for none.
  std::string short_columns;
  // The page edge that faces true north (drawing only): "north" (the top,
  // the default) or, for a map printed turned, "west", "east" or "south".
  std::string north = "north";
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
  EntryRules entry;
  std::vector<ExitZone> exits;
  Victory victory;

  bool on_map(Hex h) const;
  // The last row of column `col` (rows, or rows - 1 for a short column).
  int last_row(int col) const;
  // The map edges hex h lies on (a corner hex lies on two).
  Edges edges_of(Hex h) const;
  // Map-edge hexes where a road leads off the map, in hex order (14.33).
  std::vector<Hex> road_exits() const;
  const TerrainType& terrain_at(Hex h) const;
  const HexsideType* hexside_at(Hexside s) const;  // nullptr: plain hexside
  // "road", "trail" or "" for the best route crossing this hexside (7.5).
  std::string route_across(Hexside s) const;
  // By id: through the index once index_units() has run over the current
  // list, else by a scan (a scenario built in code).
  const UnitDef* unit(const std::string& id) const;
  // Indexes which hexsides each route crosses (7.5); the reader calls it.
  void index_routes();
  // Indexes the units by id; the reader calls it after reading them.
  void index_units();
  const SideDef* side(const std::string& id) const;
  std::string other_side(const std::string& side) const;

 private:
  std::map<Hexside, std::string> route_sides_;
  // Looked up, never walked: the order of a hash map reaches no output.
  std::unordered_map<std::string, std::size_t> unit_index_;
};

}  // namespace adjutant::rules::hexmap
