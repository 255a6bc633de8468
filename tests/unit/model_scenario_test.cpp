// Scenario loading: the training scenario's map facts, and every kind of bad
// scenario refused with its id; the state's JSON round trip and hash.
#include <catch2/catch.hpp>

#include "ledger/digest.h"
#include "model/state.h"
#include "rules/hexmap/scenario.h"
#include "util/error.h"
#include "util/files.h"

using adjutant::Error;
using adjutant::hex::Hex;
using adjutant::ledger::Json;
using adjutant::model::State;
using adjutant::rules::hexmap::Scenario;

namespace {

Json skirmish_json() {
  std::string path = std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/bluegray-skirmish.json";
  return adjutant::ledger::parse_strict(adjutant::read_file(path), path);
}

std::string load_error(const Json& j) {
  try {
    Scenario::from_json(j, "test.json");
  } catch (const Error& e) {
    return e.id();
  }
  return "";
}

}  // namespace

TEST_CASE("the training scenario has every terrain and hexside type", "[model][scenario]") {
  Scenario s = Scenario::from_json(skirmish_json(), "skirmish");
  CHECK(s.columns == 12);
  CHECK(s.rows == 10);
  std::set<std::string> terrain, sides;
  for (int c = 1; c <= s.columns; ++c)
    for (int r = 1; r <= s.rows; ++r) terrain.insert(s.terrain_at({c, r}).id);
  for (const auto& [side, type] : s.hexsides) sides.insert(type);
  CHECK(terrain == std::set<std::string>{"clear", "forest", "rough", "broken", "wooded_broken",
                                         "forest_rough", "town", "river"});
  CHECK(sides == std::set<std::string>{"river", "creek", "stream", "ford", "bridge"});
  // The same hexside from both hexes (hex identity), and the road across the bridge.
  CHECK(s.hexside_at(adjutant::hex::hexside(Hex{6, 2}, Hex{6, 3}))->id == "bridge");
  CHECK(s.hexside_at(adjutant::hex::hexside(Hex{6, 3}, Hex{6, 2}))->id == "bridge");
  CHECK(s.route_across(adjutant::hex::hexside(Hex{6, 2}, Hex{6, 3})) == "road");
  CHECK(s.route_across(adjutant::hex::hexside(Hex{10, 2}, Hex{10, 3})) == "trail");
  CHECK(s.route_across(adjutant::hex::hexside(Hex{5, 5}, Hex{5, 6})) == "");
  CHECK(s.places.at(Hex{6, 4}) == "Ely's Mill");
  CHECK(s.unit("1/XI")->arrival->turn == 2);
  CHECK(s.terrain_at({11, 1}).passable == false);
  CHECK(s.sha256 == adjutant::ledger::sha256_hex(adjutant::ledger::canonical(skirmish_json())));
}

