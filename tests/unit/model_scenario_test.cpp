// Scenario loading: the training scenario's map facts, and every kind of bad
// scenario refused with its id; the state's JSON round trip and hash.
#include <catch2/catch.hpp>

#include "ledger/digest.h"
#include "model/scenario.h"
#include "model/state.h"
#include "util/error.h"
#include "util/files.h"

using adjutant::Error;
using adjutant::hex::Hex;
using adjutant::ledger::Json;
using adjutant::model::Scenario;
using adjutant::model::State;

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

TEST_CASE("state JSON round trip and hash", "[model][state]") {
  State s;
  s.scenario = "x";
  s.turn = 3;
  s.phase = "union";
  s.adjudications = 5;
  s.units["1/V"] = {adjutant::model::UnitStatus::kActive, "0912", true, Json::object()};
  s.units["2/V"] = {adjutant::model::UnitStatus::kEliminated, "", false, Json::object()};
  s.vp = {{"union", 4}, {"confederate", 0}};
  State back = State::from_json(Json::parse(s.to_json().dump()), "state");
  CHECK(back.canonical() == s.canonical());
  CHECK(back.hash() == adjutant::ledger::sha256_hex(s.canonical()));
  CHECK(s.canonical().find("\"ineffective\":true") != std::string::npos);
  Json bad = s.to_json();
  bad["units"]["1/V"]["status"] = "resting";
  CHECK_THROWS_AS(State::from_json(bad, "state"), Error);
  bad = s.to_json();
  bad["colour"] = "red";
  CHECK_THROWS_AS(State::from_json(bad, "state"), Error);
}
