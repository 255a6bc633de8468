// Regiments placed by order, chaos version 3 (docs/rules/chaos.md "What
// version 3 adjudicates", "Regiments placed by order"): a shake out that
// places the commander and every regiment (shake_out), the default
// formation when the Chaos of Battle roll leaves the other marker, a
// deployed brigade's move ending with its regiments where the order puts
// them (move.deployed), and the check's refusals naming the brigade, the
// regiment and the rule.
#include <string>

#include <catch2/catch.hpp>

#include "ledger/dice.h"
#include "model/scenario.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/state.h"
#include "rules/chaos/table_play.h"
#include "support/chaos_fixture.h"

namespace chaos = adjutant::rules::chaos;
using adjutant::ledger::FixedDice;
using adjutant::ledger::Json;
using adjutant::model::State;
using adjutant::testing::chaos_events_typed;
using adjutant::testing::chaos_meeting;
using chaos::Point;

namespace {

// The set-up, on turn 2 (day), tokens drawn: Stone one marker at (15", 6"),
// Meredith two at (12", 15") and (48", 12"), Gamble deployed behind its
// breastworks, its commander at (30", 19").
State day(const adjutant::rules::Ruleset& r) {
  return adjutant::testing::chaos_prepared_at(r, 2, [](chaos::ChaosState&) {});
}

Json union_turn(const adjutant::rules::Ruleset& r, const State& s, Json u,
                adjutant::ledger::Dice& dice) {
  u["side"] = "union";
  Json c = {{"side", "confederate"}};
  return r.adjudicate_phase(
      s, {{"union", r.check(s, u, "union")}, {"confederate", r.check(s, c, "confederate")}}, dice);
}

// Stone's three regiments in line 2" ahead of the marker, 0.1" apart.
Json stone_line() {
  return {{"marker", 1},
          {"facing", 0},
          {"commander", {1500, 600}},
          {"regiments",
           {{"143pa", {{"at", {1090, 800}}}},
            {"149pa", {{"at", {1500, 800}}}},
            {"150pa", {{"at", {1910, 800}}}}}}};
}

}  // namespace

TEST_CASE("a shake out places the commander and every regiment where the order says (shake_out)",
          "[chaos][placement]") {
  auto r = chaos_meeting(3);
  State s = day(*r);
  // Initiative 4-2; Stone has one marker: no Chaos of Battle roll.
  FixedDice dice({4, 2});
  Json events = union_turn(*r, s, {{"brigades", {{"stone", {{"shake_out", stone_line()}}}}}}, dice);
  CHECK(dice.rolls().size() == 2);
  auto deploy = chaos_events_typed(events, "deploy");
  REQUIRE(deploy.size() == 1);
  CHECK(deploy[0]["placed"] == true);
  CHECK(deploy[0]["commander"] == Json::array({1500, 600}));
  CHECK(deploy[0]["regiments"]["143pa"]["at"] == Json::array({1090, 800}));
  auto end = chaos::table_state(r->apply(s, events));
  CHECK(*end.regiments.at("150pa").at == Point{1910, 800});
  CHECK(end.regiments.at("150pa").facing == 0);
  CHECK(end.brigades.at("stone").markers.empty());
}

TEST_CASE(
    "the roll leaves the other marker: the default formation there (shake_out, "
    "terms.chaos_roll)",
    "[chaos][placement]") {
  auto r = chaos_meeting(3);
  State s = day(*r);
  // Meredith's five in two lines around its commander at marker 1.
  Json order = {{"marker", 1},
                {"facing", 0},
                {"regiments",
                 {{"2wi", {{"at", {800, 1700}}}},
                  {"6wi", {{"at", {1210, 1700}}}},
                  {"7wi", {{"at", {1620, 1700}}}},
                  {"24mi", {{"at", {1000, 1900}}}},
                  {"4us-b", {{"at", {1450, 1950}}}}}}};
  Json u = {{"brigades", {{"meredith", {{"shake_out", order}}}}}};
  REQUIRE(r->problems(s,
                      [&] {
                        Json b = u;
                        b["side"] = "union";
                        return b;
                      }())
              .empty());
  // Initiative 4-2; Meredith's roll 1, below its rating: OTHER, marker 2
  // stays, and the brigade deploys there in the default formation.
  FixedDice dice({4, 2, 1});
  Json events = union_turn(*r, s, u, dice);
  auto roll = chaos_events_typed(events, "chaos_roll");
  REQUIRE(roll.size() == 1);
  CHECK(roll[0]["result"] == "other");
  auto deploy = chaos_events_typed(events, "deploy");
  REQUIRE(deploy.size() == 1);
  CHECK_FALSE(deploy[0].contains("placed"));
  CHECK(deploy[0]["commander"] == Json::array({4800, 1200}));
}