TEST_CASE("bad scenarios are refused with a stable id", "[model][scenario]") {
  Json j = skirmish_json();
  SECTION("unknown terrain") {
    j["map"]["terrain"]["swamp"] = Json::array({"0101"});
    CHECK(load_error(j) == "scenario.unknown_terrain");
  }
  SECTION("a hexside between hexes that do not touch") {
    j["map"]["hexsides"]["0101/0303"] = "stream";
    CHECK(load_error(j) == "scenario.bad_hexside");
  }
  SECTION("a road crossing a river without a bridge") {
    j["map"]["routes"].push_back({{"kind", "road"}, {"hexes", {"0102", "0103"}}});
    CHECK(load_error(j) == "scenario.bad_route");
  }
  SECTION("a unit off the map") {
    j["units"][0]["hex"] = "1399";
    CHECK(load_error(j) == "scenario.off_map");
  }
  SECTION("a unit both set up and arriving") {
    j["units"][0]["enter"] = {{"turn", 2}, {"hex", "0101"}};
    CHECK(load_error(j) == "scenario.unit_placement");
  }
  SECTION("an unknown field") {
    j["weather"] = "rain";
    CHECK(load_error(j) == "scenario.unknown_field");
  }
  SECTION("a wrong type") {
    j["map"]["columns"] = "twelve";
    CHECK(load_error(j) == "scenario.wrong_type");
  }
  SECTION("a wrong type inside a map, a list or the CRT (found by fuzz_scenario)") {
    Json bad = 5;
    SECTION("terrain hex") {
      j["map"]["terrain"]["forest"][0] = bad;
    }
    SECTION("terrain type") {
      j["map"]["terrain"]["0101"] = bad;
    }
    SECTION("terrain") {
      j["map"]["terrain"] = Json::array();
    }
    SECTION("hexside type") {
      j["map"]["hexsides"]["0101/0102"] = bad;
    }
    SECTION("place name") {
      j["map"]["places"]["0101"] = bad;
    }
    SECTION("night turn") {
      j["turns"]["night"][0] = "5";
    }
    SECTION("CRT row") {
      j["crt"]["rows"][0] = "DE";
    }
    SECTION("CRT cell") {
      j["crt"]["rows"][0][0] = bad;
    }
    SECTION("victory points") {
      j["victory"]["per_enemy_sp"] = Json::array({1});
    }
    // A one-number ratio was read past its end when the game ended.
    SECTION("victory level ratio") {
      j["victory"]["levels"][0]["at_least"] = Json::array({1});
    }
    SECTION("victory level number") {
      j["victory"]["levels"][0]["at_least"][1] = "1";
    }
    CHECK(load_error(j) == "scenario.wrong_type");
  }
  SECTION("a victory level without a result") {
    j["victory"]["levels"][0].erase("result");
    CHECK(load_error(j) == "scenario.missing_field");
  }
  SECTION("a number outside its schema range (found by fuzz_scenario)") {
    // A negative cost made path search endless; the others overflowed an int
    // or listed two billion player-turns.
    SECTION("negative terrain cost") {
      j["tec"]["terrain"]["clear"]["mp"] = -1;
    }
    SECTION("negative hexside cost") {
      j["tec"]["hexsides"]["stream"]["mp"] = -1;
    }
    SECTION("zero defence multiplier") {
      j["tec"]["terrain"]["forest"]["defence"] = 0;
    }
    SECTION("huge strength") {
      j["units"][0]["strength"] = 2147483647;
    }
    SECTION("huge turn count") {
      j["turns"]["count"] = 2147483647;
    }
    SECTION("a one-sided die") {
      j["crt"]["die"] = 1;
    }
    SECTION("a turn that truncates to a small int") {
      j["turns"]["count"] = 4294967297LL;
    }
    CHECK(load_error(j) == "scenario.out_of_range");
  }
  SECTION("a CRT row short of a cell") {
    j["crt"]["rows"][0].erase(0);
    CHECK(load_error(j) == "scenario.crt");
  }
  SECTION("a hex number that is not four digits") {
    j["map"]["places"]["912"] = "Nowhere";
    CHECK(load_error(j) == "hex.bad_number");
  }
}

namespace {

Json cemetery_hill_json() {
  std::string path = std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/cemetery-hill.json";
  return adjutant::ledger::parse_strict(adjutant::read_file(path), path);
}

// "id message" of the refusal, or "" when the scenario loads.
std::string refusal(const Json& j) {
  try {
    Scenario::from_json(j, "ch.json");
  } catch (const Error& e) {
    return e.id() + " " + e.detail();
  }
  return "";
}

std::size_t index_of(const Json& j, const std::string& id) {
  for (std::size_t i = 0; i < j["units"].size(); ++i)
    if (j["units"][i]["id"] == id) return i;
  return 0;
}

}  // namespace

