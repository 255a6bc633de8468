// Hooker and Lee as shipped in scenarios/hooker-lee-1975.json (rules/002,
// 13.0-20.3) and scenarios/hooker-lee-2006.json (rules/003, 15.0-21.3): the
// deployment and reinforcement charts as printed in each text, one map for
// both (written by tools/hooker-lee/build.py), every hex number of the texts
// where it must lie on that map, and the levels of victory around their
// boundaries. The adjudication cases are in tests/cases/hooker-lee-1975/ and
// tests/cases/hooker-lee-2006/.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <deque>
#include <set>
#include <string>
#include <tuple>

#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/pathfind.h"
#include "rules/bluegray/victory.h"
#include "rules/ruleset.h"
#include "util/files.h"

namespace {

using adjutant::hex::Hex;
using adjutant::rules::Json;
using adjutant::rules::hexmap::Scenario;
namespace bg = adjutant::rules::bluegray;

Json scenario_json(int edition) {
  std::string file = std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/hooker-lee-" +
                     std::to_string(edition) + ".json";
  return adjutant::ledger::parse_strict(adjutant::read_file(file), file);
}

Scenario scenario(int edition) {
  return Scenario::from_json(scenario_json(edition), "hooker-lee-" + std::to_string(edition));
}

// The hex of `sc` that `text` numbers.
Hex h(const Scenario& sc, const std::string& text) {
  return *sc.numbers().parse(text);
}

// The charts as printed: hex (or entry hex), strength, type letter, the 1975
// designation, the 2006 designation; arrivals carry their turn.
struct Row {
  std::string hex;
  int strength;
  std::string type;  // "", "a" or "c"
  std::string id_1975;
  std::string id_2006;
  int turn = 0;  // 0: set up on the map
};
const std::vector<Row> kCharts = {
    // 14.1 / 16.1 Union Army
    {"0912", 9, "", "2/V", "2/V"},
    {"1013", 4, "a", "V", "V"},
    {"1115", 19, "", "1/V", "1/V"},
    {"1316", 9, "", "3/V", "3/V"},
    {"1020", 3, "c", "1/Plesntn", "1/Pleasanton"},
    {"1120", 4, "c", "2/Plesntn", "2/Pleasanton"},
    {"1416", 16, "", "1/II", "1/II"},
    {"1715", 12, "", "3/II", "3/II"},
    {"1615", 2, "a", "II", "II"},
    {"1518", 17, "", "1/III", "1/III"},
    {"1919", 16, "", "2/III", "2/III"},
    {"1418", 8, "", "3/III", "3/III"},
    {"1519", 6, "a", "III", "III"},
    {"1816", 13, "", "1/XII", "1/XII"},
    {"1817", 16, "", "2/XII", "2/XII"},
    {"1718", 3, "a", "XII", "XII"},
    {"1716", 2, "a", "Reserve", "Reserve"},
    {"1723", 9, "", "1/XI", "1/XI"},
    {"1722", 10, "", "3/XI", "3/XI"},
    {"1524", 8, "", "2/XI", "2/XI"},
    {"1622", 2, "a", "XI", "XI"},
    // 14.2 / 16.2 Confederate Army
    {"2014", 4, "", "Wright/A", "Wright/A"},
    {"2115", 5, "", "Mahone/A", "Mahone/A"},
    {"1914", 4, "", "Posey/A", "Posey/A"},
    {"1812", 3, "", "Perry/A", "Perry/A"},
    {"1913", 4, "a", "Garnett/A", "Garnett/A"},
    {"1811", 4, "", "Wofford/M", "Wofford/M"},
    {"1710", 5, "", "Semmes/M", "Semmes/M"},
    {"1608", 6, "", "Kershaw/M", "Kershaw/M"},
    {"1810", 4, "a", "Cabell/M", "Cabell/M"},
    {"2215", 4, "", "Heth/H", "Heth/H"},
    {"2215", 5, "", "Lane/H", "Lane/H"},
    {"2114", 4, "", "Thomas/H", "Thomas/H"},
    {"2114", 5, "", "McGwn/H", "McGowan/H"},
    {"2013", 5, "", "Archer/H", "Archer/H"},
    {"2013", 5, "", "Pender/H", "Pender/H"},
    {"2113", 3, "a", "Walker/H", "Walker/H"},
    {"2213", 5, "", "Rodes/R", "Rodes/R"},
    {"2213", 5, "", "Colquit/R", "Colquitt/R"},
    {"2112", 4, "", "Ramseur/R", "Ramseur/R"},
    {"2112", 4, "", "Doles/R", "Doles/R"},
    {"2212", 4, "", "Iverson/R", "Iverson/R"},
    {"2212", 2, "a", "Carter/R", "Carter/R"},
    {"2012", 4, "a", "Crtchfd", "Crutchfield"},
    {"2311", 5, "", "Paxton/C", "Paxton/C"},
    {"2311", 2, "a", "H Jones/C", "H. Jones/C"},
    {"2310", 5, "", "Colston/C", "Colston/C"},
    {"2310", 5, "", "J Jones/C", "J. Jones/C"},
    {"2209", 5, "", "Nicholls/C", "Nicholls/C"},
    {"1912", 3, "a", "Alexndr", "Alexander"},
    {"2320", 4, "c", "1/F Lee/S", "1/F. Lee/S"},
    {"2219", 3, "c", "W H F Lee/S", "W.H.F. Lee/S"},
    {"1510", 2, "c", "2/F Lee/S", "2/F. Lee/S"},
    {"2319", 1, "a", "Beckhams/S", "Beckham/S"},
    // 15.21 / 17.1 Union reinforcements
    {"0111", 19, "", "1/I", "1/I", 4},
    {"0111", 12, "", "2/I", "2/I", 4},
    {"0111", 7, "", "3/I", "3/I", 4},
    {"0111", 5, "a", "1", "I", 4},
    {"0128", 4, "c", "1/Averill", "1/Averill", 5},
    {"0128", 3, "c", "2/Averill", "2/Averill", 5},
};

std::string type_of(const std::string& letter) {
  return letter == "a" ? "artillery" : letter == "c" ? "cavalry" : "infantry";
}

// The hexes a unit standing on `from` reaches without entering water (a
// river or ferry hex): the bank it stands on.
std::set<Hex> bank(const Scenario& sc, Hex from) {
  std::set<Hex> seen{from};
  std::deque<Hex> open{from};
  while (!open.empty()) {
    Hex at = open.front();
    open.pop_front();
    for (Hex n : adjutant::hex::neighbours(at)) {
      if (seen.count(n) || !bg::impassable(sc, at, n).empty() || sc.terrain_at(n).no_stop) continue;
      seen.insert(n);
      open.push_back(n);
    }
  }
  return seen;
}

}  // namespace

