// Limbering and mounting, chaos version 3 (docs/rules/chaos.md "What
// version 3 adjudicates"): the state's flags (written only when set), the
// maneuver that limbers, unlimbers, mounts or dismounts
// (engagement.maneuver), artillery fire by unlimbered batteries only
// (engagement.artillery), the withdrawal that limbers and mounts and its
// stress (engagement.withdraw), the outcomes of a lost fight for limbered
// and unlimbered batteries (fight.artillery) and dismounted cavalry
// (fight.cavalry), and the refusals of the check.
#include <string>

#include <catch2/catch.hpp>

#include "bot/bot.h"
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
using adjutant::testing::chaos_phase;
using chaos::Point;

namespace {

// Turn 2 (day), tokens drawn. Stone's 149th Pennsylvania faces north at
// (15", 50"), Davis's 2nd Mississippi faces south at (15", 55"): fronts
// 4.25" apart, engaged, not fighting. Every other regiment of Stone, Davis,
// Meredith and Gamble is off the table; Meredith's and Gamble's commanders
// stand at `meredith` and `gamble` when given.
State table(const adjutant::rules::Ruleset& r) {
  return adjutant::testing::chaos_prepared_at(r, 2, [](chaos::ChaosState& st) {
    adjutant::testing::stone_meets_davis(st, 5000);
    for (const char* b : {"meredith", "gamble"}) {
      st.brigades.at(b).markers.clear();
      st.brigades.at(b).commander.reset();
    }
    for (auto& [id, reg] : st.regiments)
      if (reg.brigade == "meredith" || reg.brigade == "gamble") reg.at.reset();
  });
}

// Meredith's 4th US battery B at (20", 50") facing north, its commander at
// (20", 47"): 4.25" from the 2nd's corner, engaged, not fighting.
State with_battery(const adjutant::rules::Ruleset& r, bool limbered) {
  State s = table(r);
  auto st = chaos::table_state(s);
  st.brigades.at("meredith").commander = Point{2000, 4700};
  st.regiments.at("4us-b").at = Point{2000, 5000};
  st.regiments.at("4us-b").facing = 0;
  st.regiments.at("4us-b").limbered = limbered;
  chaos::set_chaos(s, st);
  return s;
}

std::vector<adjutant::rules::OrderProblem> problems(const adjutant::rules::Ruleset& r,
                                                    const State& s, Json body) {
  body["side"] = "union";
  return r.problems(s, body);
}

}  // namespace

TEST_CASE("the state writes limbered and dismounted only when set (state)",
          "[chaos][limber][state]") {
  auto r = chaos_meeting(3);
  auto st = chaos::table_state(r->initial_state());
  Json plain = chaos::to_json(st);
  CHECK_FALSE(plain["regiments"]["4us-b"].contains("limbered"));
  CHECK_FALSE(plain["regiments"]["8il-cav"].contains("dismounted"));
  st.regiments.at("4us-b").limbered = true;
  st.regiments.at("8il-cav").dismounted = true;
  Json set = chaos::to_json(st);
  CHECK(set["regiments"]["4us-b"]["limbered"] == true);
  CHECK(set["regiments"]["8il-cav"]["dismounted"] == true);
  auto back = chaos::state_from_json(set);
  CHECK(back.regiments.at("4us-b").limbered);
  CHECK(back.regiments.at("8il-cav").dismounted);
  CHECK_FALSE(back.regiments.at("12il-cav").dismounted);
  CHECK(chaos::to_json(back) == set);
}

