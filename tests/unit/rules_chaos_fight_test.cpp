// The fight phase of chaos version 2 (docs/rules/chaos.md "Fight phase"):
// a fight started by a formed-up brigade's order (fight.initiate), resolved
// (fight.resolve), tested by the standing policies with Hold the Line or
// Bend (fight.test), won and lost (fight.lose), or left with neither side
// withdrawing (fight.neither); the check of the fight orders and policies;
// what each side reads of a fight; and version 1 left as it was.
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "bot/bot.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "model/scenario.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/situation.h"
#include "rules/chaos/table_play.h"
#include "support/chaos_fixture.h"
#include "support/error_id.h"

namespace chaos = adjutant::rules::chaos;
using adjutant::ledger::FixedDice;
using adjutant::ledger::Json;
using adjutant::ledger::SeededDice;
using adjutant::model::State;
using adjutant::testing::chaos_events_typed;
using adjutant::testing::chaos_meeting;
using adjutant::testing::chaos_phase;
using chaos::Point;

namespace {

// Turn 2 (day), tokens drawn, the tin still full. Stone's 149th
// Pennsylvania faces north at (15", 50"), its commander 3" behind; Davis's
// 2nd Mississippi faces south at (15", 55"), its commander 3" behind; the
// other regiments of both brigades are off the table. The two fronts are
// 4.24" apart (rounded corners: 54.62" and 50.38"): engaged, not fighting.
State fight_table(const adjutant::rules::Ruleset& r, int stress_149pa = 0) {
  return adjutant::testing::chaos_prepared_at(r, 2, [&](chaos::ChaosState& st) {
    adjutant::testing::stone_meets_davis(st, 5000);
    st.regiments.at("149pa").stress = stress_149pa;
  });
}

const Json kStoneFights = {
    {"brigades", {{"stone", {{"form_up", true}, {"fight", {{"regiment", "149pa"}}}}}}}};

// The regiments a fight token stressed, in its order, and their stress after.
using TokenStress = std::vector<std::pair<std::string, int>>;
TokenStress token_stress(const Json& token) {
  TokenStress out;
  for (const auto& u : token["units"]) out.emplace_back(u["regiment"], u["stress"].get<int>());
  return out;
}

// The fight table with the 149th fighting (3.99") and the 8th Illinois
// 5.56" from the 2nd, not fighting (dismounted when asked); the Union
// holds CAVALRY SUPPORT.
State cavalry_support_table(const adjutant::rules::Ruleset& r, bool dismounted) {
  State s = fight_table(r);
  auto st = chaos::table_state(s);
  st.regiments.at("149pa").at = Point{1500, 5025};
  st.regiments.at("8il-cav").at = Point{2300, 5000};
  st.regiments.at("8il-cav").dismounted = dismounted;
  st.brigades.at("gamble").commander = Point{2300, 4800};
  chaos::set_chaos(s, st);
  s.extra["tokens"]["union"] = Json::array({"cavalry_support"});
  return s;
}

// The Union plays CAVALRY SUPPORT; Gamble's battery holds its fire.
const Json kCavalrySupport = {{"brigades", {{"gamble", {{"fire", {{"2us-a", "hold"}}}}}}},
                              {"tokens", Json::array({{{"token", "cavalry_support"}}})}};

}  // namespace

TEST_CASE(
    "a fight started, resolved and tested; a Bend fails and the fight is lost "
    "(fight.initiate, fight.resolve, fight.test, fight.lose)",
    "[chaos][fight]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r);
  Json davis = {{"policies", {{"hold_the_line_below", 6}}}};
  // Initiative 4-2; the fight's dice-off 5-2 (the Union acts first); the
  // 149th's die 5, the 2nd's 3; the 2nd's test 1+1, the 149th's 1+2; the
  // victor's token: a d34 of 5.
  FixedDice dice({4, 2, 5, 2, 5, 3, 1, 1, 1, 2, 5});
  Json events = chaos_phase(*r, s, kStoneFights, davis, dice);
  CHECK(dice.rolls().size() == 11);
  auto off = chaos_events_typed(events, "fight_initiative");
  REQUIRE(off.size() == 1);
  CHECK(off[0]["winner"] == "union");
  // fight.initiate: one quarter-inch step brings the front to 3.99", less
  // than 4"; both regiments go to the least stress of a fight, 1.
  auto start = chaos_events_typed(events, "fight_start");
  REQUIRE(start.size() == 1);
  CHECK(start[0]["regiment"] == "149pa");
  CHECK(start[0]["to"] == Json::array({1500, 5025}));
  CHECK(start[0]["target"]["regiment"] == "2ms");
  REQUIRE(start[0]["minimum"].size() == 2);
  // fight.resolve: the 149th's 5 is a stress (2), the 2nd's 3 none (1);
  // each brigade +1. The Confederates selected the fight the Union called.
  auto resolve = chaos_events_typed(events, "fight_resolve");
  REQUIRE(resolve.size() == 1);
  CHECK(resolve[0]["side"] == "confederate");
  CHECK(resolve[0]["caller"] == "union");
  const Json& dice_of = resolve[0]["units"];
  REQUIRE(dice_of.size() == 2);
  CHECK(dice_of[0]["regiment"] == "149pa");
  CHECK(dice_of[0]["roll"] == 5);
  CHECK(dice_of[0]["stress"] == 2);
  CHECK(dice_of[1]["regiment"] == "2ms");
  CHECK(dice_of[1]["stress"] == 1);
  // fight.test: the Union (the caller) tests the 2nd, which holds the line
  // (its 1 + Davis's 1 is below 6): 2 + 2 > 2. The Confederates test the
  // 149th, which bends (the Union holds below 0: never): 3 > 3 fails.
  auto tests = chaos_events_typed(events, "fight_test");
  REQUIRE(tests.size() == 2);
  CHECK(tests[0]["side"] == "union");
  CHECK(tests[0]["unit"]["regiment"] == "2ms");
  CHECK(tests[0]["unit"]["choice"] == "hold");
  CHECK(tests[0]["unit"]["bonus"] == 2);
  CHECK(tests[0]["unit"]["against"] == 2);
  CHECK(tests[0]["unit"]["passed"] == true);
  CHECK(tests[1]["unit"]["regiment"] == "149pa");
  CHECK(tests[1]["unit"]["choice"] == "bend");
  CHECK(tests[1]["unit"]["against"] == 3);
  CHECK(tests[1]["unit"]["passed"] == false);
  // Bend: back to 5" from the 2nd: five steps, 5.24".
  CHECK(tests[1]["unit"]["to"] == Json::array({1500, 4900}));
  // fight.lose: Stone +1 (2), Davis -1 (0); the victors draw a token: the
  // d34's 5 is the fifth in the tin, Heroic Inspiration.
  auto lost = chaos_events_typed(events, "fight_lose");
  REQUIRE(lost.size() == 1);
  CHECK(lost[0]["side"] == "union");
  CHECK(lost[0]["winner"] == "confederate");
  auto drawn = chaos_events_typed(events, "tokens_drawn");
  REQUIRE(drawn.size() == 1);
  CHECK(drawn[0]["tokens"] == Json::array({"heroic_inspiration"}));
  State after = r->apply(s, events);
  auto st = chaos::table_state(after);
  CHECK(*st.regiments.at("149pa").at == Point{1500, 4900});
  CHECK(st.regiments.at("149pa").stress == 2);
  CHECK(st.regiments.at("2ms").stress == 1);
  CHECK(st.brigades.at("stone").stress == 2);
  CHECK(st.brigades.at("davis").stress == 0);
  CHECK(chaos::held_tokens(after, "confederate") == std::vector<std::string>{"heroic_inspiration"});
  CHECK(after.extra["tin"].size() == 33);
  CHECK(chaos::fighting(chaos::fighters(st, chaos::scenario_of(*r))).empty());

  SECTION("each side reads the fight without the enemy's names, dice or stress") {
    std::string u = adjutant::ledger::canonical(r->visible_events(events, "union"));
    std::string c = adjutant::ledger::canonical(r->visible_events(events, "confederate"));
    for (const char* hidden : {"\"2ms\"", "davis", "heroic_inspiration"})
      CHECK(u.find(hidden) == std::string::npos);
    for (const char* hidden : {"\"149pa\"", "stone"}) CHECK(c.find(hidden) == std::string::npos);
    // Each reads its own regiment whole, and where the enemy's stood.
    CHECK(u.find("\"149pa\"") != std::string::npos);
    CHECK(c.find("\"2ms\"") != std::string::npos);
    CHECK(u.find("fight_resolve") != std::string::npos);
    CHECK(u.find("[1500,5500]") != std::string::npos);
  }
}

