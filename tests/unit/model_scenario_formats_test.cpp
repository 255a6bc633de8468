// Scenarios load forever (docs/scenarios.md "Formats load forever"): what an
// earlier release accepted in a format-1 scenario, which no check of that
// release refused, loads with the same meaning; the checks format 2 brought
// hold from format 2 on. samples/frozen/bluegray-v1/edge-of-the-map is an
// archive of such a scenario, made by a release of format 1 alone.
#include <catch2/catch.hpp>

#include <functional>

#include "rules/hexmap/scenario.h"
#include "rules/ruleset.h"
#include "support/cli_harness.h"
#include "support/error_id.h"
#include "util/files.h"

using adjutant::hex::Hex;
using adjutant::ledger::Json;
using adjutant::rules::hexmap::Scenario;
using adjutant::testing::error_id;

namespace {

// The frozen archive's own scenario.json: a format-1 map whose west column is
// an off-map terrain type, with the entry hex 0203 beside it.
Json frozen_scenario() {
  auto file = adjutant::testing::source_dir() / "samples" / "frozen" / "bluegray-v1" /
              "edge-of-the-map" / "scenario.json";
  return adjutant::ledger::parse_strict(adjutant::read_file(file), file.string());
}

std::string load(const Json& j) {
  return error_id([&] { Scenario::from_json(j, "test.json"); });
}

// The frozen scenario with one change, at format `format`.
Json changed(int format, const std::function<void(Json&)>& change) {
  Json j = frozen_scenario();
  change(j);
  j["format"] = "adjutant-scenario/" + std::to_string(format);
  return j;
}

}  // namespace

TEST_CASE("the frozen format-1 scenario loads, and would be refused as format 2",
          "[model][scenario][formats]") {
  Json j = frozen_scenario();
  REQUIRE(j["format"] == "adjutant-scenario/1");
  Scenario s = Scenario::from_json(j, "edge-of-the-map");
  // The same meaning as the first release gave it: the reinforcements enter
  // at 0203, beside the off-map column, which is on no map edge.
  const auto* buford = s.unit("2/Buford");
  REQUIRE(buford);
  REQUIRE(buford->arrival);
  CHECK(buford->arrival->hex == Hex{2, 3});
  CHECK(s.edges_of(Hex{2, 3}).empty());
  CHECK_FALSE(s.terrain_at(Hex{1, 3}).passable);
  // The one-hex lane crosses no hexside; the post road's hexes beyond the
  // map cross hexsides no unit reaches.
  CHECK(s.route_across(adjutant::hex::hexside(Hex{4, 3}, Hex{4, 4})).empty());
  CHECK(s.places.count(Hex{12, 7}) == 1);
  // The exclusive rule no release knows is passed over by the ruleset.
  CHECK(error_id([&] { adjutant::rules::make_ruleset(j, "edge-of-the-map.json", 1); }).empty());
  j["format"] = "adjutant-scenario/2";
  CHECK_FALSE(load(j).empty());
}

TEST_CASE("each check format 2 brought refuses from format 2 on, and never a format-1 scenario",
          "[model][scenario][formats]") {
  struct Gate {
    const char* what;
    const char* id;
    std::function<void(Json&)> change;
  };
  // The frozen scenario, cleared of everything format 1 needs the gates for...
  auto clean = [](Json& j) {
    j["units"][5]["enter"]["hex"] = "0803";
    j["units"][6]["enter"]["hex"] = "0803";
    j["units"][7]["enter"]["hex"] = "0803";
    j["map"]["routes"] = Json::array();
    j["map"]["hexsides"].erase("0907/0908");
    j["map"]["places"].erase("1207");
    j["victory"]["hexes"].erase(1);
    j["units"][2]["hex"] = "0604";
    j.erase("rules");
  };
  // ... then each gated value put back, one at a time.
  std::vector<Gate> gates = {
      {"an entry hex on no map edge", "scenario.entry_not_on_edge",
       [](Json& j) { j["units"][5]["enter"]["hex"] = "0203"; }},
      {"an entry hex off the map", "scenario.off_map",
       [](Json& j) { j["units"][5]["enter"]["hex"] = "0909"; }},
      {"a route of one hex", "scenario.bad_route",
       [](Json& j) {
         j["map"]["routes"] = {{{"kind", "road"}, {"hexes", {"0403"}}}};
       }},
      {"a route off the map", "scenario.off_map",
       [](Json& j) {
         j["map"]["routes"] = {{{"kind", "road"}, {"hexes", {"0706", "0707"}}}};
       }},
      {"a hexside beyond the map", "scenario.off_map",
       [](Json& j) { j["map"]["hexsides"]["0907/0908"] = "stream"; }},
      {"a place off the map", "scenario.off_map",
       [](Json& j) { j["map"]["places"]["1207"] = "Far farm"; }},
      {"an objective off the map", "scenario.off_map",
       [](Json& j) {
         j["victory"]["hexes"].push_back({{"hex", "1207"}, {"side", "union"}, {"vp", 5}});
       }},
      {"an objective of no side", "scenario.unknown_side",
       [](Json& j) { j["victory"]["hexes"][0]["side"] = "french"; }},
      {"three combat units set up in one hex", "scenario.stacking",
       [](Json& j) { j["units"][2]["hex"] = "0603"; }},
      {"a rules member that is not an object", "scenario.wrong_type",
       [](Json& j) { j["rules"] = "none"; }},
  };
  Json plain = frozen_scenario();
  clean(plain);
  plain["format"] = "adjutant-scenario/2";
  REQUIRE(load(plain).empty());
  for (const auto& g : gates) {
    INFO(g.what);
    CHECK(load(changed(1, [&](Json& j) {
            clean(j);
            g.change(j);
          })).empty());
    CHECK(load(changed(2, [&](Json& j) {
            clean(j);
            g.change(j);
          })) == g.id);
  }
  // The exclusive rules are the ruleset's: an unknown one is refused from
  // format 2 on.
  Json odd = changed(2, [&](Json& j) {
    clean(j);
    j["rules"] = {{"house_rule", "neutral mill"}};
  });
  CHECK(error_id([&] { adjutant::rules::make_ruleset(odd, "odd.json", 2); }) ==
        "scenario.unknown_field");
  odd["format"] = "adjutant-scenario/1";
  CHECK(error_id([&] { adjutant::rules::make_ruleset(odd, "odd.json", 2); }).empty());
}