TEST_CASE(
    "a limbered battery holds its fire; unlimbered where it stands in a maneuver, it fires "
    "(engagement.artillery, engagement.maneuver)",
    "[chaos][limber]") {
  auto r = chaos_meeting(3);
  SECTION("limbered: the initiative is the only die") {
    State s = with_battery(*r, true);
    FixedDice dice({4, 2});
    Json events = chaos_phase(*r, s, Json::object(), Json::object(), dice);
    CHECK(dice.rolls().size() == 2);
    CHECK(chaos_events_typed(events, "artillery_fire").empty());
  }
  SECTION("unlimbered in the maneuver: it did not move, so it fires") {
    State s = with_battery(*r, true);
    Json u = {
        {"brigades",
         {{"meredith",
           {{"maneuver",
             {{"commander", {2000, 4700}}, {"regiments", {{"4us-b", {{"limber", false}}}}}}}}}}}};
    // Initiative 4-2; the battery's two guns roll 3 and 1: the 2nd in the
    // open needs 3, so one hit; the natural 1 is a stress on the battery.
    FixedDice dice({4, 2, 3, 1});
    Json events = chaos_phase(*r, s, u, Json::object(), dice);
    CHECK(dice.rolls().size() == 4);
    auto m = chaos_events_typed(events, "maneuver");
    REQUIRE(m.size() == 1);
    CHECK_FALSE(m[0]["regiments"]["4us-b"].contains("limbered"));
    auto fire = chaos_events_typed(events, "artillery_fire");
    REQUIRE(fire.size() == 1);
    CHECK(fire[0]["battery"] == "4us-b");
    CHECK(fire[0]["target"] == "2ms");
    CHECK(fire[0]["needs"] == 3);
    CHECK(fire[0]["hits"] == 1);
    CHECK(fire[0]["self_stress"] == 1);
    auto end = chaos::table_state(r->apply(s, events));
    CHECK_FALSE(end.regiments.at("4us-b").limbered);
    CHECK(end.regiments.at("2ms").stress == 1);
    CHECK(end.regiments.at("4us-b").stress == 1);
  }
  SECTION("limbered in the maneuver and moved: it does not fire") {
    State s = with_battery(*r, false);
    Json u = {{"brigades",
               {{"meredith",
                 {{"maneuver",
                   {{"commander", {2000, 4700}},
                    {"regiments", {{"4us-b", {{"at", {2050, 5050}}, {"limber", true}}}}}}}}}}}};
    // The battery, moved to (20.5", 50.5"), is 4.06" from the 2nd: the
    // maneuver stands (one regiment within 5", none within 4").
    FixedDice dice({4, 2});
    Json events = chaos_phase(*r, s, u, Json::object(), dice);
    CHECK(dice.rolls().size() == 2);
    CHECK(chaos_events_typed(events, "artillery_fire").empty());
    auto m = chaos_events_typed(events, "maneuver");
    REQUIRE(m.size() == 1);
    CHECK(m[0]["regiments"]["4us-b"]["limbered"] == true);
    auto end = chaos::table_state(r->apply(s, events));
    CHECK(end.regiments.at("4us-b").limbered);
    CHECK(*end.regiments.at("4us-b").at == Point{2050, 5050});
  }
}