TEST_CASE("Hold the Line failed: a stand lost, a flight to 7\", 2 more stress (fight.test)",
          "[chaos][fight]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r, 3);
  Json stone = kStoneFights;
  stone["policies"] = {{"hold_the_line_below", 10}};
  // Initiative; dice-off 5-2; the 149th's die 5 (4), the 2nd's 3 (1); the
  // 2nd bends (Davis holds below 0) and passes on 6+6; the 149th holds
  // (its 4 + Stone's 1 = 5, below 10) and fails: 1+2+2 = 5, not above 5.
  FixedDice dice({4, 2, 5, 2, 5, 3, 6, 6, 1, 2, 5});
  Json events = chaos_phase(*r, s, stone, Json::object(), dice);
  auto tests = chaos_events_typed(events, "fight_test");
  REQUIRE(tests.size() == 2);
  CHECK(tests[0]["unit"]["choice"] == "bend");
  CHECK(tests[1]["unit"]["choice"] == "hold");
  CHECK(tests[1]["unit"]["bonus"] == 2);
  CHECK(tests[1]["unit"]["against"] == 5);
  CHECK(tests[1]["unit"]["passed"] == false);
  // From 3.99" to 7.24": thirteen quarter-inch steps straight back.
  CHECK(tests[1]["unit"]["to"] == Json::array({1500, 4700}));
  auto st = chaos::table_state(r->apply(s, events));
  CHECK(st.regiments.at("149pa").stands == 3);
  CHECK(st.regiments.at("149pa").stress == 6);  // 4 + 2, not above 6: no stand die
  CHECK(*st.regiments.at("149pa").at == Point{1500, 4700});
  CHECK(st.brigades.at("stone").stress == 2);
  CHECK(dice.rolls().size() == 11);
}

TEST_CASE(
    "every unit tested and none failed: the caller's commander 5\" back, its units "
    "around him, every brigade +1 (fight.neither)",
    "[chaos][fight]") {
  auto r = chaos_meeting(0);
  const auto& sc = chaos::scenario_of(*r);
  State s = fight_table(*r);
  // Initiative; dice-off 5-2; both dice 3 (no stress); both tests 6+6.
  FixedDice dice({4, 2, 5, 2, 3, 3, 6, 6, 6, 6});
  Json events = chaos_phase(*r, s, kStoneFights, Json::object(), dice);
  CHECK(dice.rolls().size() == 10);
  CHECK(chaos_events_typed(events, "fight_lose").empty());
  auto neither = chaos_events_typed(events, "fight_neither");
  REQUIRE(neither.size() == 1);
  CHECK(neither[0]["side"] == "union");
  // Stone's commander: 5" straight back from the 2nd (already 7.12"
  // away, so 5" it is).
  REQUIRE(neither[0]["commanders"].size() == 1);
  CHECK(neither[0]["commanders"][0]["to"] == Json::array({1500, 4200}));
  auto st = chaos::table_state(r->apply(s, events));
  CHECK(*st.brigades.at("stone").commander == Point{1500, 4200});
  auto commander = sc.figure_outline(chaos::Arm::kCommander, {"c", "c", Point{1500, 4200}, 0});
  auto body = chaos::outline(chaos::regiment_body(sc, st, "149pa"));
  CHECK(chaos::within(body, commander, 4 * chaos::kInch));
  CHECK(st.regiments.at("149pa").facing == 0);
  CHECK(chaos::fighting(chaos::fighters(st, sc)).empty());
  // Each brigade: +1 resolving, +1 neither withdrawing.
  CHECK(st.brigades.at("stone").stress == 2);
  CHECK(st.brigades.at("davis").stress == 2);
  CHECK(st.regiments.at("149pa").stress == 1);  // the least stress of a fight
  CHECK(st.regiments.at("2ms").stress == 1);
}

TEST_CASE("no fight and no fight order: the fight phase rolls no die (fight)", "[chaos][fight]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r);
  FixedDice dice({4, 2});
  Json events = chaos_phase(*r, s, Json::object(), Json::object(), dice);
  CHECK(chaos_events_typed(events, "fight_initiative").empty());
  CHECK(dice.rolls().size() == 2);
}

