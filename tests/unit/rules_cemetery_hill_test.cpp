// Cemetery Hill (rules/001_1311978dea3b76ca.txt 14.0-14.6) as shipped in
// scenarios/cemetery-hill.json: the 14.34 schedule as printed, the entry
// hexes on the map edge and on roads, the line of communication trace
// (14.51, 14.52) and the 14.5 ratio table around its boundaries. The
// adjudication cases are in tests/cases/cemetery-hill/.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <tuple>

#include "rules/bluegray/communication.h"
#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/victory.h"
#include "rules/ruleset.h"
#include "util/error.h"
#include "util/files.h"

namespace {

using adjutant::hex::Hex;
using adjutant::rules::Json;
namespace bg = adjutant::rules::bluegray;

Json cemetery_hill_json() {
  std::string file = std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/cemetery-hill.json";
  return adjutant::ledger::parse_strict(adjutant::read_file(file), file);
}

adjutant::rules::hexmap::Scenario cemetery_hill() {
  return adjutant::rules::hexmap::Scenario::from_json(cemetery_hill_json(), "cemetery-hill");
}

// 14.34 as printed: turn, entry hex, designation, type, strength (all move 6).
using Row = std::tuple<int, std::string, std::string, std::string, int>;
const std::vector<Row> kSchedule = {
    {2, "0127", "2/Ill", "infantry", 19},       {3, "1127", "1/II", "infantry", 12},
    {3, "1127", "2/II", "infantry", 11},        {3, "1127", "3/II", "infantry", 11},
    {4, "2112", "1/V", "infantry", 12},         {4, "2112", "2/V", "infantry", 10},
    {4, "1127", "1 Regular", "artillery", 6},   {4, "1127", "1 Volunteer", "artillery", 6},
    {4, "1127", "2 Volunteer", "artillery", 3}, {5, "2112", "3/V", "infantry", 8},
    {5, "1127", "3 Volunteer", "artillery", 6}, {5, "1127", "4 Volunteer", "artillery", 6},
    {6, "2112", "1/2", "cavalry", 5},           {6, "2112", "2/2", "cavalry", 5},
    {6, "2112", "3/2", "cavalry", 4},           {6, "2120", "1/VI", "infantry", 16},
    {6, "2120", "3/VI", "infantry", 16},        {6, "2120", "2/VI", "infantry", 12},
    {10, "0127", "1/Reserve", "cavalry", 5},    {10, "0127", "3/1", "cavalry", 5},
    {2, "0104", "1 Johnson", "infantry", 12},   {2, "0104", "2 Johnson", "infantry", 12},
    {2, "0104", "1 Anderson", "infantry", 14},  {2, "0104", "2 Anderson", "infantry", 9},
    {2, "0104", "McIntosh", "artillery", 3},    {3, "0104", "1 McLaws", "infantry", 12},
    {3, "0104", "2 McLaws", "infantry", 10},    {3, "0104", "1 Hood", "infantry", 11},
    {3, "0104", "2 Hood", "infantry", 10},      {3, "0104", "Alexander", "artillery", 5},
    {3, "0104", "Nelson", "artillery", 3},      {6, "1101", "F Lee", "cavalry", 4},
    {6, "1101", "W Lee", "cavalry", 4},         {9, "0104", "1 Pickett", "infantry", 9},
    {9, "0104", "2 Pickett", "infantry", 9},    {9, "0104", "Hampton", "cavalry", 5},
    {9, "2101", "Jenkins", "cavalry", 4},       {9, "2101", "Robertson", "cavalry", 4},
};

}  // namespace

TEST_CASE("Cemetery Hill: the reinforcements are exactly those of 14.34",
          "[rules][cemetery-hill]") {
  auto sc = cemetery_hill();
  std::set<Row> printed(kSchedule.begin(), kSchedule.end()), encoded;
  for (const auto& u : sc.units) {
    if (!u.arrival) continue;
    CHECK(u.movement == 6);
    REQUIRE(u.arrival->hexes.size() == 1);
    encoded.insert(
        {u.arrival->turn, sc.numbers().format(u.arrival->hex), u.id, u.type, u.strength});
    bool union_unit = u.side == "union";
    // 14.34: the Union comes from the south and east, the Confederates from the north and west.
    auto edges = sc.edges_of(u.arrival->hex);
    CHECK((union_unit ? edges.count("south") + edges.count("east")
                      : edges.count("north") + edges.count("west")) > 0);
  }
  CHECK(encoded == printed);
}

TEST_CASE("Cemetery Hill: the map fits the entry hexes and a road reaches each",
          "[rules][cemetery-hill]") {
  auto sc = cemetery_hill();
  CHECK(sc.columns == 21);
  CHECK(sc.rows == 27);
  auto exits = sc.road_exits();
  for (const char* h : {"0104", "0127", "1101", "1127", "2101", "2112", "2120"}) {
    INFO(h);
    CHECK(std::count(exits.begin(), exits.end(), *sc.numbers().parse(h)) == 1);
  }
  // Roads lead off every edge, and off the east and west for 14.51/14.52.
  std::set<std::string> edges;
  for (const auto& r : sc.routes)
    if (r.kind == "road") edges.insert(r.off.begin(), r.off.end());
  CHECK(edges == std::set<std::string>{"east", "north", "south", "west"});
  // 14.6: the creek is a ford along its whole length.
  const auto& creek = sc.hexside_types.at("creek");
  CHECK(creek.passable);
  CHECK(creek.mp == 1);
  CHECK(creek.zoc);
  CHECK(creek.defence_all == 2);
  CHECK_FALSE(sc.turns.strategic_movement);  // 11.1
  CHECK(sc.turns.count == 15);               // 14.1
  CHECK(sc.turns.order == std::vector<std::string>{"union", "confederate"});
  CHECK(sc.turns.skip == std::set<std::pair<int, std::string>>{{1, "union"}});
  auto ex = bg::exclusive_rules(sc);
  REQUIRE(ex.reschedule);
  REQUIRE(ex.exit_race);
  CHECK(ex.exit_race->vp_per_unit == 5);
}