TEST_CASE("Hooker and Lee: deployment and reinforcements exactly as charted in each text",
          "[rules][hooker-lee]") {
  for (int edition : {1975, 2006}) {
    INFO("edition " << edition);
    Scenario sc = scenario(edition);
    REQUIRE(sc.units.size() == kCharts.size());
    std::size_t i = 0;
    for (const auto& row : kCharts) {
      const auto& u = sc.units[i++];
      std::string id = edition == 1975 ? row.id_1975 : row.id_2006;
      INFO(id);
      CHECK(u.id == id);
      CHECK(u.strength == row.strength);
      CHECK(u.type == type_of(row.type));
      CHECK(u.movement == 6);
      CHECK(u.side == (i <= 21 || row.turn ? "union" : "confederate"));
      if (row.turn) {
        REQUIRE(u.arrival);
        CHECK(u.arrival->turn == row.turn);
        CHECK(u.arrival->hexes == std::vector<Hex>{h(sc, row.hex)});
      } else {
        REQUIRE(u.start);
        CHECK(*u.start == h(sc, row.hex));
      }
    }
    // 14.3 / 16.3-16.4: nine game-turns, the Confederates first, turn 5 at night.
    CHECK(sc.turns.count == 9);
    CHECK(sc.turns.order == std::vector<std::string>{"confederate", "union"});
    CHECK(sc.turns.night == std::set<int>{5});
    CHECK(sc.entry.mp == 1);             // 15.11
    CHECK(sc.turns.strategic_movement);  // 11.1 does not name Hooker and Lee
    // 18.0 (1975): no attacker effectiveness; the revised text keeps 10.0.
    CHECK(bg::exclusive_rules(sc).attacker_effectiveness == (edition == 2006));
  }
}

TEST_CASE("Hooker and Lee: both scenarios hold one map, written by tools/hooker-lee/build.py",
          "[rules][hooker-lee]") {
  Json a = scenario_json(1975), b = scenario_json(2006);
  CHECK(a["map"] == b["map"]);
  CHECK(a["tec"] == b["tec"]);
  Json source = adjutant::ledger::parse_strict(
      adjutant::read_file(std::string(ADJUTANT_SOURCE_DIR) + "/tools/hooker-lee/map.json"),
      "map.json");
  CHECK(a["map"] == source["map"]);
  CHECK(a["tec"] == source["tec"]);
  std::string command = std::string("cd '") + ADJUTANT_SOURCE_DIR +
                        "' && python3 tools/hooker-lee/build.py --check > /dev/null 2>&1";
  int status = std::system(command.c_str());
  CHECK((status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0));
}