TEST_CASE(
    "check refuses limbering and mounting the text does not allow (chaos.limber, chaos.mount)",
    "[chaos][limber][check]") {
  auto r = chaos_meeting(3);
  State s = with_battery(*r, false);
  auto maneuver = [](Json regiments) {
    return Json{
        {"brigades",
         {{"meredith", {{"maneuver", {{"commander", {2000, 4700}}, {"regiments", regiments}}}}}}}};
  };
  // A battery moves only limbered.
  auto p = problems(*r, s, maneuver({{"4us-b", {{"at", {2100, 4950}}}}}));
  REQUIRE(p.size() == 1);
  CHECK(p[0].id == "chaos.limber");
  CHECK(p[0].unit == "meredith");
  CHECK(p[0].rule == "engagement.maneuver");
  CHECK(p[0].message.find("4us-b") != std::string::npos);
  CHECK(problems(*r, s, maneuver({{"4us-b", {{"at", {2100, 4950}}, {"limber", true}}}})).empty());
  // Turning on its centre is not moving.
  CHECK(problems(*r, s, maneuver({{"4us-b", {{"at", {2000, 5000}}, {"facing", 10}}}})).empty());
  // Only batteries limber, only cavalry mounts.
  State t = table(*r);
  Json stone_limbers = {
      {"brigades",
       {{"stone",
         {{"maneuver",
           {{"commander", {1500, 4700}}, {"regiments", {{"149pa", {{"limber", true}}}}}}}}}}}};
  p = problems(*r, t, stone_limbers);
  REQUIRE(p.size() == 1);
  CHECK(p[0].id == "chaos.limber");
  CHECK(p[0].unit == "stone");
  Json stone_mounts = stone_limbers;
  stone_mounts["brigades"]["stone"]["maneuver"]["regiments"]["149pa"] = {{"mount", false}};
  p = problems(*r, t, stone_mounts);
  REQUIRE(p.size() == 1);
  CHECK(p[0].id == "chaos.mount");
  // A withdrawing battery must limber.
  Json stays = {
      {"brigades",
       {{"meredith", {{"withdraw", {{"regiments", {{"4us-b", {{"limber", false}}}}}}}}}}}};
  p = problems(*r, s, stays);
  REQUIRE(p.size() == 1);
  CHECK(p[0].id == "chaos.limber");
  CHECK(p[0].rule == "engagement.withdraw");
  // Version 2 reads no withdraw object, and passes over limber in a
  // maneuver as it always did.
  auto v2 = chaos_meeting(2);
  State s2 = with_battery(*v2, false);
  p = problems(*v2, s2, stays);
  REQUIRE(p.size() == 1);
  CHECK(p[0].id == "orders.wrong_type");
  CHECK(problems(*v2, s2, maneuver({{"4us-b", {{"at", {2000, 5000}}, {"limber", true}}}})).empty());
}

TEST_CASE(
    "a withdrawal limbers the batteries and mounts the cavalry; its stress spares mounted cavalry "
    "and limbered guns (engagement.withdraw)",
    "[chaos][limber][withdraw]") {
  auto r = chaos_meeting(3);
  // Gamble's 8th Illinois faces north at (40", 50"), its commander at
  // (40", 47"); Davis's 11th Mississippi faces south at (40", 56"): 4.875"
  // apart, engaged. The 2nd US battery A beside the 8th at (45", 50").
  auto gamble_table = [&](bool dismounted, bool battery, bool limbered) {
    State s = table(*r);
    auto st = chaos::table_state(s);
    st.brigades.at("gamble").commander = Point{4000, 4700};
    st.regiments.at("8il-cav").at = Point{4000, 5000};
    st.regiments.at("8il-cav").dismounted = dismounted;
    st.regiments.at("11ms").at = Point{4000, 5600};
    st.regiments.at("11ms").facing = 180;
    if (battery) {
      st.regiments.at("2us-a").at = Point{4500, 5000};
      st.regiments.at("2us-a").limbered = limbered;
    }
    chaos::set_chaos(s, st);
    return s;
  };
  auto withdraw = [&](const State& s, const Json& order) {
    FixedDice dice({4, 2});
    Json events = chaos_phase(*r, s, {{"brigades", {{"gamble", {{"withdraw", order}}}}}},
                              Json::object(), dice);
    CHECK(dice.rolls().size() == 2);
    REQUIRE(chaos_events_typed(events, "withdraw").size() == 1);
    int stress = 0;
    for (const auto& e : chaos_events_typed(events, "stress"))
      if (e["brigade"] == "gamble") stress += e["amount"].get<int>();
    return std::make_pair(stress, chaos::table_state(r->apply(s, events)));
  };
  SECTION("mounted cavalry and a limbered battery: no stress") {
    auto [stress, end] = withdraw(gamble_table(false, true, true), true);
    CHECK(stress == 0);
    CHECK(end.regiments.at("2us-a").limbered);
  }
  SECTION("an unlimbered battery costs 1 and limbers") {
    auto [stress, end] = withdraw(gamble_table(false, true, false), true);
    CHECK(stress == 1);
    CHECK(end.regiments.at("2us-a").limbered);
    CHECK(end.brigades.at("gamble").stress == 1);
  }
  SECTION("dismounted cavalry costs 1 and mounts by default") {
    auto [stress, end] = withdraw(gamble_table(true, false, false), true);
    CHECK(stress == 1);
    CHECK_FALSE(end.regiments.at("8il-cav").dismounted);
  }
  SECTION("dismounted cavalry kept dismounted by the order") {
    auto [stress, end] = withdraw(gamble_table(true, false, false),
                                  {{"regiments", {{"8il-cav", {{"mount", false}}}}}});
    CHECK(stress == 1);
    CHECK(end.regiments.at("8il-cav").dismounted);
  }
}