TEST_CASE("check refuses fight orders and policies, naming the brigade, the field and the rule",
          "[chaos][fight][check]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r);
  auto one = [&](Json body) {
    body["side"] = "union";
    auto p = r->problems(s, body);
    REQUIRE(p.size() == 1);
    return p.front();
  };
  SECTION("a fight without forming up") {
    auto p = one({{"brigades", {{"stone", {{"fight", {{"regiment", "149pa"}}}}}}}});
    CHECK(p.id == "chaos.fight");
    CHECK(p.unit == "stone");
    CHECK(p.rule == "fight.initiate");
    CHECK(p.message.find("form_up") != std::string::npos);
  }
  SECTION("a regiment the brigade does not have on the table") {
    auto p =
        one({{"brigades", {{"stone", {{"form_up", true}, {"fight", {{"regiment", "143pa"}}}}}}}});
    CHECK(p.id == "chaos.unknown_regiment");
    CHECK(p.rule == "fight.initiate");
  }
  SECTION("toward a point where no enemy regiment stands") {
    auto p = one(
        {{"brigades",
          {{"stone",
            {{"form_up", true}, {"fight", {{"regiment", "149pa"}, {"toward", {1500, 7000}}}}}}}}});
    CHECK(p.id == "chaos.fight");
    CHECK(p.message.find("(15.00, 70.00)") != std::string::npos);
  }
  SECTION("an unengaged brigade") {
    auto p = one({{"brigades", {{"gamble", {{"fight", {{"regiment", "8il-cav"}}}}}}}});
    CHECK(p.id == "chaos.not_engaged");
    CHECK(p.unit == "gamble");
  }
  SECTION("a policy out of its range") {
    auto p = one({{"policies", {{"test", "bravest"}}}});
    CHECK(p.id == "chaos.policy");
    CHECK(p.rule == "fight.test");
    CHECK(one({{"policies", {{"artillery_target", "nearest"}}}}).rule == "fight.resolve");
    CHECK(one({{"policies", {{"hold_the_line_below", -1}}}}).id == "chaos.policy");
    // Version 2 refuses the withdrawal by policy (version 3 adjudicates it:
    // rules_chaos_joining_test.cpp).
    auto v2 = chaos_meeting(2);
    auto p2 = v2->problems(fight_table(*v2),
                           {{"side", "union"}, {"policies", {{"withdraw_at_stress", 4}}}});
    REQUIRE(p2.size() == 1);
    CHECK(p2[0].id == "chaos.not_yet");
  }
  SECTION("a good fight order is echoed") {
    Json body = kStoneFights;
    body["side"] = "union";
    body["policies"] = {{"test", "own_least_stressed"}, {"hold_the_line_below", 5}};
    CHECK(r->problems(s, body).empty());
  }
}

TEST_CASE("version 1 is unchanged: no fight orders, no fight phase, the same game (fight)",
          "[chaos][fight][version]") {
  auto v1 = chaos_meeting(1);
  State s = fight_table(*v1);
  Json body = kStoneFights;
  body["side"] = "union";
  auto p = v1->problems(s, body);
  REQUIRE(p.size() == 1);
  CHECK(p[0].id == "chaos.not_yet");
  CHECK(p[0].rule == "fight.initiate");
  CHECK(p[0].message.find("chaos version 1") != std::string::npos);
  // A table holding a fight is refused by version 1's adjudication.
  auto st = chaos::table_state(s);
  st.regiments.at("149pa").at = Point{1500, 5025};
  chaos::set_chaos(s, st);
  FixedDice dice({4, 2});
  CHECK(adjutant::testing::error_id([&] { v1->adjudicate_phase(s, {}, dice); }) == "chaos.not_yet");
  // A whole game of the bot at version 1, seeded dice: the events and the
  // final state are those of the version 1 made before the fight phase
  // (digests taken from it).
  auto gen = adjutant::bot::make_generator("chaos");
  adjutant::model::Scenario none;
  State g = v1->initial_state();
  SeededDice seeded("a version 1 game");
  std::string all;
  int turns = 0;
  while (!g.phase.empty()) {
    std::vector<adjutant::rules::SideOrders> orders;
    for (const auto& side : v1->sides()) {
      adjutant::bot::Request req{*v1, none, g, side, 3};
      auto o = gen->orders(req);
      o.body["side"] = side;
      orders.push_back({side, v1->check(g, o.body, side)});
    }
    Json ev = v1->adjudicate_phase(g, orders, seeded);
    all += adjutant::ledger::canonical(ev);
    g = v1->apply(g, ev);
    ++turns;
  }
  CHECK(turns == 7);
  CHECK(seeded.rolls().size() == 136);
  CHECK(adjutant::ledger::sha256_hex(all) ==
        "f9916a3dd4b699b88658defe91792b70839c15f7a308995e6db515566d25a736");
  CHECK(adjutant::ledger::sha256_hex(g.canonical()) ==
        "38265d6e48a4e63009b2527994f477a5457bf1a5e92db923150444c0a169db61");
}

TEST_CASE("the bot's version 2 game fights, and the check refuses none of its orders",
          "[chaos][fight][bot]") {
  auto r = chaos_meeting(0);
  auto gen = adjutant::bot::make_generator("chaos");
  adjutant::model::Scenario none;
  State g = r->initial_state();
  SeededDice seeded("a version 2 game");
  int fights = 0, refused = 0;
  while (!g.phase.empty()) {
    std::vector<adjutant::rules::SideOrders> orders;
    for (const auto& side : r->sides()) {
      adjutant::bot::Request req{*r, none, g, side, 3};
      auto o = gen->orders(req);
      refused += int(o.refused.size());
      o.body["side"] = side;
      orders.push_back({side, r->check(g, o.body, side)});
    }
    Json ev = r->adjudicate_phase(g, orders, seeded);
    fights += int(chaos_events_typed(ev, "fight_resolve").size());
    g = r->apply(g, ev);
  }
  CHECK(refused == 0);
  CHECK(fights > 0);
}