TEST_CASE(
    "Cemetery Hill: a line of communication passes a ZOC hex only where a friendly unit stands",
    "[rules][cemetery-hill]") {
  auto sc = cemetery_hill();
  adjutant::model::State st;
  for (const auto& u : sc.units) st.units[u.id].status = adjutant::model::UnitStatus::kEliminated;
  auto put = [&](const std::string& id, const std::string& hex) {
    st.units[id] = {adjutant::model::UnitStatus::kActive, hex, {}, Json::object()};
  };
  // 1/I at 0313 ringed by the ZOC of three Confederate units two hexes away.
  put("1/I", "0313");
  put("1 Heth", "0211");
  put("2 Heth", "0214");
  put("1 Pender", "0513");
  bg::Board board(sc, st);
  CHECK_FALSE(bg::trace_line(board, {3, 13}, "union", {"east"}));
  // The Confederates trace west, to the Hagerstown Road.
  auto west = bg::trace_line(board, {2, 11}, "confederate", {"west"});
  REQUIRE(west);
  CHECK(west->front() == Hex{2, 11});
  // A friendly unit in 0412, a hex in the ZOC of 1 Pender, opens the way east.
  put("2/I", "0412");
  bg::Board opened(sc, st);
  auto line = bg::trace_line(opened, {3, 13}, "union", {"east"});
  REQUIRE(line);
  CHECK((*line)[1] == Hex{4, 12});
  // The Taneytown Road leads off the south edge, not the east: a unit on it
  // is on its goal for the south but must go on for 14.51.
  auto south = bg::trace_line(opened, {11, 26}, "union", {"south"});
  auto east = bg::trace_line(opened, {11, 26}, "union", {"east"});
  REQUIRE(south);
  REQUIRE(east);
  CHECK(south->size() == 1);
  CHECK(east->size() > 1);
}

TEST_CASE("Cemetery Hill: the exclusive rules object is checked with its JSON path",
          "[rules][cemetery-hill]") {
  auto refused = [](Json j) {
    try {
      adjutant::rules::make_ruleset(j, "ch.json");
    } catch (const adjutant::Error& e) {
      return e.id() + " " + e.detail();
    }
    return std::string("accepted");
  };
  Json j = cemetery_hill_json();
  j["rules"]["exit_race"]["vp_per_units"] = 5;
  CHECK(refused(j).find("scenario.unknown_field ch.json: rules.exit_race") == 0);
  j = cemetery_hill_json();
  j["rules"]["reschedule_blocked_entry"]["toward"]["yankees"] = {"south"};
  CHECK(refused(j).find(
            "scenario.unknown_side ch.json: rules.reschedule_blocked_entry.toward.yankees") == 0);
  j = cemetery_hill_json();
  j["rules"]["reschedule_blocked_entry"]["toward"]["union"] = {"down"};
  CHECK(refused(j).find("scenario.bad_edge") == 0);
  j = cemetery_hill_json();
  j["rules"]["night_march"] = true;
  CHECK(refused(j).find("scenario.unknown_field") == 0);
  CHECK(refused(cemetery_hill_json()) == "accepted");
}

TEST_CASE("Cemetery Hill: the 14.5 ratio table in integers, at and beside each boundary",
          "[rules][cemetery-hill]") {
  auto sc = cemetery_hill();
  struct Case {
    int union_vp, confederate_vp;
    const char* result;
  };
  const Case cases[] = {
      {200, 100, "Union Decisive"},          {1000, 0, "Union Decisive"},
      {199, 100, "Union Substantive"},       {150, 100, "Union Substantive"},
      {149, 100, "Union Marginal"},          {101, 100, "Union Marginal"},
      {100, 100, "Confederate Marginal"},    {0, 0, "Confederate Marginal"},
      {101, 150, "Confederate Marginal"},    {100, 150, "Confederate Substantive"},
      {101, 200, "Confederate Substantive"}, {100, 200, "Confederate Decisive"},
      {0, 7, "Confederate Decisive"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.union_vp, c.confederate_vp);
    CHECK(
        bg::victory_level(sc.victory, {{"union", c.union_vp}, {"confederate", c.confederate_vp}}) ==
        std::string(c.result));
  }
}

TEST_CASE("Cemetery Hill: the set-up holds each side's historical divisions",
          "[rules][cemetery-hill]") {
  auto sc = cemetery_hill();
  std::set<std::string> on_map;
  for (const auto& u : sc.units)
    if (u.start) on_map.insert(u.id);
  for (const char* id :
       {"1/1", "2/1", "1/I", "2/I", "3/I", "1/XI", "2/XI", "3/XI", "1 Heth", "2 Heth", "1 Pender",
        "2 Pender", "1 Rodes", "2 Rodes", "1 Early", "2 Early"})
    CHECK(on_map.count(id) == 1);
  // The game can start: the ruleset takes the scenario at every version.
  for (int version : {1, 2}) {
    auto rs = adjutant::rules::make_ruleset(cemetery_hill_json(), "cemetery-hill", version);
    auto st = rs->initial_state();
    CHECK(st.turn == 1);
    CHECK(st.phase == "confederate");
  }
}
