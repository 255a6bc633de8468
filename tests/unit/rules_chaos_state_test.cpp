// The Chaos of Battle state: built from the scenario's set-up, written as
// canonical JSON and read back, and changed by the first procedures over
// it: stress with stands lost above 6, brigade stress, resting with supply
// wagons (docs/rules/chaos.md).
#include <string>

#include <catch2/catch.hpp>

#include "ledger/dice.h"
#include "ledger/jcs.h"
#include "rules/chaos/state.h"
#include "support/error_id.h"
#include "util/files.h"

namespace chaos = adjutant::rules::chaos;
using adjutant::ledger::FixedDice;

namespace {

chaos::Scenario state_scenario() {
  return chaos::load_scenario(
      nlohmann::json::parse(adjutant::read_file(std::string(ADJUTANT_SOURCE_DIR) +
                                                "/scenarios/table/chaos-meeting.json")),
      "chaos-meeting.json");
}

}  // namespace

TEST_CASE("the state starts from the scenario's set-up and round-trips as canonical JSON",
          "[chaos][state]") {
  auto s = state_scenario();
  auto st = chaos::initial_state(s);
  CHECK(st.turn == 1);
  CHECK(st.brigades.size() == 8);
  CHECK(st.regiments.size() == 32);
  CHECK(st.brigades.at("gamble").commander == chaos::Point{3000, 1900});
  CHECK(st.brigades.at("meredith").markers.size() == 2);
  CHECK_FALSE(st.brigades.at("meredith").commander);
  CHECK(st.regiments.at("12il-cav").at == chaos::Point{3000, 2100});
  CHECK_FALSE(st.regiments.at("2wi").at);
  CHECK(st.regiments.at("2us-a").stands == 2);
  CHECK(st.wagons.at("union-train").at == chaos::Point{3000, 700});
  auto j = chaos::to_json(st);
  auto back = chaos::state_from_json(j);
  CHECK(adjutant::ledger::canonical(chaos::to_json(back)) == adjutant::ledger::canonical(j));
  // Bad state files are refused with state.* ids.
  auto bad = j;
  bad["format"] = "adjutant-state/1";
  CHECK(adjutant::testing::error_id([&] { chaos::state_from_json(bad); }) == "state.format");
  bad = j;
  bad["brigades"]["gamble"]["morale"] = 3;
  CHECK(adjutant::testing::error_id([&] { chaos::state_from_json(bad); }) == "state.unknown_field");
  bad = j;
  bad["regiments"]["2wi"]["at"] = {1.5, 2};
  CHECK(adjutant::testing::error_id([&] { chaos::state_from_json(bad); }) == "state.wrong_type");
  bad = j;
  bad["regiments"]["2wi"]["brigade"] = "nobody";
  CHECK(adjutant::testing::error_id([&] { chaos::state_from_json(bad); }) == "state.bad_status");
}

TEST_CASE("stress on the state: stands lost above 6, a regiment removed with its last stand",
          "[chaos][state]") {
  auto s = state_scenario();
  auto st = chaos::initial_state(s);
  st.regiments.at("8il-cav").stress = 5;
  FixedDice d({6, 6});
  auto o = chaos::stress_regiment(st, "8il-cav", 3, d);  // 6->7 and 7->8 roll
  CHECK(o.stands_lost == 2);
  CHECK(st.regiments.at("8il-cav").stress == 8);
  CHECK(st.regiments.at("8il-cav").stands == 2);
  st.regiments.at("2us-a").stands = 1;
  st.regiments.at("2us-a").stress = 7;
  FixedDice last({4});
  chaos::stress_regiment(st, "2us-a", 1, last);
  CHECK(st.regiments.at("2us-a").removed);
  CHECK_FALSE(st.regiments.at("2us-a").at);
  chaos::stress_brigade(st, "gamble", 2);
  chaos::stress_brigade(st, "gamble", -5);
  CHECK(st.brigades.at("gamble").stress == 0);
}

TEST_CASE("resting on the state: day and night, an unsure rest, supply wagons within 6\"",
          "[chaos][state]") {
  auto s = state_scenario();
  auto st = chaos::initial_state(s);
  for (const char* id : {"8il-cav", "12il-cav", "3in-cav", "2us-a"}) st.regiments.at(id).stress = 3;
  st.brigades.at("gamble").stress = 2;
  // The wagon 4.25" behind the cavalry's line (5.2" from the flank
  // regiments): each regiment within 6" recovers 1 more; the battery in
  // front of them, 6.25" from the wagon, does not.
  st.wagons.at("union-train").at = {3000, 1500};
  FixedDice none({});
  auto day = chaos::rest_brigade(st, s, "gamble", chaos::TurnType::kDay, none);
  CHECK(st.brigades.at("gamble").stress == 1);
  CHECK(day.relieved.at("8il-cav") == 2);
  CHECK(day.relieved.at("12il-cav") == 2);
  CHECK(day.relieved.at("3in-cav") == 2);
  CHECK(day.relieved.at("2us-a") == 1);
  // Nearer, the battery recovers 1D3 more (a 2) on top of a night's 2.
  for (const char* id : {"8il-cav", "12il-cav", "3in-cav", "2us-a"}) st.regiments.at(id).stress = 5;
  st.wagons.at("union-train").at = {3000, 1700};
  FixedDice d3({2});
  auto night = chaos::rest_brigade(st, s, "gamble", chaos::TurnType::kEarlyNight, d3);
  CHECK(night.relieved.at("2us-a") == 4);
  CHECK(night.relieved.at("12il-cav") == 3);
  CHECK(st.regiments.at("2us-a").stress == 1);
  CHECK(d3.rolls().size() == 1);
  // A destroyed wagon helps nobody.
  st.wagons.at("union-train").destroyed = true;
  for (const char* id : {"8il-cav", "12il-cav", "3in-cav", "2us-a"}) st.regiments.at(id).stress = 3;
  chaos::rest_brigade(st, s, "gamble", chaos::TurnType::kDay, none);
  CHECK(st.regiments.at("12il-cav").stress == 2);
  // Two markers on the table: the regiments' rest needs 4-6.
  st.regiments.at("2wi").stress = 4;
  st.brigades.at("meredith").stress = 3;
  FixedDice fail({3});
  auto unsure = chaos::rest_brigade(st, s, "meredith", chaos::TurnType::kDay, fail);
  CHECK(unsure.rest.roll == 3);
  CHECK(st.regiments.at("2wi").stress == 4);
  CHECK(st.brigades.at("meredith").stress == 2);
  FixedDice pass({4});
  chaos::rest_brigade(st, s, "meredith", chaos::TurnType::kDay, pass);
  CHECK(st.regiments.at("2wi").stress == 3);
  // One marker: certain, no die.
  st.regiments.at("143pa").stress = 2;
  chaos::rest_brigade(st, s, "stone", chaos::TurnType::kDay, none);
  CHECK(st.regiments.at("143pa").stress == 1);
}