TEST_CASE(
    "tokens revealed in place of tests: RALLY TO THE STANDARD -2 on the most stressed regiment, "
    "HEROIC INSPIRATION -2 on the most stressed brigade (token.rally_to_the_standard, "
    "token.heroic_inspiration)",
    "[chaos][fight][token]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r, 3);
  auto st = chaos::table_state(s);
  st.brigades.at("stone").stress = 2;
  chaos::set_chaos(s, st);
  s.extra["tokens"]["union"] = Json::array({"rally_to_the_standard", "heroic_inspiration"});
  Json stone = kStoneFights;
  stone["tokens"] =
      Json::array({{{"token", "rally_to_the_standard"}}, {{"token", "heroic_inspiration"}}});
  // Initiative; dice-off 5-2; both fight dice 3 (no stress: the 149th 3,
  // the 2nd 1; Stone 3, Davis 1). The Union reveals RALLY (149th 3 -> 1);
  // the Confederates test the 149th (6+6 against 1 + 3); the Union reveals
  // HEROIC INSPIRATION (Stone 3 -> 1); the Confederates test their own 2nd
  // (6+6, +1 untested); both pass: neither withdrew, each brigade +1.
  FixedDice dice({4, 2, 5, 2, 3, 3, 6, 6, 6, 6});
  Json events = chaos_phase(*r, s, stone, Json::object(), dice);
  CHECK(dice.rolls().size() == 10);
  auto tokens = chaos_events_typed(events, "fight_token");
  REQUIRE(tokens.size() == 2);
  CHECK(tokens[0]["token"] == "rally_to_the_standard");
  CHECK(tokens[0]["rule"] == "token.rally_to_the_standard");
  CHECK(tokens[0]["units"][0]["regiment"] == "149pa");
  CHECK(tokens[0]["units"][0]["stress"] == 1);
  CHECK(tokens[1]["token"] == "heroic_inspiration");
  CHECK(tokens[1]["brigades"][0]["brigade"] == "stone");
  CHECK(tokens[1]["brigades"][0]["brigade_stress"] == 1);
  auto tests = chaos_events_typed(events, "fight_test");
  REQUIRE(tests.size() == 2);
  CHECK(tests[0]["unit"]["against"] == 4);
  CHECK(tests[1]["unit"]["regiment"] == "2ms");
  CHECK(tests[1]["unit"]["bonus"] == 1);  // its own, untested
  REQUIRE(chaos_events_typed(events, "fight_neither").size() == 1);
  State after = r->apply(s, events);
  auto end = chaos::table_state(after);
  CHECK(end.regiments.at("149pa").stress == 1);
  CHECK(end.brigades.at("stone").stress == 2);
  CHECK(end.brigades.at("davis").stress == 2);
  // Revealed tokens go back to the box.
  CHECK(chaos::held_tokens(after, "union").empty());
  // The enemy reads which token was revealed, not the regiment's name.
  std::string c = adjutant::ledger::canonical(r->visible_events(events, "confederate"));
  CHECK(c.find("rally_to_the_standard") != std::string::npos);
  CHECK(c.find("\"149pa\"") == std::string::npos);
}

TEST_CASE(
    "a battery in a lost fight: DOUBLE SHOT +3 on its target and a stress on 1-2; the battery "
    "fails its test and is destroyed (token.double_shot, fight.resolve, fight.artillery)",
    "[chaos][fight][token]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r, 4);
  auto st = chaos::table_state(s);
  // The 149th already fighting at 3.99"; Meredith's battery beside it at
  // (20.5", 51.5"), 3.27" from the 2nd's corner: one fight of three.
  st.regiments.at("149pa").at = Point{1500, 5025};
  auto& meredith = st.brigades.at("meredith");
  meredith.markers.clear();
  meredith.commander = Point{2050, 4900};
  st.regiments.at("4us-b").at = Point{2050, 5150};
  st.regiments.at("4us-b").facing = 0;
  chaos::set_chaos(s, st);
  s.extra["tokens"]["union"] = Json::array({"double_shot"});
  REQUIRE(chaos::group_fights(chaos::fighters(st, chaos::scenario_of(*r))) ==
          std::vector<std::vector<std::string>>{{"149pa", "2ms", "4us-b"}});
  Json u = {{"brigades", {{"meredith", {{"fire", {{"4us-b", "hold"}}}}}}},
            {"tokens", Json::array({{{"token", "double_shot"}}})}};
  // Initiative; dice-off 5-2; the 149th's die 3, the 2nd's 3; the battery
  // appoints the 2nd (+3); the battery's die 2 (a stress under DOUBLE
  // SHOT); the Union tests the 2nd (6+6 against 3 + 1: passes); the
  // Confederates test the 149th (1+2 against 4 + 1: fails, bends); the
  // battery tests (1+1 against 1 + 1: fails, destroyed); the token die.
  FixedDice dice({4, 2, 5, 2, 3, 3, 2, 6, 6, 1, 2, 1, 1, 5});
  Json events = chaos_phase(*r, s, u, Json::object(), dice);
  CHECK(dice.rolls().size() == 14);
  auto tokens = chaos_events_typed(events, "fight_token");
  REQUIRE(tokens.size() == 1);
  CHECK(tokens[0]["token"] == "double_shot");
  auto resolve = chaos_events_typed(events, "fight_resolve");
  REQUIRE(resolve.size() == 1);
  const Json& units = resolve[0]["units"];
  REQUIRE(units.size() == 4);
  CHECK(units[2]["cause"] == "battery");
  CHECK(units[2]["regiment"] == "2ms");
  CHECK(units[2]["amount"] == 3);
  CHECK(units[2]["stress"] == 3);
  CHECK(units[3]["cause"] == "battery_die");
  CHECK(units[3]["amount"] == 1);
  auto lost = chaos_events_typed(events, "fight_lose");
  REQUIRE(lost.size() == 1);
  REQUIRE(lost[0]["units"].size() == 1);
  CHECK(lost[0]["units"][0]["regiment"] == "4us-b");
  CHECK(lost[0]["units"][0]["rule"] == "fight.artillery");
  CHECK(lost[0]["units"][0]["destroyed"] == true);
  // Stone and Meredith +1 each (2 after resolving's +1), Davis 1 - 1.
  for (const auto& b : lost[0]["brigades"])
    CHECK(b["brigade_stress"] == (b["brigade"] == "davis" ? 0 : 2));
  auto end = chaos::table_state(r->apply(s, events));
  CHECK(end.regiments.at("4us-b").removed);
  CHECK(end.regiments.at("2ms").stress == 3);
  CHECK(*end.regiments.at("149pa").at == Point{1500, 4900});
}

TEST_CASE("check refuses tokens not held, unknown, or played in a way version 2 does not (token)",
          "[chaos][fight][token][check]") {
  auto r = chaos_meeting(2);
  State s = fight_table(*r);
  s.extra["tokens"]["union"] = Json::array({"outflank", "hot_pursuit"});
  auto one = [&](const Json& tokens) {
    Json body = {{"side", "union"}, {"tokens", tokens}};
    auto p = r->problems(s, body);
    REQUIRE(p.size() == 1);
    return p.front();
  };
  CHECK(one(Json::array({{{"token", "sniper"}}})).id == "chaos.token");
  CHECK(one(Json::array({{{"token", "outflank"}}, {{"token", "outflank"}}})).id == "chaos.token");
  CHECK(one(Json::array({{{"token", "bayonets"}}})).id == "chaos.token");
  auto p = one(Json::array({{{"token", "hot_pursuit"}, {"when", "after_failure"}}}));
  CHECK(p.id == "chaos.not_yet");
  CHECK(p.rule == "token.hot_pursuit");
  CHECK(one(Json::array({{{"token", "outflank"}, {"when", "after_failure"}}})).id ==
        "chaos.not_yet");
  CHECK(one(Json::array({{{"token", "outflank"}, {"fight_with", "davis"}}})).id ==
        "chaos.unknown_brigade");
  Json good = {{"side", "union"},
               {"tokens", Json::array({{{"token", "outflank"}, {"fight_with", "stone"}}})}};
  CHECK(r->problems(s, good).empty());
}

