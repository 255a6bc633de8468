// Chaos version 3's standing choices and the rules of fights they meet
// (docs/rules/chaos.md "What version 3 adjudicates"): the withdrawal by
// policy (policies.withdraw_at_stress, engagement.withdraw), a token kept
// for last (`"when": "last"`, fight.test), a contact token acting on bases
// already in contact (token.seize_the_standard), and the rule that keeps a
// resolved fight apart (fight.join).
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
using adjutant::testing::chaos_phase;
using chaos::Point;

namespace {

// Turn 2 (day), tokens drawn. Stone's 149th Pennsylvania faces north at
// (15", y149), Davis's 2nd Mississippi faces south at (15", 55"); every
// other regiment of Stone and Davis is off the table.
State table(const adjutant::rules::Ruleset& r, chaos::Coord y149) {
  return adjutant::testing::chaos_prepared_at(
      r, 2, [&](chaos::ChaosState& st) { adjutant::testing::stone_meets_davis(st, y149); });
}

}  // namespace

TEST_CASE(
    "policies.withdraw_at_stress withdraws an engaged brigade whose stress reaches it "
    "(engagement.withdraw)",
    "[chaos][policy][withdraw]") {
  auto r = chaos_meeting(3);
  // The 149th 4.25" from the 2nd: engaged, not fighting. Stone at stress s.
  auto stone_at = [&](int stress) {
    State s = table(*r, 5000);
    auto st = chaos::table_state(s);
    st.brigades.at("stone").stress = stress;
    chaos::set_chaos(s, st);
    return s;
  };
  Json policy = {{"policies", {{"withdraw_at_stress", 2}}}};
  SECTION("at 2: Stone withdraws and, infantry, gains 1") {
    State s = stone_at(2);
    FixedDice dice({4, 2});
    Json events = chaos_phase(*r, s, policy, Json::object(), dice);
    CHECK(dice.rolls().size() == 2);
    auto w = chaos_events_typed(events, "withdraw");
    REQUIRE(w.size() == 1);
    CHECK(w[0]["brigade"] == "stone");
    auto end = chaos::table_state(r->apply(s, events));
    CHECK(end.brigades.at("stone").stress == 3);
  }
  SECTION("at 1: it stays (and rests as an engaged brigade: 1 - 1)") {
    State s = stone_at(1);
    FixedDice dice({4, 2});
    Json events = chaos_phase(*r, s, policy, Json::object(), dice);
    CHECK(chaos_events_typed(events, "withdraw").empty());
    auto end = chaos::table_state(r->apply(s, events));
    CHECK(end.brigades.at("stone").stress == 0);
  }
  SECTION("the check: a whole number 0-99 at version 3; refused by version 2") {
    Json bad = {{"side", "union"}, {"policies", {{"withdraw_at_stress", -1}}}};
    auto p = r->problems(stone_at(0), bad);
    REQUIRE(p.size() == 1);
    CHECK(p[0].id == "chaos.policy");
    CHECK(p[0].rule == "engagement.withdraw");
    auto v2 = chaos_meeting(2);
    Json ok = policy;
    ok["side"] = "union";
    p = v2->problems(table(*v2, 5000), ok);
    REQUIRE(p.size() == 1);
    CHECK(p[0].id == "chaos.not_yet");
  }
}

TEST_CASE(
    "a token committed \"when\": \"last\" is revealed once its side has no test left "
    "(fight.test, token.rally_to_the_standard)",
    "[chaos][token]") {
  auto r = chaos_meeting(3);
  // The 149th (stress 4) fighting the 2nd at 3.99".
  State s = table(*r, 5025);
  auto st = chaos::table_state(s);
  st.regiments.at("149pa").stress = 4;
  chaos::set_chaos(s, st);
  s.extra["tokens"]["union"] = Json::array({"rally_to_the_standard"});
  // Initiative 4-2; dice-off 5-2 (the Union calls the fight); the 149th's
  // die 3, the 2nd's 3 (no stress); Stone and Davis +1. The Union tests the
  // 2nd (bend: 6+6 against 0 + 1, passes); the Confederates the 149th
  // (bend: 6+6 against 4 + 1, passes); the Union has no regiment left to
  // test and reveals its token: the 149th 4 - 2 = 2; then both pass:
  // neither side withdrew.
  auto run = [&](const std::string& when) {
    Json u = {{"tokens", Json::array({{{"token", "rally_to_the_standard"}, {"when", when}}})}};
    FixedDice dice({4, 2, 5, 2, 3, 3, 6, 6, 6, 6});
    Json events = chaos_phase(*r, s, u, Json::object(), dice);
    CHECK(dice.rolls().size() == 10);
    std::vector<std::string> order;
    for (const auto& e : events)
      if (e["type"] == "fight_token")
        order.push_back("token");
      else if (e["type"] == "fight_test")
        order.push_back(e["unit"]["regiment"].get<std::string>());
    // RALLY TO THE STANDARD: the 149th 4 - 2 = 2.
    auto token = chaos_events_typed(events, "fight_token");
    REQUIRE(token.size() == 1);
    REQUIRE(token[0]["units"].size() == 1);
    CHECK(token[0]["units"][0]["regiment"] == "149pa");
    CHECK(token[0]["units"][0]["stress"] == 2);
    CHECK(chaos_events_typed(events, "fight_neither").size() == 1);
    return order;
  };
  CHECK(run("last") == std::vector<std::string>{"2ms", "149pa", "token"});
  CHECK(run("first") == std::vector<std::string>{"token", "149pa", "2ms"});
  SECTION("the check: \"first\" or \"last\"; version 2 refuses \"last\"") {
    Json bad = {
        {"side", "union"},
        {"tokens", Json::array({{{"token", "rally_to_the_standard"}, {"when", "after_failure"}}})}};
    auto p = r->problems(s, bad);
    REQUIRE(p.size() == 1);
    CHECK(p[0].id == "chaos.token");
    CHECK(p[0].rule == "token.rally_to_the_standard");
    auto v2 = chaos_meeting(2);
    bad["tokens"][0]["when"] = "last";
    p = v2->problems(s, bad);
    REQUIRE(p.size() == 1);
    CHECK(p[0].id == "chaos.not_yet");
  }
}

