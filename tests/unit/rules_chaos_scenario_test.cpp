// The Chaos of Battle scenario format: the meeting engagement loads whole,
// and each kind of bad table or force is refused with its stable id, naming
// the field, the brigade and the rule.
#include <functional>
#include <string>

#include <catch2/catch.hpp>

#include "rules/chaos/scenario.h"
#include "support/error_id.h"
#include "util/error.h"
#include "util/files.h"

namespace chaos = adjutant::rules::chaos;
using Json = nlohmann::json;

namespace {

Json meeting() {
  return Json::parse(adjutant::read_file(std::string(ADJUTANT_SOURCE_DIR) +
                                         "/scenarios/table/chaos-meeting.json"));
}

// The error a changed meeting scenario is refused with: its id and message.
struct Refusal {
  std::string id;
  std::string message;
};

Refusal refuse(const std::function<void(Json&)>& change) {
  Json j = meeting();
  change(j);
  try {
    chaos::load_scenario(j, "meeting.json");
  } catch (const adjutant::Error& e) {
    return {e.id(), e.what()};
  }
  return {"", ""};
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("the meeting engagement loads: table, terrain, forces, set-up and tokens",
          "[chaos][scenario]") {
  auto s = chaos::load_scenario(meeting(), "chaos-meeting.json");
  CHECK(s.id == "chaos-meeting");
  CHECK(s.table.width == 6000);
  CHECK(s.table.length == 10800);
  CHECK(s.turns.size() == 7);
  CHECK(s.turns.front() == chaos::TurnType::kDawn);
  CHECK(s.turns.back() == chaos::TurnType::kLateNight);
  CHECK(s.terrain.features.size() == 8);
  CHECK(s.terrain.landmarks.size() == 3);
  CHECK(chaos::tin_size(s.tin) == 34);
  REQUIRE(s.sides.size() == 2);
  const auto& u = s.side("union");
  const auto& c = s.side("confederate");
  CHECK(u.brigades.size() == 4);
  CHECK(c.brigades.size() == 4);
  // Union: 1 per Confederate brigade (4) + 1 per unreliable or untested
  // Confederate brigade (2) + 1 for its own unreliable brigade = 7.
  // Confederate: 4 + 1 (Stone's, unreliable) + 2 (Davis's, untested) + 1
  // (Brockenbrough's, unreliable) = 8.
  CHECK(s.tokens.at("union") == 7);
  CHECK(s.tokens.at("confederate") == 8);
  const auto* gamble = s.brigade("gamble");
  REQUIRE(gamble);
  CHECK(gamble->arm == chaos::Arm::kCavalry);
  CHECK(gamble->regiments[3].arm == chaos::Arm::kArtillery);
  CHECK(gamble->regiments[3].stands == 2);
  CHECK(gamble->regiments[0].stands == 4);
  CHECK(u.setup[0].deployed());
  CHECK(u.setup[1].markers.size() == 2);
  CHECK(c.setup[1].markers.size() == 1);
  CHECK(s.brigade("davis")->quality == chaos::Quality::kUntested);
  CHECK(s.brigade("nobody") == nullptr);
  // The deployed cavalry sits on the pike, the knob is a hill.
  CHECK(
      chaos::on_road(s.terrain, s.regiment_outline(gamble->regiments[1], u.setup[0].regiments[1])));
  CHECK(chaos::point_in_kind(s.terrain, s.terrain.landmarks[1].at, chaos::TerrainKind::kHill));
}

TEST_CASE("a position off the table is refused, naming the field and the brigade",
          "[chaos][scenario]") {
  auto r = refuse([](Json& j) { j["sides"][0]["setup"][1]["markers"][0] = {1200, 10900}; });
  CHECK(r.id == "scenario.off_table");
  CHECK(has(r.message, "sides[0].setup[1].markers[0]"));
  CHECK(has(r.message, "(12.00, 109.00)"));
  // A marker whose centre is on the table but whose card reaches off it.
  r = refuse([](Json& j) { j["sides"][0]["setup"][1]["markers"][0] = {100, 1500}; });
  CHECK(r.id == "scenario.off_table");
  CHECK(has(r.message, "marker 1 of brigade meredith"));
  r = refuse([](Json& j) { j["terrain"][0]["points"][0] = {-1, 0}; });
  CHECK(r.id == "scenario.off_table");
  CHECK(has(r.message, "terrain[0].points[0]"));
}

TEST_CASE("overlapping stands are refused, naming both", "[chaos][scenario]") {
  // The battery moved back onto the 12th Illinois.
  auto r = refuse([](Json& j) { j["sides"][0]["setup"][0]["regiments"][3]["at"] = {3000, 2200}; });
  CHECK(r.id == "scenario.overlap");
  CHECK(has(r.message, "battery 2us-a of brigade gamble"));
  CHECK(has(r.message, "regiment 12il-cav of brigade gamble"));
  // Edge to edge is not an overlap: 12il-cav spans x 2800..3200; the 8th
  // moved to span 2400..2800.
  r = refuse([](Json& j) { j["sides"][0]["setup"][0]["regiments"][0]["at"] = {2600, 2100}; });
  CHECK(r.id == "");
  r = refuse([](Json& j) { j["sides"][0]["setup"][0]["regiments"][0]["at"] = {2602, 2100}; });
  CHECK(r.id == "scenario.overlap");
  // A wagon on a regiment.
  r = refuse([](Json& j) { j["sides"][0]["wagons"][0]["at"] = {2450, 2100}; });
  CHECK(r.id == "scenario.overlap");
}

TEST_CASE("a set-up naming an unknown brigade or regiment is refused", "[chaos][scenario]") {
  auto r = refuse([](Json& j) { j["sides"][0]["setup"][2]["brigade"] = "doubleday"; });
  CHECK(r.id == "scenario.unknown_brigade");
  CHECK(has(r.message, "sides[0].setup[2].brigade"));
  CHECK(has(r.message, "doubleday"));
  r = refuse([](Json& j) { j["sides"][0]["setup"][2]["brigade"] = "archer"; });
  CHECK(r.id == "scenario.unknown_brigade");
  CHECK(has(r.message, "other side"));
  r = refuse([](Json& j) { j["sides"][0]["setup"][0]["regiments"][0]["regiment"] = "1tn"; });
  CHECK(r.id == "scenario.unknown_regiment");
  // Set up twice, or not at all.
  r = refuse([](Json& j) { j["sides"][0]["setup"][3]["brigade"] = "stone"; });
  CHECK(r.id == "scenario.setup");
  CHECK(has(r.message, "already set up"));
  r = refuse([](Json& j) { j["sides"][1]["setup"].erase(3); });
  CHECK(r.id == "scenario.setup");
  CHECK(has(r.message, "pettigrew is not set up"));
  // A deployed brigade places every regiment.
  r = refuse([](Json& j) { j["sides"][0]["setup"][0]["regiments"].erase(3); });
  CHECK(r.id == "scenario.setup");
  CHECK(has(r.message, "2us-a is not placed"));
  // Markers and a deployment at once.
  r = refuse([](Json& j) { j["sides"][0]["setup"][0]["markers"] = Json::array({{1000, 1000}}); });
  CHECK(r.id == "scenario.setup");
  r = refuse([](Json& j) {
    j["sides"][0]["setup"][1]["markers"] = Json::array({{1200, 1500}, {4800, 1200}, {600, 2000}});
  });
  CHECK(r.id == "scenario.markers");
}

TEST_CASE("force building: 3-5 regiments, cavalry for infantry, 5s for 3s, batteries",
          "[chaos][scenario][forces]") {
  auto r = refuse([](Json& j) {
    j["sides"][0]["brigades"][3]["regiments"].push_back({{"id", "84ny"}});
    j["sides"][0]["brigades"][3]["regiments"].push_back({{"id", "14bk"}});
  });
  CHECK(r.id == "scenario.force_building");
  CHECK(has(r.message, "brigade cutler"));
  CHECK(has(r.message, "3 to 5 regiments"));
  // Two brigades of 5 against one of 3.
  r = refuse([](Json& j) {
    j["sides"][0]["brigades"][3]["regiments"].push_back({{"id", "84ny"}});
  });
  CHECK(r.id == "scenario.force_building");
  CHECK(has(r.message, "step three"));
  // A second cavalry brigade costs two infantry brigades: 4 a side with 2
  // cavalry leaves 1 infantry, not 2.
  r = refuse([](Json& j) { j["sides"][0]["brigades"][3]["arm"] = "cavalry"; });
  CHECK(r.id == "scenario.force_building");
  CHECK(has(r.message, "step one"));
  // Two batteries in a brigade of 4.
  r = refuse([](Json& j) {
    j["sides"][0]["brigades"][3]["regiments"][0]["arm"] = "artillery";
    j["sides"][0]["brigades"][3]["regiments"][1]["arm"] = "artillery";
  });
  CHECK(r.id == "scenario.force_building");
  CHECK(has(r.message, "batteries"));
  // An infantry brigade of 5 may have two; a cavalry regiment in an
  // infantry brigade is no arm it may have.
  r = refuse([](Json& j) {
    j["sides"][1]["brigades"][1]["regiments"][4]["arm"] = "artillery";
    j["sides"][1]["brigades"][1]["regiments"][3]["arm"] = "artillery";
  });
  CHECK(r.id == "");
  r = refuse([](Json& j) { j["sides"][1]["brigades"][1]["regiments"][4]["arm"] = "cavalry"; });
  CHECK(r.id == "scenario.bad_value");
  // The tin must hold every token drawn (15 here).
  r = refuse([](Json& j) { j["tin"] = {{"outflank", 14}}; });
  CHECK(r.id == "scenario.tin");
  r = refuse([](Json& j) { j["tin"] = {{"outflank", 15}}; });
  CHECK(r.id == "");
  r = refuse([](Json& j) { j["tin"] = {{"flank_march", 15}}; });
  CHECK(r.id == "scenario.unknown_token");
}

TEST_CASE("set-up distances, zones and landmarks are the text's", "[chaos][scenario][setup]") {
  // A marker 3.99" from a friendly marker, card edge to card edge; at 4" it
  // may stand.
  auto r = refuse([](Json& j) { j["sides"][0]["setup"][2]["markers"][0] = {1500, 801}; });
  CHECK(r.id == "scenario.setup_distance");
  CHECK(has(r.message, "within 4\""));
  CHECK(has(r.message, "marker 1 of brigade meredith"));
  r = refuse([](Json& j) { j["sides"][0]["setup"][2]["markers"][0] = {1500, 800}; });
  CHECK(r.id == "");
  // Within 12" of an enemy marker: zones opened to the whole table.
  auto open = [](Json& j) {
    j["sides"][0].erase("zone");
    j["sides"][1].erase("zone");
  };
  r = refuse([&](Json& j) {
    open(j);
    j["sides"][0]["setup"][1]["markers"][0] = {2400, 7500};  // 12" from Archer's card
  });
  CHECK(r.id == "scenario.setup_distance");
  CHECK(has(r.message, "within 12\""));
  r = refuse([&](Json& j) {
    open(j);
    j["sides"][0]["setup"][1]["markers"][0] = {2400, 7499};  // 12.01"
  });
  CHECK(r.id == "");
  // Outside the zone.
  r = refuse([](Json& j) { j["sides"][0]["setup"][1]["markers"][0] = {1200, 2300}; });
  CHECK(r.id == "scenario.deployment_zone");
  r = refuse([](Json& j) { j["sides"][0]["setup"][0]["commander"] = {3000, 2401}; });
  CHECK(r.id == "scenario.deployment_zone");
  // A regiment more than 4" from its brigade commander.
  r = refuse([](Json& j) { j["sides"][0]["setup"][0]["regiments"][0]["at"] = {2000, 2100}; });
  CHECK(r.id == "scenario.setup_distance");
  CHECK(has(r.message, "brigade commander"));
  // A wagon nearer the enemy than its own units.
  r = refuse([&](Json& j) {
    open(j);
    j["sides"][0]["wagons"][0]["at"] = {3000, 8000};
  });
  CHECK(r.id == "scenario.setup_distance");
  CHECK(has(r.message, "supply wagon union-train"));
  // Landmarks: at least two, at most four.
  r = refuse([](Json& j) {
    j["landmarks"].erase(1);
    j["landmarks"].erase(1);
  });
  CHECK(r.id == "scenario.landmarks");
  r = refuse([](Json& j) {
    j["landmarks"].push_back({{"id", "depot"}, {"at", {100, 100}}});
    j["landmarks"].push_back({{"id", "mill"}, {"at", {200, 100}}});
  });
  CHECK(r.id == "scenario.landmarks");
}

TEST_CASE("malformed scenario fields are refused with stable ids", "[chaos][scenario]") {
  CHECK(refuse([](Json& j) { j["speed"] = "fast"; }).id == "scenario.unknown_field");
  CHECK(refuse([](Json& j) { j["format"] = "adjutant-scenario/3"; }).id == "scenario.format");
  CHECK(refuse([](Json& j) { j.erase("table"); }).id == "scenario.missing_field");
  CHECK(refuse([](Json& j) {
          j["sides"][0]["setup"][1]["markers"][0] = {12.5, 1500};
        }).id == "scenario.wrong_type");
  CHECK(refuse([](Json& j) { j["terrain"][3]["kind"] = "swamp"; }).id ==
        "scenario.unknown_terrain");
  CHECK(refuse([](Json& j) {
          j["terrain"][3]["points"] = Json::array({{0, 0}, {100, 100}, {200, 200}});
        }).id == "scenario.bad_shape");
  CHECK(refuse([](Json& j) { j["terrain"][3]["id"] = "valley-pike"; }).id ==
        "scenario.duplicate_id");
  CHECK(refuse([](Json& j) { j["sides"][0]["brigades"][0]["regiments"][0]["id"] = "2wi"; }).id ==
        "scenario.duplicate_id");
  CHECK(refuse([](Json& j) { j["turns"][0] = "noon"; }).id == "scenario.bad_value");
  CHECK(refuse([](Json& j) { j["sides"][1]["id"] = "union"; }).id == "scenario.unknown_side");
  CHECK(refuse([](Json& j) { j["sides"][1]["id"] = "rebels"; }).id == "scenario.unknown_side");
  CHECK(refuse([](Json& j) { j["sides"][0]["brigades"][2]["quality"] = "green"; }).id ==
        "scenario.bad_value");
  CHECK(refuse([](Json& j) { j["table"]["width"] = 600000; }).id == "scenario.out_of_range");
  CHECK(refuse([](Json& j) {
          j["bases"] = {{"infantry", {{"width", 80}, {"depth", 80}}}};
        }).id == "");
  CHECK(refuse([](Json& j) {
          j["bases"] = {{"dragoon", {{"width", 80}, {"depth", 80}}}};
        }).id == "scenario.unknown_field");
}

TEST_CASE("a marker's outline is the outline of a one-stand body at its centre",
          "[chaos][scenario]") {
  // marker_outline() moves one shape worked out at the origin: the same
  // corners, in the same order, as outline() gives at each centre, for each
  // marker base it is asked about in turn.
  auto sc = chaos::load_scenario(meeting(), "chaos-meeting.json");
  const chaos::Point centres[] = {{0, 0}, {1, 1}, {-7, 3}, {1234, -5678}, {99999, 40001}};
  for (chaos::BaseSize base : {sc.bases.at(chaos::Arm::kMarker), chaos::BaseSize{101, 37},
                               chaos::BaseSize{3, 5}, sc.bases.at(chaos::Arm::kMarker)}) {
    sc.bases[chaos::Arm::kMarker] = base;
    for (auto c : centres) {
      auto expected = chaos::outline(chaos::Body{c, 0, 1, base});
      auto got = sc.marker_outline(c);
      CHECK(got.closed == expected.closed);
      CHECK(got.points == expected.points);
    }
  }
}