TEST_CASE(
    "TACTICAL BRILLIANCE +1 on every enemy brigade and doubles the side for WEIGHT OF NUMBERS: "
    "2 units counted 4 against 1, three stress on the lone enemy regiment "
    "(token.tactical_brilliance, token.weight_of_numbers)",
    "[chaos][fight][token]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r);
  auto st = chaos::table_state(s);
  st.regiments.at("149pa").at = Point{1500, 5025};
  st.regiments.at("149pa").stress = 1;
  st.regiments.at("2ms").stress = 1;
  auto& meredith = st.brigades.at("meredith");
  meredith.markers.clear();
  meredith.commander = Point{2050, 4900};
  st.regiments.at("4us-b").at = Point{2050, 5150};
  st.regiments.at("4us-b").facing = 0;
  chaos::set_chaos(s, st);
  s.extra["tokens"]["union"] = Json::array({"tactical_brilliance", "weight_of_numbers"});
  Json u = {{"brigades", {{"meredith", {{"fire", {{"4us-b", "hold"}}}}}}},
            {"tokens",
             Json::array({{{"token", "tactical_brilliance"}}, {{"token", "weight_of_numbers"}}})}};
  // Initiative; dice-off 5-2; the fight's dice 3 and 3 (no stress); the
  // battery appoints the 2nd (+2: 3); its own die 3. The Union reveals
  // TACTICAL BRILLIANCE (Davis 1 -> 2); the 149th is tested (6+6); the
  // Union reveals WEIGHT OF NUMBERS (2nd 3 -> 6, Davis 2 -> 3); the 2nd is
  // tested (6+6, +1); neither withdrew (every brigade +1).
  FixedDice dice({4, 2, 5, 2, 3, 3, 3, 6, 6, 6, 6});
  Json events = chaos_phase(*r, s, u, Json::object(), dice);
  CHECK(dice.rolls().size() == 11);
  auto tokens = chaos_events_typed(events, "fight_token");
  REQUIRE(tokens.size() == 2);
  CHECK(tokens[0]["token"] == "tactical_brilliance");
  REQUIRE(tokens[0]["brigades"].size() == 1);
  CHECK(tokens[0]["brigades"][0]["brigade"] == "davis");
  CHECK(tokens[0]["brigades"][0]["brigade_stress"] == 2);
  CHECK(tokens[1]["token"] == "weight_of_numbers");
  CHECK(tokens[1]["note"] == "union outnumbers confederate");
  REQUIRE(tokens[1]["units"].size() == 3);
  CHECK(tokens[1]["units"][2]["regiment"] == "2ms");
  CHECK(tokens[1]["units"][2]["stress"] == 6);
  CHECK(tokens[1]["brigades"][0]["brigade_stress"] == 3);
  auto neither = chaos_events_typed(events, "fight_neither");
  REQUIRE(neither.size() == 1);
  for (const auto& b : neither[0]["brigades"])
    if (b["brigade"] == "davis") CHECK(b["brigade_stress"] == 4);
  // The Union's brigades fell back beyond 8": every brigade of the fight,
  // unengaged and not moved, rests (rest: -1 each regiment, -1 the
  // brigade).
  std::set<std::string> rested;
  for (const auto& e : chaos_events_typed(events, "rest")) {
    CHECK(e["engaged"] == false);
    rested.insert(e["brigade"].get<std::string>());
  }
  CHECK(rested == std::set<std::string>{"davis", "meredith", "stone"});
  auto end = chaos::table_state(r->apply(s, events));
  CHECK(end.regiments.at("2ms").stress == 5);
  CHECK(end.brigades.at("davis").stress == 3);
}

TEST_CASE(
    "regiments in contact: +1 each on resolving; SEIZE THE STANDARD, BREAK THROUGH and TOOTH "
    "AND NAIL (token.seize_the_standard, token.break_through, token.tooth_and_nail)",
    "[chaos][fight][token]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r, 2);
  auto st = chaos::table_state(s);
  // The 149th's front (54.24" + 0.38") on the 2nd's (55" - 0.38"): contact.
  st.regiments.at("149pa").at = Point{1500, 5424};
  st.regiments.at("2ms").stress = 1;
  chaos::set_chaos(s, st);
  const auto& sc = chaos::scenario_of(*r);
  std::map<std::string, chaos::Fighter> by_id;
  for (const auto& f : chaos::fighters(st, sc)) by_id.emplace(f.id, f);
  REQUIRE(chaos::in_contact(by_id.at("149pa"), by_id.at("2ms")));
  s.extra["tokens"]["union"] = Json::array({"seize_the_standard", "tooth_and_nail"});
  s.extra["tokens"]["confederate"] = Json::array({"break_through"});
  Json u = {
      {"tokens", Json::array({{{"token", "seize_the_standard"}}, {{"token", "tooth_and_nail"}}})}};
  Json c = {{"tokens", Json::array({{{"token", "break_through"}}})}};
  // Initiative; dice-off 5-2; the fight's dice 3 and 3, +1 each in
  // contact (149th 3, 2nd 2). The Union seizes the standard (149th 2, 2nd
  // 3); the Confederates break through: the 2nd tests 5+4 against 3 + 1
  // and passes, the 149th 1+1 against 2 + 1 and fails (+3: 5); the Union's
  // TOOTH AND NAIL: a stand each, +2 each (149th 7, its seventh point
  // rolling 3 for its stands; 2nd 5). Then the 149th is tested (6+6
  // against 8) and the 2nd (6+6 against 6): neither withdrew.
  FixedDice dice({4, 2, 5, 2, 3, 3, 5, 4, 1, 1, 3, 6, 6, 6, 6});
  Json events = chaos_phase(*r, s, u, c, dice);
  CHECK(dice.rolls().size() == 15);
  auto resolve = chaos_events_typed(events, "fight_resolve");
  REQUIRE(resolve.size() == 1);
  CHECK(resolve[0]["units"][0]["contact"] == true);
  CHECK(resolve[0]["units"][0]["stress"] == 3);
  CHECK(resolve[0]["units"][1]["stress"] == 2);
  auto tokens = chaos_events_typed(events, "fight_token");
  REQUIRE(tokens.size() == 3);
  CHECK(tokens[0]["token"] == "seize_the_standard");
  CHECK(tokens[0]["units"][0]["stress"] == 2);
  CHECK(tokens[0]["units"][1]["stress"] == 3);
  CHECK(tokens[1]["token"] == "break_through");
  CHECK(tokens[1]["side"] == "confederate");
  REQUIRE(tokens[1]["units"].size() == 2);
  CHECK(tokens[1]["units"][0]["regiment"] == "2ms");
  CHECK(tokens[1]["units"][0]["passed"] == true);
  CHECK(tokens[1]["units"][1]["regiment"] == "149pa");
  CHECK(tokens[1]["units"][1]["passed"] == false);
  CHECK(tokens[1]["units"][1]["stress"] == 5);
  CHECK(tokens[2]["token"] == "tooth_and_nail");
  CHECK(tokens[2]["units"][0]["stands"] == 3);
  CHECK(tokens[2]["units"][0]["stress"] == 7);
  CHECK(tokens[2]["units"][1]["stands"] == 3);
  CHECK(tokens[2]["units"][1]["stress"] == 5);
  REQUIRE(chaos_events_typed(events, "fight_test").size() == 2);
  REQUIRE(chaos_events_typed(events, "fight_neither").size() == 1);
  State after = r->apply(s, events);
  CHECK(chaos::held_tokens(after, "union").empty());
  CHECK(chaos::held_tokens(after, "confederate").empty());
  CHECK(chaos::table_state(after).regiments.at("2ms").stands == 3);
}