TEST_CASE(
    "check refuses placements the text does not allow, naming brigade, regiment and rule "
    "(shake_out, move.deployed)",
    "[chaos][placement][check]") {
  auto r = chaos_meeting(3);
  State s = day(*r);
  auto one = [&](const Json& brigades) {
    Json body = {{"side", "union"}, {"brigades", brigades}};
    auto p = r->problems(s, body);
    REQUIRE(p.size() == 1);
    return p[0];
  };
  Json far = stone_line();
  far["regiments"]["150pa"]["at"] = {2200, 800};  // 4.5" from the commander's figure
  auto p = one({{"stone", {{"shake_out", far}}}});
  CHECK(p.id == "chaos.formation");
  CHECK(p.unit == "stone");
  CHECK(p.rule == "shake_out");
  CHECK(p.message.find("150pa") != std::string::npos);
  Json missing = stone_line();
  missing["regiments"].erase("150pa");
  p = one({{"stone", {{"shake_out", missing}}}});
  CHECK(p.id == "chaos.formation");
  CHECK(p.message.find("150pa") != std::string::npos);
  Json off = stone_line();
  off["regiments"]["143pa"]["at"] = {100, 800};
  p = one({{"stone", {{"shake_out", off}}}});
  CHECK(p.id == "chaos.off_table");
  CHECK(p.message.find("143pa") != std::string::npos);
  Json overlap = stone_line();
  overlap["regiments"]["149pa"]["at"] = {1300, 800};
  p = one({{"stone", {{"shake_out", overlap}}}});
  CHECK(p.id == "chaos.overlap");
  CHECK(p.message.find("149pa") != std::string::npos);
  // Version 2 refuses the placement as before.
  auto v2 = chaos_meeting(2);
  auto p2 = v2->problems(
      day(*v2), {{"side", "union"}, {"brigades", {{"stone", {{"shake_out", stone_line()}}}}}});
  // (the commander's place an unknown field, the regiments not yet).
  REQUIRE(p2.size() == 2);
  CHECK(p2[0].id == "orders.unknown_field");
  CHECK(p2[1].id == "chaos.not_yet");
  CHECK(p2[1].rule == "move.deployed");
  // A deployed move: a regiment more than 4" from the commander where his
  // path ends.
  Json move = {{"path", {{3000, 1900}, {3000, 2500}}},
               {"regiments",
                {{"8il-cav", {{"at", {2600, 2700}}}},
                 {"12il-cav", {{"at", {3020, 2700}}}},
                 {"3in-cav", {{"at", {3800, 2700}}}},
                 {"2us-a", {{"at", {3000, 2950}}}}}}};
  p = one({{"gamble", {{"move", move}}}});
  CHECK(p.id == "chaos.formation");
  CHECK(p.unit == "gamble");
  CHECK(p.rule == "move.deployed");
  CHECK(p.message.find("3in-cav") != std::string::npos);
}

TEST_CASE(
    "a deployed brigade's move ends with its regiments as the order places them, its guns "
    "limbered (move.deployed)",
    "[chaos][placement][limber]") {
  auto r = chaos_meeting(3);
  State s = day(*r);
  // Gamble's commander 6" north, to (30", 25"); its cavalry in line 2"
  // ahead of him, its battery behind.
  Json move = {{"path", {{3000, 1900}, {3000, 2500}}},
               {"regiments",
                {{"8il-cav", {{"at", {2600, 2700}}}},
                 {"12il-cav", {{"at", {3020, 2700}}}},
                 {"3in-cav", {{"at", {3440, 2700}}}},
                 {"2us-a", {{"at", {3000, 2950}}}}}}};
  // Initiative 4-2; then the rate's dice, all 6s: more than the 6" path.
  FixedDice dice({4, 2, 6, 6, 6, 6, 6, 6});
  Json events = union_turn(*r, s, {{"brigades", {{"gamble", {{"move", move}}}}}}, dice);
  auto deploy = chaos_events_typed(events, "deploy");
  REQUIRE(deploy.size() == 1);
  CHECK(deploy[0]["rule"] == "move.deployed");
  CHECK(deploy[0]["placed"] == true);
  CHECK(deploy[0]["regiments"]["2us-a"]["limbered"] == true);
  auto end = chaos::table_state(r->apply(s, events));
  CHECK(*end.brigades.at("gamble").commander == Point{3000, 2500});
  CHECK(*end.regiments.at("3in-cav").at == Point{3440, 2700});
  CHECK(*end.regiments.at("2us-a").at == Point{3000, 2950});
  CHECK(end.regiments.at("2us-a").limbered);
}