TEST_CASE("Hooker and Lee: every hex number of the texts lies where the map needs it",
          "[rules][hooker-lee]") {
  Scenario sc = scenario(1975);
  CHECK(sc.columns == 25);
  CHECK(sc.rows == 28);
  CHECK(sc.north == "west");
  // Even columns end at row 27, so 1027 and 1427 are on the western edge.
  CHECK(sc.on_map(h(sc, "0128")));
  CHECK_FALSE(sc.on_map(h(sc, "1028")));
  for (const char* x :
       {"1027", "1128", "1227", "1328", "1427", "1528", "1627", "1728", "1827", "1928"})
    CHECK(sc.edges_of(h(sc, x)) == adjutant::rules::hexmap::Edges{"south"});
  // 16.22: the southern edge (the last column) at 2514 and 2518.
  CHECK(sc.edges_of(h(sc, "2514")) == adjutant::rules::hexmap::Edges{"east"});
  CHECK(sc.edges_of(h(sc, "2518")) == adjutant::rules::hexmap::Edges{"east"});
  // 16.11, 16.21: the eastern edge (row 01) toward Fredericksburg.
  for (const char* x : {"1501", "2001", "2101"})
    CHECK(sc.edges_of(h(sc, x)) == adjutant::rules::hexmap::Edges{"north"});
  // The entry hexes 0111 and 0128 on the northern edge (column 01).
  CHECK(sc.edges_of(h(sc, "0111")).count("west"));
  CHECK(sc.edges_of(h(sc, "0128")).count("west"));
  // The rivers: U.S. Ford and Ely's Ford are the ferry hexes between the banks.
  CHECK(sc.terrain_at(h(sc, "0211")).id == "ferry");
  CHECK(sc.terrain_at(h(sc, "0227")).id == "ferry");
  CHECK(sc.places.at(h(sc, "0211")) == "U.S. Ford");
  CHECK(sc.places.at(h(sc, "0227")) == "Ely's Ford");
  std::set<Hex> south = bank(sc, h(sc, "1616")), i_corps = bank(sc, h(sc, "0111")),
                averill = bank(sc, h(sc, "0128"));
  CHECK_FALSE(south.count(h(sc, "0111")));
  CHECK_FALSE(south.count(h(sc, "0128")));
  CHECK_FALSE(i_corps.count(h(sc, "0128")));
  CHECK(adjutant::hex::adjacent(h(sc, "0111"), h(sc, "0211")));
  CHECK(adjutant::hex::adjacent(h(sc, "0128"), h(sc, "0227")));
  // Each ferry joins its north bank to the south bank.
  for (auto [ferry, north] : {std::pair{"0211", &i_corps}, std::pair{"0227", &averill}}) {
    bool to_north = false, to_south = false;
    for (Hex n : adjutant::hex::neighbours(h(sc, ferry))) {
      to_north = to_north || north->count(n);
      to_south = to_south || south.count(n);
    }
    CHECK(to_north);
    CHECK(to_south);
  }
  // Every deployment hex, victory hex and return hex is dry land on the south bank.
  for (const auto& u : sc.units)
    if (u.start) CHECK(south.count(*u.start));
  for (const auto& v : sc.victory.hexes) CHECK(south.count(v.hex));
  for (const auto& x : sc.exits) {
    for (Hex e : x.hexes) CHECK(south.count(e));
    if (x.back)
      for (Hex e : x.back->hexes) CHECK(south.count(e));
  }
  for (const char* x : {"1616", "1718", "1919"}) CHECK(south.count(h(sc, x)));
  CHECK(sc.places.at(h(sc, "1616")) == "Chancellorsville");
  CHECK(sc.places.at(h(sc, "1718")) == "Fairview");
  CHECK(sc.places.at(h(sc, "1919")) == "Hazel Grove");
  // The Orange Turnpike and the Orange Plank Road run through Chancellorsville.
  std::set<std::string> through;
  for (const auto& r : sc.routes)
    for (Hex x : r.hexes)
      if (x == h(sc, "1616")) through.insert(r.name);
  CHECK(through.count("Orange Turnpike"));
  CHECK(through.count("Orange Plank Road"));
  // The Wilderness: forest covers most of the land west of Chancellorsville.
  int west = 0, forest = 0;
  for (Hex x : south)
    if (x.row > 16) {
      ++west;
      forest += sc.terrain_at(x).id == "forest";
    }
  CHECK(forest * 4 > west * 3);
}