TEST_CASE("bad scenario input is refused with its JSON path and a stable id", "[model][scenario]") {
  Json j = cemetery_hill_json();
  CHECK(refusal(j).empty());
  std::size_t v1 = index_of(j, "1/V"), heth = index_of(j, "1 Heth");
  std::string at_v = "units[" + std::to_string(v1) + "]";
  std::string at_heth = "units[" + std::to_string(heth) + "]";
  SECTION("an unknown terrain") {
    j["map"]["terrain"]["forst"] = Json::array({"0101"});
    CHECK(refusal(j) ==
          "scenario.unknown_terrain ch.json: map.terrain.forst: \"forst\" is not in tec.terrain");
  }
  SECTION("a hex off the map") {
    j["units"][heth]["hex"] = "2230";
    CHECK(refusal(j) ==
          "scenario.off_map ch.json: " + at_heth + ".hex: 2230 is off the map (0101 to 2127)");
  }
  SECTION("a terrain hex off the map, by its index") {
    j["map"]["terrain"]["forest"].push_back("2128");
    std::size_t last = j["map"]["terrain"]["forest"].size() - 1;
    CHECK(refusal(j).find("scenario.off_map ch.json: map.terrain.forest[" + std::to_string(last) +
                          "]: 2128") == 0);
  }
  SECTION("a unit placed twice") {
    Json again = j["units"][heth];
    j["units"].push_back(again);
    CHECK(refusal(j) == "scenario.duplicate_unit ch.json: units[" +
                            std::to_string(j["units"].size() - 1) +
                            "].id: \"1 Heth\" is already the id of " + at_heth);
  }
  SECTION("a unit both set up and arriving") {
    j["units"][heth]["enter"] = {{"turn", 2}, {"hex", "0104"}};
    CHECK(refusal(j).find("scenario.unit_placement ch.json: " + at_heth) == 0);
  }
  SECTION("an entry hex that is not on the map edge") {
    j["units"][v1]["enter"]["hex"] = "2012";
    CHECK(refusal(j) == "scenario.entry_not_on_edge ch.json: " + at_v +
                            ".enter.hex: 2012 is not on the map edge (columns 01 and 21, rows 01 "
                            "and 27)");
  }
  SECTION("three combat units set up in one hex") {
    j["units"][index_of(j, "2 Heth")]["hex"] = j["units"][heth]["hex"];
    j["units"][index_of(j, "1 Pender")]["hex"] = j["units"][heth]["hex"];
    CHECK(refusal(j).find("scenario.stacking ch.json: units[") == 0);
  }
  SECTION("a map edge that does not exist") {
    j["exits"][0]["edges"] = {"east", "up"};
    CHECK(refusal(j) ==
          "scenario.bad_edge ch.json: exits[0].edges[1]: \"up\" is not a map edge (north, east, "
          "south, west)");
  }
  SECTION("a road said to lead off an edge it does not reach") {
    j["map"]["routes"][0]["off"] = {"east"};
    CHECK(refusal(j) ==
          "scenario.bad_route ch.json: map.routes[0].off: neither end of the road "
          "lies on the east edge");
  }
  SECTION("a format 2 field in a format 1 file") {
    j["format"] = "adjutant-scenario/1";
    CHECK(refusal(j).find("scenario.format ch.json: provenance: needs") == 0);
  }
}

TEST_CASE("format 2 fields: entry hexes, exits, objectives, lines of communication",
          "[model][scenario]") {
  Scenario s = Scenario::from_json(cemetery_hill_json(), "ch.json");
  CHECK(s.format == 2);
  CHECK(s.entry.mp == 1);
  CHECK(s.entry.compulsory_through == 1);
  REQUIRE(s.exits.size() == 1);
  CHECK(s.exits[0].edges == adjutant::rules::hexmap::Edges{"east", "south"});
  CHECK(s.exits[0].mp == 1);
  REQUIRE(s.victory.lines.size() == 2);
  CHECK(s.victory.lines[0].side == "union");
  CHECK(s.edges_of({1, 27}) == adjutant::rules::hexmap::Edges{"south", "west"});
  CHECK(s.edges_of({11, 14}).empty());
  // Several entry hexes and a non-combat unit.
  Json j = cemetery_hill_json();
  j["units"].push_back({{"id", "Meade"},
                        {"side", "union"},
                        {"type", "leader"},
                        {"strength", 0},
                        {"movement", 8},
                        {"combat", false},
                        {"enter", {{"turn", 2}, {"hexes", {"1127", "2120"}}}}});
  Scenario t = Scenario::from_json(j, "ch.json");
  CHECK_FALSE(t.unit("Meade")->combat);
  CHECK(t.unit("Meade")->arrival->hexes == std::vector<Hex>{{11, 27}, {21, 20}});
  CHECK(t.unit("Meade")->arrival->hex == Hex{11, 27});
}