TEST_CASE(
    "a lost fight: a limbered battery moves back with no test; an unlimbered one that passes "
    "limbers (fight.artillery)",
    "[chaos][limber][fight]") {
  auto r = chaos_meeting(3);
  // The 149th (stress 4) already fighting at 3.99" from the 2nd;
  // Meredith's battery at (20.5", 51.5"), 3.27" from the 2nd's corner: one
  // fight of three (rules_chaos_fight_test.cpp, DOUBLE SHOT).
  auto lost_fight = [&](bool limbered) {
    State s = table(*r);
    auto st = chaos::table_state(s);
    st.regiments.at("149pa").at = Point{1500, 5025};
    st.regiments.at("149pa").stress = 4;
    st.brigades.at("meredith").commander = Point{2050, 4900};
    st.regiments.at("4us-b").at = Point{2050, 5150};
    st.regiments.at("4us-b").limbered = limbered;
    chaos::set_chaos(s, st);
    return s;
  };
  SECTION("limbered") {
    State s = lost_fight(true);
    // Initiative 4-2 (the limbered battery does not fire); dice-off 5-2;
    // the 149th's die 3, the 2nd's 3 (no stress); the battery appoints the
    // 2nd (+2); its own die 2 (no stress). The Union tests the 2nd (hold:
    // 6+6+2 against 2 + 1, passes); the Confederates test the 149th (bend:
    // 1+2 against 4 + 1, fails). The battery moves back with no test; the
    // token die.
    FixedDice dice({4, 2, 5, 2, 3, 3, 2, 6, 6, 1, 2, 5});
    Json events = chaos_phase(*r, s, Json::object(), Json::object(), dice);
    CHECK(dice.rolls().size() == 12);
    auto lost = chaos_events_typed(events, "fight_lose");
    REQUIRE(lost.size() == 1);
    REQUIRE(lost[0]["units"].size() >= 1);
    const Json& bat = lost[0]["units"][0];
    CHECK(bat["regiment"] == "4us-b");
    CHECK(bat["rule"] == "fight.artillery");
    CHECK_FALSE(bat.contains("test"));
    CHECK(bat["limbered"] == true);
    auto end = chaos::table_state(r->apply(s, events));
    CHECK_FALSE(end.regiments.at("4us-b").removed);
    CHECK(end.regiments.at("4us-b").limbered);
    // Not tested: +1 stress as it falls back.
    CHECK(end.regiments.at("4us-b").stress == 1);
  }
  SECTION("unlimbered: passes its test and limbers") {
    State s = lost_fight(false);
    // As above, but the battery fires first at the 2nd: 2 and 2 (the
    // Union's initiative; no hits, no 1s); then its test 6+5 against 0 + 1
    // (Meredith's stress after resolving) passes.
    FixedDice dice({4, 2, 2, 2, 5, 2, 3, 3, 2, 6, 6, 1, 2, 6, 5, 5});
    Json events = chaos_phase(*r, s, Json::object(), Json::object(), dice);
    CHECK(dice.rolls().size() == 16);
    auto lost = chaos_events_typed(events, "fight_lose");
    REQUIRE(lost.size() == 1);
    const Json& bat = lost[0]["units"][0];
    CHECK(bat["regiment"] == "4us-b");
    CHECK(bat["test"]["roll"] == 11);
    CHECK(bat["test"]["against"] == 1);
    CHECK(bat["test"]["passed"] == true);
    CHECK(bat["limbered"] == true);
    auto end = chaos::table_state(r->apply(s, events));
    CHECK(end.regiments.at("4us-b").limbered);
  }
}