TEST_CASE(
    "a fight the Confederates call: REFUSE FLANK stops the next OUTFLANK, OUTFLANK +2 on a "
    "narrower regiment in front, SNIPER stops HEROIC INSPIRATION (token.refuse_flank, "
    "token.outflank, token.sniper)",
    "[chaos][fight][token]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r);
  auto st = chaos::table_state(s);
  st.regiments.at("2ms").stands = 3;  // a 3" front against the 149th's 4"
  chaos::set_chaos(s, st);
  s.extra["tokens"]["union"] = Json::array({"outflank", "heroic_inspiration"});
  s.extra["tokens"]["confederate"] = Json::array({"refuse_flank", "sniper"});
  auto run = [&](const Json& union_tokens, const Json& confederate_tokens) {
    Json u = {{"tokens", union_tokens}};
    Json c = {{"brigades", {{"davis", {{"form_up", true}, {"fight", {{"regiment", "2ms"}}}}}}},
              {"tokens", confederate_tokens}};
    // Initiative; dice-off 2-5: the Confederates start the fight (the 2nd
    // one step south, 3.99"); both fight dice 3; every test 6+6.
    FixedDice dice({4, 2, 2, 5, 3, 3, 6, 6, 6, 6});
    Json events = chaos_phase(*r, s, u, c, dice);
    CHECK(dice.rolls().size() == 10);
    REQUIRE(chaos_events_typed(events, "fight_resolve").size() == 1);
    CHECK(chaos_events_typed(events, "fight_resolve")[0]["caller"] == "confederate");
    REQUIRE(chaos_events_typed(events, "fight_neither").size() == 1);
    return events;
  };
  SECTION("REFUSE FLANK first: the OUTFLANK has no effect") {
    Json events =
        run(Json::array({{{"token", "outflank"}}}), Json::array({{{"token", "refuse_flank"}}}));
    auto tokens = chaos_events_typed(events, "fight_token");
    REQUIRE(tokens.size() == 2);
    CHECK(tokens[0]["token"] == "refuse_flank");
    CHECK(tokens[1]["token"] == "outflank");
    CHECK(tokens[1]["note"] == "no effect: REFUSE FLANK");
    CHECK(tokens[1]["units"].empty());
  }
  SECTION("OUTFLANK alone: the 2nd, narrower and in front of the 149th, +2") {
    Json events = run(Json::array({{{"token", "outflank"}}}), Json::array());
    auto tokens = chaos_events_typed(events, "fight_token");
    REQUIRE(tokens.size() == 1);
    CHECK(token_stress(tokens[0]) == TokenStress{{"2ms", 3}});
  }
  SECTION("SNIPER first: HEROIC INSPIRATION has no effect") {
    Json events =
        run(Json::array({{{"token", "heroic_inspiration"}}}), Json::array({{{"token", "sniper"}}}));
    auto tokens = chaos_events_typed(events, "fight_token");
    REQUIRE(tokens.size() == 2);
    CHECK(tokens[1]["token"] == "heroic_inspiration");
    CHECK(tokens[1]["note"] == "no effect: SNIPER");
    CHECK(tokens[1]["brigades"].empty());
  }
}

TEST_CASE("LIKE A STONE WALL: the side's regiments hold the line at +3 (token.like_a_stone_wall)",
          "[chaos][fight][token]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r);
  s.extra["tokens"]["union"] = Json::array({"like_a_stone_wall"});
  Json stone = kStoneFights;
  stone["tokens"] = Json::array({{{"token", "like_a_stone_wall"}}});
  Json davis = {{"policies", {{"hold_the_line_below", 6}}}};
  // As in the lost fight above, but the Union reveals the token at its
  // first turn: the 149th's 1+2 now holds at +3 (6 > 3), the 2nd holds
  // (1+1+2 > 2), neither withdrew.
  FixedDice dice({4, 2, 5, 2, 5, 3, 1, 2, 1, 1});
  Json events = chaos_phase(*r, s, stone, davis, dice);
  CHECK(dice.rolls().size() == 10);
  auto tests = chaos_events_typed(events, "fight_test");
  REQUIRE(tests.size() == 2);
  CHECK(tests[0]["unit"]["regiment"] == "149pa");
  CHECK(tests[0]["unit"]["choice"] == "hold");
  CHECK(tests[0]["unit"]["bonus"] == 3);
  CHECK(tests[0]["unit"]["passed"] == true);
  CHECK(tests[1]["unit"]["regiment"] == "2ms");
  CHECK(tests[1]["unit"]["passed"] == true);
  CHECK(chaos_events_typed(events, "fight_lose").empty());
  REQUIRE(chaos_events_typed(events, "fight_neither").size() == 1);
}

TEST_CASE(
    "REINFORCE THE LINE: a fighting regiment with another of its arm behind it within 2\" passes "
    "2 stress to it (token.reinforce_the_line)",
    "[chaos][fight][token]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r, 3);
  auto st = chaos::table_state(s);
  st.regiments.at("149pa").at = Point{1500, 5025};  // fighting: 3.99"
  st.regiments.at("143pa").at = Point{1500, 4900};  // 0.49" behind it
  st.regiments.at("143pa").facing = 0;
  chaos::set_chaos(s, st);
  s.extra["tokens"]["union"] = Json::array({"reinforce_the_line"});
  Json u = {{"tokens", Json::array({{{"token", "reinforce_the_line"}}})}};
  // Initiative; dice-off 5-2 (the Union selects the fight); both fight
  // dice 3; the token: the 149th 3 -> 1, the 143rd 0 -> 2; tests 6+6.
  FixedDice dice({4, 2, 5, 2, 3, 3, 6, 6, 6, 6});
  Json events = chaos_phase(*r, s, u, Json::object(), dice);
  CHECK(dice.rolls().size() == 10);
  auto tokens = chaos_events_typed(events, "fight_token");
  REQUIRE(tokens.size() == 1);
  CHECK(token_stress(tokens[0]) == TokenStress{{"149pa", 1}, {"143pa", 2}});
  REQUIRE(chaos_events_typed(events, "fight_neither").size() == 1);
}

