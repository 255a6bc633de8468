// Limbering and mounting, chaos version 3 (docs/rules/chaos.md "What
// version 3 adjudicates"): the state's flags, written only when set, and the
// bot's limbering. The maneuvers, fire, withdrawals, lost fights and
// refusals are data: tests/cases/chaos/engagement.*, fight.artillery-*,
// fight.cavalry-* (docs/case-format.md).
#include <string>

#include <catch2/catch.hpp>

#include "bot/bot.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/state.h"
#include "rules/chaos/table_play.h"
#include "rules/hexmap/scenario.h"
#include "support/chaos_fixture.h"

namespace chaos = adjutant::rules::chaos;
using adjutant::ledger::Json;
using adjutant::model::State;
using adjutant::testing::chaos_meeting;
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
    "the bot unlimbers an engaged battery in place, and limbers it one stress short of "
    "withdrawing (engagement.maneuver)",
    "[chaos][limber][bot]") {
  auto r = chaos_meeting(3);
  auto gen = adjutant::bot::make_generator("chaos");
  adjutant::rules::hexmap::Scenario none;
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