TEST_CASE("state JSON round trip and hash", "[model][state]") {
  State s;
  s.scenario = "x";
  s.turn = 3;
  s.phase = "union";
  s.adjudications = 5;
  s.units["1/V"] = {adjutant::model::UnitStatus::kActive, "0912", {"ineffective"}, Json::object()};
  s.units["2/V"] = {adjutant::model::UnitStatus::kEliminated, "", {}, Json::object()};
  s.vp = {{"union", 4}, {"confederate", 0}};
  const std::vector<std::string> marks = {"ineffective"};
  State back = State::from_json(Json::parse(s.to_json().dump()), "state", marks);
  CHECK(back.canonical() == s.canonical());
  CHECK(same_state(back, s));
  CHECK(back.units["1/V"].marked("ineffective"));
  CHECK(back.hash() == adjutant::ledger::sha256_hex(s.canonical()));
  CHECK(s.canonical().find("\"ineffective\":true") != std::string::npos);
  Json bad = s.to_json();
  bad["units"]["1/V"]["status"] = "resting";
  CHECK_THROWS_AS(State::from_json(bad, "state", marks), Error);
  bad = s.to_json();
  bad["colour"] = "red";
  CHECK_THROWS_AS(State::from_json(bad, "state", marks), Error);
  // A mark the ruleset does not declare is an unknown member of the unit.
  CHECK_THROWS_WITH(State::from_json(s.to_json(), "state", {}), Catch::Contains("ineffective"));
  bad = s.to_json();
  bad["units"]["2/V"]["routed"] = true;
  CHECK_THROWS_WITH(State::from_json(bad, "state", marks), Catch::Contains("routed"));
}

TEST_CASE("a unit's marks are kept sorted, once each, and compared", "[model][state]") {
  adjutant::model::UnitState u;
  u.mark("ineffective", true);
  u.mark("attacked", true);
  u.mark("ineffective", true);
  CHECK(u.marks == std::vector<std::string>{"attacked", "ineffective"});
  CHECK(u.marked("attacked"));
  CHECK_FALSE(u.marked("ineffectiv"));
  State a, b;
  a.units["1/V"] = u;
  b.units["1/V"] = u;
  CHECK(same_state(a, b));
  b.units["1/V"].mark("attacked", false);
  CHECK(b.units["1/V"].marks == std::vector<std::string>{"ineffective"});
  CHECK_FALSE(same_state(a, b));
  CHECK(a.hash() != b.hash());
}

TEST_CASE("state canonical form is written without a JSON tree, as canonical(to_json())",
          "[model][state]") {
  State s;
  s.scenario = "q\"uote\\d";
  s.turn = 12;
  s.phase = "";
  s.adjudications = 0;
  s.result = "union wins\n";
  s.extra = Json{{"z", 1}, {"a", Json::array({"\x01", 2.5})}};
  s.units["B/1"] = {adjutant::model::UnitStatus::kWaiting, "", {}, Json{{"k", "v"}}};
  s.units["A\xC3\xA9"] = {
      adjutant::model::UnitStatus::kExited, "0101", {"ineffective"}, Json::object()};
  s.units["\xEF\xAC\xB3"] = {adjutant::model::UnitStatus::kActive, "0202", {}, Json::object()};
  // Marks that sort before, between and after the unit's own members.
  s.units["C/2"] = {adjutant::model::UnitStatus::kActive,
                    "0303",
                    {"alpha", "fresh", "ineffective", "stress", "zulu"},
                    Json{{"k", 1}}};
  s.units["D/3"] = {adjutant::model::UnitStatus::kWaiting, "", {"alpha", "zulu"}, Json::object()};
  s.vp = {{"union", -3}, {"confederate", 7}};
  CHECK(s.canonical() == adjutant::ledger::canonical(s.to_json()));
  // A name above U+FFFF sorts before U+FB33 in UTF-16 order, not in byte order.
  s.units["\xF0\x9F\x98\x80"] = {adjutant::model::UnitStatus::kActive, "0303", {}, Json::object()};
  CHECK(s.canonical() == adjutant::ledger::canonical(s.to_json()));
  CHECK(s.canonical().find("\"\xF0\x9F\x98\x80\":") < s.canonical().find("\"\xEF\xAC\xB3\":"));
  State empty;
  CHECK(empty.canonical() == adjutant::ledger::canonical(empty.to_json()));
  s.units["bad\xC3"] = {};
  CHECK_THROWS_AS(s.canonical(), Error);
}