TEST_CASE(
    "a lost fight: dismounted cavalry tests; success mounts, failure withdraws dismounted "
    "(fight.cavalry)",
    "[chaos][limber][fight]") {
  auto r = chaos_meeting(3);
  // Gamble's 8th Illinois (stress 4) at (15", 50.25") and 12th Illinois
  // (stress 3, dismounted) at (19.5", 50.25"), both facing north, 3.625"
  // and 3.66" from the 2nd Mississippi: one fight. Stone's 149th is off.
  State s = table(*r);
  auto st = chaos::table_state(s);
  st.regiments.at("149pa").at.reset();
  st.brigades.at("gamble").commander = Point{1700, 4750};
  st.regiments.at("8il-cav").at = Point{1500, 5025};
  st.regiments.at("8il-cav").stress = 4;
  st.regiments.at("12il-cav").at = Point{1950, 5025};
  st.regiments.at("12il-cav").stress = 3;
  st.regiments.at("12il-cav").dismounted = true;
  chaos::set_chaos(s, st);
  REQUIRE(chaos::group_fights(chaos::fighters(st, chaos::scenario_of(*r))) ==
          std::vector<std::vector<std::string>>{{"12il-cav", "2ms", "8il-cav"}});
  // Initiative 4-2; dice-off 5-2; the dice of the 12th, the 8th, the 2nd:
  // 3, 3, 3 (no stress); Gamble and Davis +1. The Union tests the 2nd (hold:
  // 6+6+2 against 0 + 1, passes); the Confederates test the most stressed,
  // the 8th (bend: 1+2 against 4 + 1, fails). The 12th, dismounted, tests
  // against 3 + 1; then the token die.
  SECTION("success: mounts and withdraws") {
    FixedDice dice({4, 2, 5, 2, 3, 3, 3, 6, 6, 1, 2, 3, 4, 5});
    Json events = chaos_phase(*r, s, Json::object(), Json::object(), dice);
    CHECK(dice.rolls().size() == 14);
    auto lost = chaos_events_typed(events, "fight_lose");
    REQUIRE(lost.size() == 1);
    const Json& cav = lost[0]["units"][0];
    CHECK(cav["regiment"] == "12il-cav");
    CHECK(cav["rule"] == "fight.cavalry");
    CHECK(cav["test"]["roll"] == 7);
    CHECK(cav["test"]["against"] == 4);
    CHECK(cav["test"]["passed"] == true);
    CHECK_FALSE(cav.contains("dismounted"));
    auto end = chaos::table_state(r->apply(s, events));
    CHECK_FALSE(end.regiments.at("12il-cav").dismounted);
    CHECK(end.regiments.at("12il-cav").stress == 4);
  }
  SECTION("failure: withdraws dismounted") {
    FixedDice dice({4, 2, 5, 2, 3, 3, 3, 6, 6, 1, 2, 1, 2, 5});
    Json events = chaos_phase(*r, s, Json::object(), Json::object(), dice);
    CHECK(dice.rolls().size() == 14);
    auto lost = chaos_events_typed(events, "fight_lose");
    REQUIRE(lost.size() == 1);
    const Json& cav = lost[0]["units"][0];
    CHECK(cav["test"]["roll"] == 3);
    CHECK(cav["test"]["passed"] == false);
    CHECK(cav["dismounted"] == true);
    CHECK(cav.contains("to"));
    auto end = chaos::table_state(r->apply(s, events));
    CHECK(end.regiments.at("12il-cav").dismounted);
    CHECK_FALSE(end.regiments.at("12il-cav").removed);
  }
}