TEST_CASE(
    "a contact token acts on bases in contact when the turn begins (token.seize_the_standard)",
    "[chaos][token]") {
  auto r = chaos_meeting(3);
  // The 149th's front at 54.625", on the 2nd's: in contact (no COUNTER
  // CHARGE or CAVALRY SUPPORT this turn).
  State s = table(*r, 5425);
  s.extra["tokens"]["union"] = Json::array({"seize_the_standard"});
  Json u = {{"tokens", Json::array({{{"token", "seize_the_standard"}}})}};
  // Initiative 4-2; dice-off 5-2; the 149th's die 3 and the 2nd's 3: no
  // stress from the dice, +1 each in contact. The Union reveals SEIZE THE
  // STANDARD: the 149th 1 - 1 = 0, the 2nd it touches 1 + 1 = 2. The
  // Confederates test the 149th (6+6 against 0 + 1), the Union the 2nd
  // (6+6 against 2 + 1): both pass, neither withdrew.
  FixedDice dice({4, 2, 5, 2, 3, 3, 6, 6, 6, 6});
  Json events = chaos_phase(*r, s, u, Json::object(), dice);
  CHECK(dice.rolls().size() == 10);
  auto resolve = chaos_events_typed(events, "fight_resolve");
  REQUIRE(resolve.size() == 1);
  CHECK(resolve[0]["units"][0]["contact"] == true);
  CHECK(resolve[0]["units"][0]["amount"] == 1);
  auto token = chaos_events_typed(events, "fight_token");
  REQUIRE(token.size() == 1);
  CHECK(token[0]["token"] == "seize_the_standard");
  auto end = chaos::table_state(r->apply(s, events));
  CHECK(end.regiments.at("2ms").stress == 2);
  CHECK(end.regiments.at("149pa").stress == 0);
}

TEST_CASE(
    "a fight resolved this turn is never joined: an initiation that would join it is "
    "blocked (fight.join)",
    "[chaos][fight]") {
  auto r = chaos_meeting(3);
  // The 149th fighting the 2nd (stress 3) at 3.99"; Davis's 11th
  // Mississippi faces south at (22", 56"), 5.83" from the 149th; Davis
  // forms up and sends the 11th toward the 149th.
  State s = table(*r, 5025);
  auto st = chaos::table_state(s);
  st.regiments.at("2ms").stress = 3;
  st.regiments.at("11ms").at = Point{2200, 5600};
  st.regiments.at("11ms").facing = 180;
  chaos::set_chaos(s, st);
  Json c = {{"brigades", {{"davis", {{"form_up", true}, {"fight", {{"regiment", "11ms"}}}}}}}};
  SECTION("the Union resolves its fight first: the 11th is blocked") {
    // Initiative 4-2; dice-off 5-2: the Union selects the fight; the
    // 149th's die 3, the 2nd's 3; the Union tests the 2nd (bend: 1+2
    // against 3 + 1, fails): the Confederates lose it, the token die. Then
    // the 11th's initiation would bring it within 4" of the 149th, in the
    // resolved fight.
    FixedDice dice({4, 2, 5, 2, 3, 3, 1, 2, 5});
    Json events = chaos_phase(*r, s, Json::object(), c, dice);
    CHECK(dice.rolls().size() == 9);
    REQUIRE(chaos_events_typed(events, "fight_lose").size() == 1);
    auto blocked = chaos_events_typed(events, "fight_blocked");
    REQUIRE(blocked.size() == 1);
    CHECK(blocked[0]["regiment"] == "11ms");
    CHECK(blocked[0]["reason"].get<std::string>().find("fight.join") != std::string::npos);
    CHECK(chaos_events_typed(events, "fight_start").empty());
    CHECK(chaos_events_typed(events, "fight_resolve").size() == 1);
    auto end = chaos::table_state(r->apply(s, events));
    CHECK(*end.regiments.at("11ms").at == Point{2200, 5600});
  }
  SECTION("the Confederates act first: the 11th joins the fight before it is resolved") {
    // Dice-off 2-5: the Confederates' order comes first.
    FixedDice dice({4, 2, 2, 5, 3, 3, 3, 6, 6, 6, 6, 6, 6, 5, 5, 5, 5, 5, 5});
    Json events = chaos_phase(*r, s, Json::object(), c, dice);
    auto start = chaos_events_typed(events, "fight_start");
    REQUIRE(start.size() == 1);
    CHECK(start[0]["regiment"] == "11ms");
    CHECK(chaos_events_typed(events, "fight_blocked").empty());
    auto resolve = chaos_events_typed(events, "fight_resolve");
    REQUIRE(resolve.size() == 1);
    CHECK(resolve[0]["units"].size() == 3);
  }
}