TEST_CASE(
    "a fight order that cannot be carried out is an action spent, read by its own side only "
    "(fight.initiate)",
    "[chaos][fight]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r);
  auto st = chaos::table_state(s);
  st.regiments.at("149pa").at = Point{1500, 5025};  // fighting already
  chaos::set_chaos(s, st);
  // Initiative; dice-off 5-2: the Union's order is blocked; the
  // Confederates select the fight and call it; dice 3 and 3; tests 6+6.
  FixedDice dice({4, 2, 5, 2, 3, 3, 6, 6, 6, 6});
  Json events = chaos_phase(*r, s, kStoneFights, Json::object(), dice);
  CHECK(dice.rolls().size() == 10);
  auto blocked = chaos_events_typed(events, "fight_blocked");
  REQUIRE(blocked.size() == 1);
  CHECK(blocked[0]["reason"] == "the regiment is already fighting");
  CHECK(chaos_events_typed(events, "fight_resolve").at(0)["caller"] == "confederate");
  std::string c = adjutant::ledger::canonical(r->visible_events(events, "confederate"));
  CHECK(c.find("fight_blocked") == std::string::npos);
  std::string u = adjutant::ledger::canonical(r->visible_events(events, "union"));
  CHECK(u.find("fight_blocked") != std::string::npos);
}

TEST_CASE(
    "COUNTER CHARGE: a fighting regiment advances into contact, +1 to each unit newly in contact "
    "(token.counter_charge)",
    "[chaos][fight][token]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r);
  auto st = chaos::table_state(s);
  st.regiments.at("149pa").at = Point{1500, 5025};  // fighting: 3.99"
  chaos::set_chaos(s, st);
  s.extra["tokens"]["union"] = Json::array({"counter_charge"});
  Json u = {{"tokens", Json::array({{{"token", "counter_charge"}}})}};
  // Initiative; dice-off 5-2; both fight dice 3; the 149th charges 3.99"
  // north, its front (54.24" + 0.38") on the 2nd's (55" - 0.38"); +1
  // each; tests 6+6.
  FixedDice dice({4, 2, 5, 2, 3, 3, 6, 6, 6, 6});
  Json events = chaos_phase(*r, s, u, Json::object(), dice);
  CHECK(dice.rolls().size() == 10);
  auto tokens = chaos_events_typed(events, "fight_token");
  REQUIRE(tokens.size() == 1);
  REQUIRE(tokens[0]["units"].size() == 2);
  CHECK(tokens[0]["units"][0]["regiment"] == "149pa");
  CHECK(tokens[0]["units"][0]["to"] == Json::array({1500, 5424}));
  CHECK(tokens[0]["units"][0]["stress"] == 1);
  CHECK(tokens[0]["units"][1]["regiment"] == "2ms");
  CHECK(tokens[0]["units"][1]["stress"] == 1);
  // The state between the token and the tests holds the contact.
  Json upto = Json::array();
  for (const auto& e : events) {
    upto.push_back(e);
    if (e["type"] == "fight_token") break;
  }
  auto mid = chaos::table_state(r->apply(s, upto));
  const auto& sc = chaos::scenario_of(*r);
  CHECK(chaos::touch(chaos::outline(chaos::regiment_body(sc, mid, "149pa")),
                     chaos::outline(chaos::regiment_body(sc, mid, "2ms"))));
  REQUIRE(chaos_events_typed(events, "fight_neither").size() == 1);
}

TEST_CASE(
    "CAVALRY SUPPORT: the nearest cavalry regiment not fighting charges into the fight: +2 to "
    "it, +2 to the enemy regiment, +1 to that brigade (token.cavalry_support)",
    "[chaos][fight][token]") {
  auto r = chaos_meeting(0);
  const auto& sc = chaos::scenario_of(*r);
  State s = cavalry_support_table(*r, false);
  const Json& u = kCavalrySupport;
  // Initiative; dice-off 5-2; both fight dice 3; the charge; the 8th
  // (2 + Gamble's 0) is tested first by the Confederates, then the 2nd
  // (2 + Davis's 2), then the 149th: all 6+6.
  FixedDice dice({4, 2, 5, 2, 3, 3, 6, 6, 6, 6, 6, 6});
  Json events = chaos_phase(*r, s, u, Json::object(), dice);
  CHECK(dice.rolls().size() == 12);
  auto tokens = chaos_events_typed(events, "fight_token");
  REQUIRE(tokens.size() == 1);
  CHECK(token_stress(tokens[0]) == TokenStress{{"8il-cav", 2}, {"2ms", 2}});
  REQUIRE(tokens[0]["brigades"].size() == 1);
  CHECK(tokens[0]["brigades"][0]["brigade"] == "davis");
  CHECK(tokens[0]["brigades"][0]["brigade_stress"] == 2);
  Json upto = Json::array();
  for (const auto& e : events) {
    upto.push_back(e);
    if (e["type"] == "fight_token") break;
  }
  auto mid = chaos::table_state(r->apply(s, upto));
  CHECK(chaos::touch(chaos::outline(chaos::regiment_body(sc, mid, "8il-cav")),
                     chaos::outline(chaos::regiment_body(sc, mid, "2ms"))));
  auto tests = chaos_events_typed(events, "fight_test");
  REQUIRE(tests.size() == 3);
  CHECK(tests[0]["unit"]["regiment"] == "8il-cav");
  CHECK(tests[1]["unit"]["regiment"] == "2ms");
  CHECK(tests[1]["unit"]["against"] == 4);
  CHECK(tests[2]["unit"]["regiment"] == "149pa");
}