TEST_CASE(
    "the bot unlimbers an engaged battery in place, and limbers it one stress short of "
    "withdrawing (engagement.maneuver)",
    "[chaos][limber][bot]") {
  auto r = chaos_meeting(3);
  auto gen = adjutant::bot::make_generator("chaos");
  adjutant::model::Scenario none;
  auto order_for = [&](const State& s) {
    adjutant::bot::Request req{*r, none, s, "union", 3};
    auto o = gen->orders(req);
    CHECK(o.refused.empty());
    return o.body["brigades"].value("meredith", Json::object());
  };
  Json unlimber = order_for(with_battery(*r, true));
  REQUIRE(unlimber.contains("maneuver"));
  CHECK(unlimber["maneuver"]["commander"] == Json::array({2000, 4700}));
  CHECK(unlimber["maneuver"]["regiments"] == Json::parse(R"({"4us-b": {"limber": false}})"));
  State worn = with_battery(*r, false);
  auto st = chaos::table_state(worn);
  st.brigades.at("meredith").stress = 2;
  chaos::set_chaos(worn, st);
  Json limber = order_for(worn);
  REQUIRE(limber.contains("maneuver"));
  CHECK(limber["maneuver"]["regiments"] == Json::parse(R"({"4us-b": {"limber": true}})"));
  // Version 2's bot never limbers.
  auto v2 = chaos_meeting(2);
  adjutant::bot::Request req{*v2, none, with_battery(*v2, false), "union", 3};
  CHECK_FALSE(
      gen->orders(req).body["brigades"].value("meredith", Json::object()).contains("maneuver"));
}

TEST_CASE("mounted cavalry claims no breastworks; dismounted cavalry does (fight.resolve)",
          "[chaos][limber][fight]") {
  auto r = chaos_meeting(3);
  // Gamble's 8th Illinois faces south in Willow Grove (a town counts as
  // breastworks) at (34", 57"); Davis's 2nd Mississippi faces north at
  // (34", 61.25"), 3.125" away: one fight. The 149th is off the table.
  auto town_fight = [&](bool dismounted) {
    State s = table(*r);
    auto st = chaos::table_state(s);
    st.regiments.at("149pa").at.reset();
    st.brigades.at("gamble").commander = Point{3400, 5450};
    st.regiments.at("8il-cav").at = Point{3400, 5700};
    st.regiments.at("8il-cav").facing = 180;
    st.regiments.at("8il-cav").dismounted = dismounted;
    st.regiments.at("2ms").at = Point{3400, 6125};
    st.regiments.at("2ms").facing = 0;
    st.brigades.at("davis").commander = Point{3400, 6400};
    chaos::set_chaos(s, st);
    // Initiative 4-2; dice-off 5-2; the 8th's die 4, the 2nd's 3; then
    // both tests pass (6+6) and neither side withdraws.
    FixedDice dice({4, 2, 5, 2, 4, 3, 6, 6, 6, 6});
    Json events = chaos_phase(*r, s, Json::object(), Json::object(), dice);
    CHECK(dice.rolls().size() == 10);
    auto resolve = chaos_events_typed(events, "fight_resolve");
    REQUIRE(resolve.size() == 1);
    const Json& cav = resolve[0]["units"][0];
    CHECK(cav["regiment"] == "8il-cav");
    CHECK(cav["roll"] == 4);
    CHECK(cav["cover"] == true);
    return cav["amount"].get<int>();
  };
  // Mounted: 4 stands, a stress. Dismounted: 4 - 1 behind the works, none.
  CHECK(town_fight(false) == 1);
  CHECK(town_fight(true) == 0);
}