TEST_CASE("Hooker and Lee: the levels of victory of 20.2 / 21.2 around their boundaries",
          "[rules][hooker-lee][victory]") {
  for (int edition : {1975, 2006}) {
    Scenario sc = scenario(edition);
    using Case = std::tuple<int, int, std::string>;  // Confederate VP, Union VP, level
    for (const auto& [c, u, level] : std::vector<Case>{
             {40, 20, "Confederate Decisive"},     // 2:1
             {39, 20, "Confederate Substantive"},  // just below 2:1
             {30, 20, "Confederate Substantive"},  // 1.5:1
             {29, 20, "Confederate Marginal"},     // just below 1.5:1
             {21, 20, "Confederate Marginal"},     // just above 1:1
             {20, 20, "Union Marginal"},           // 1:1
             {21, 30, "Union Marginal"},           // just above 1:1.5
             {20, 30, "Union Substantive"},        // 1:1.5
             {21, 40, "Union Substantive"},        // just above 1:2
             {20, 40, "Union Decisive"},           // 1:2
             {0, 0, "Union Marginal"},             // nobody scored: 1:1
         }) {
      INFO(edition << ": " << c << " to " << u);
      CHECK(bg::victory_level(sc.victory, {{"confederate", c}, {"union", u}}) == level);
    }
  }
}

TEST_CASE("Hooker and Lee: malformed new scenario fields are refused with their JSON path",
          "[rules][hooker-lee][scenario]") {
  struct Bad {
    const char* patch;
    const char* id;
    const char* path;
  };
  for (const auto& bad : std::vector<Bad>{
           {R"({"map": {"short_columns": "both"}})", "scenario.bad_value", "map.short_columns"},
           {R"({"map": {"north": "up"}})", "scenario.bad_edge", "map.north"},
           {R"({"tec": {"terrain": {"ferry": {"no_stop": "yes"}}}})", "scenario.wrong_type",
            "tec.terrain.ferry"},
           {R"({"victory": {"levels": [{"result": "Draw", "side": "french"}]}})",
            "scenario.unknown_side", "victory.levels[0].side"},
           {R"({"rules": {"movement_quota": {"side": "union", "units": -1}}})",
            "scenario.bad_value", "rules.movement_quota.units"},
           {R"({"rules": {"crossing_roll": {"side": "union", "units": ["1/Averill"], "hex": "0128",
                "ferry_terrain": ["ferry"], "succeeds": [1]}}})",
            "scenario.bad_value", "rules.crossing_roll.hex"},
           {R"({"rules": {"crossing_roll": {"side": "union", "units": ["Heth/H"], "hex": "0227",
                "ferry_terrain": ["ferry"], "succeeds": [1]}}})",
            "scenario.bad_value", "rules.crossing_roll.units[0]"},
           {R"({"rules": {"demoralization": {"sides": {"union": {"above": 47, "rule": "18.1",
                "crossing": {"units": ["9/I"], "bank": "1616", "above": 58, "rule": "18.13"}}}}}})",
            "scenario.unknown_unit", "rules.demoralization.sides.union.crossing.units[0]"},
           {R"({"rules": {"side_stacking": {"french": {}}}})", "scenario.unknown_side",
            "rules.side_stacking.french"},
       }) {
    INFO(bad.patch);
    Json j = scenario_json(1975);
    j.merge_patch(Json::parse(bad.patch));
    try {
      Scenario sc = Scenario::from_json(j, "hl");
      adjutant::rules::make_ruleset(j, "hl");
      FAIL("accepted");
    } catch (const adjutant::Error& e) {
      CHECK(e.id() == bad.id);
      CHECK(std::string(e.what()).find(bad.path) != std::string::npos);
    }
  }
  // An exit's return: turns must be later, and late_rule needs until_turn.
  for (const auto& [field, value, id] : std::vector<std::tuple<std::string, Json, std::string>>{
           {"return", Json{{"turns", {{"3", 2}}}, {"hexes", {"1027"}}}, "scenario.bad_turn"},
           {"return", Json{{"turns", {{"x", 4}}}, {"hexes", {"1027"}}}, "scenario.bad_turn"},
           {"return", Json{{"turns", {{"1", 4}}}, {"hexes", {"1616"}}},
            "scenario.entry_not_on_edge"},
           {"until_turn", Json(nullptr), "scenario.bad_value"},
       }) {
    INFO(field << " " << value.dump());
    Json j = scenario_json(1975);
    if (value.is_null())
      j["exits"][2].erase("until_turn");
    else
      j["exits"][2][field] = value;
    CHECK_THROWS_WITH(Scenario::from_json(j, "hl"), Catch::Contains("exits[2]"));
    try {
      Scenario::from_json(j, "hl");
    } catch (const adjutant::Error& e) {
      CHECK(e.id() == id);
    }
  }
}