TEST_CASE(
    "CAVALRY SUPPORT passes over a dismounted cavalry regiment: only mounted cavalry charges "
    "(token.cavalry_support, version 3)",
    "[chaos][fight][token][limber]") {
  auto r = chaos_meeting(3);
  // The same table as above, but the 8th Illinois fights on foot.
  State s = cavalry_support_table(*r, true);
  const Json& u = kCavalrySupport;
  FixedDice dice({4, 2, 5, 2, 3, 3, 6, 6, 6, 6, 6, 6, 6, 6});
  Json events = chaos_phase(*r, s, u, Json::object(), dice);
  auto tokens = chaos_events_typed(events, "fight_token");
  REQUIRE(tokens.size() == 1);
  // The 8th was the only cavalry near enough: the token has no effect.
  CHECK(tokens[0]["units"].empty());
  CHECK(tokens[0]["note"] == "no effect: no cavalry regiment could reach the fight");
  for (const auto& t : chaos_events_typed(events, "fight_test"))
    CHECK(t["unit"]["regiment"] != "8il-cav");
  auto after = chaos::table_state(r->apply(s, events));
  CHECK(after.regiments.at("8il-cav").at == Point{2300, 5000});
}

TEST_CASE(
    "the Union wins a fight and draws a REBEL YELL: thrown back, two drawn in its place "
    "(fight.lose, token.rebel_yell)",
    "[chaos][fight][token]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r);
  // Initiative; dice-off 5-2; the 149th's die 3 (1), the 2nd's 5 (2); the
  // Union tests the 2nd: 1+2 against 2 + 1 fails, it bends; the 149th, not
  // tested, -1. The d34's 17 is the first REBEL YELL (the 17th token); it
  // goes back to the end of the tin and a d34 and a d33 of 1 draw the two
  // OUTFLANKs.
  FixedDice dice({4, 2, 5, 2, 3, 5, 1, 2, 17, 1, 1});
  Json events = chaos_phase(*r, s, kStoneFights, Json::object(), dice);
  CHECK(dice.rolls().size() == 11);
  auto lost = chaos_events_typed(events, "fight_lose");
  REQUIRE(lost.size() == 1);
  CHECK(lost[0]["side"] == "confederate");
  auto drawn = chaos_events_typed(events, "tokens_drawn");
  REQUIRE(drawn.size() == 2);
  CHECK(drawn[0]["tokens"] == Json::array({"rebel_yell"}));
  CHECK(drawn[1]["tokens"] == Json::array({"outflank", "outflank"}));
  CHECK(drawn[1]["rule"] == "token.rebel_yell");
  REQUIRE(chaos_events_typed(events, "tokens_returned").size() == 1);
  State after = r->apply(s, events);
  CHECK(chaos::held_tokens(after, "union") == std::vector<std::string>{"outflank", "outflank"});
  CHECK(after.extra["tin"].size() == 32);
  CHECK(after.extra["tin"].back() == "rebel_yell");
  auto st = chaos::table_state(after);
  CHECK(st.regiments.at("149pa").stress == 0);
  CHECK(*st.regiments.at("2ms").at == Point{1500, 5625});
  // The Confederates read none of it but that the Union drew.
  std::string c = adjutant::ledger::canonical(r->visible_events(events, "confederate"));
  CHECK(c.find("outflank") == std::string::npos);
  CHECK(c.find("tokens_returned") == std::string::npos);
}

TEST_CASE(
    "REBEL YELL revealed: +1 to the contacted Union regiment, -1 to the contacting Confederate "
    "one (token.rebel_yell)",
    "[chaos][fight][token]") {
  auto r = chaos_meeting(0);
  State s = fight_table(*r);
  auto st = chaos::table_state(s);
  st.regiments.at("149pa").at = Point{1500, 5424};  // in contact
  chaos::set_chaos(s, st);
  s.extra["tokens"]["confederate"] = Json::array({"rebel_yell"});
  Json c = {{"tokens", Json::array({{{"token", "rebel_yell"}}})}};
  // Initiative; dice-off 5-2; both dice 3, +1 in contact (1 each); the
  // Union tests the 2nd (6+6); the Confederates yell (149th 2, 2nd 0); the
  // Union tests its own 149th (6+6); neither withdrew.
  FixedDice dice({4, 2, 5, 2, 3, 3, 6, 6, 6, 6});
  Json events = chaos_phase(*r, s, Json::object(), c, dice);
  CHECK(dice.rolls().size() == 10);
  auto tokens = chaos_events_typed(events, "fight_token");
  REQUIRE(tokens.size() == 1);
  CHECK(token_stress(tokens[0]) == TokenStress{{"149pa", 2}, {"2ms", 0}});
  REQUIRE(chaos_events_typed(events, "fight_neither").size() == 1);
}

TEST_CASE(
    "HOT PURSUIT: the winner closes up short of 4\", then its least stressed regiment tests and "
    "moves into fighting range (token.hot_pursuit)",
    "[chaos][fight][token]") {
  auto r = chaos_meeting(0);
  const auto& sc = chaos::scenario_of(*r);
  State s = fight_table(*r, 3);
  s.extra["tokens"]["confederate"] = Json::array({"hot_pursuit"});
  Json davis = {{"policies", {{"hold_the_line_below", 6}}},
                {"tokens", Json::array({{{"token", "hot_pursuit"}}})}};
  // Initiative; dice-off 5-2 (the Union starts the fight); dice 5 (the
  // 149th 4) and 3 (the 2nd 1); the Union tests the 2nd (1+1+2 > 2); the
  // Confederates reveal HOT PURSUIT; the Union tests its own 149th (1+1,
  // +2 unreliable: 4 against 4 + 1) and fails: it bends to 5.24". The
  // victors' token (d34: 5). Davis pursues: four quarter-inch steps bring
  // the 2nd to 4.24" (a fifth would be 3.99"); the 2nd tests (3+4 against
  // 1 + 0) and moves one step more, into fighting range.
  FixedDice dice({4, 2, 5, 2, 5, 3, 1, 1, 1, 1, 5, 3, 4});
  Json events = chaos_phase(*r, s, kStoneFights, davis, dice);
  CHECK(dice.rolls().size() == 13);
  REQUIRE(chaos_events_typed(events, "fight_lose").size() == 1);
  auto pursuit = chaos_events_typed(events, "fight_pursuit");
  REQUIRE(pursuit.size() == 1);
  CHECK(pursuit[0]["side"] == "confederate");
  REQUIRE(pursuit[0]["commanders"].size() == 1);
  CHECK(pursuit[0]["commanders"][0]["to"] == Json::array({1500, 5700}));
  const Json& units = pursuit[0]["units"];
  REQUIRE(units.size() == 2);
  CHECK(units[0]["to"] == Json::array({1500, 5400}));
  CHECK(units[1]["passed"] == true);
  CHECK(units[1]["to"] == Json::array({1500, 5375}));
  auto st = chaos::table_state(r->apply(s, events));
  CHECK(*st.regiments.at("2ms").at == Point{1500, 5375});
  CHECK(*st.brigades.at("davis").commander == Point{1500, 5700});
  CHECK(chaos::fighting(chaos::fighters(st, sc)) == std::vector<std::string>{"149pa", "2ms"});
}
