// The `chaos` ruleset (docs/rules/chaos.md "What version 1 adjudicates"):
// its registration, the refusals of `check` (each naming the brigade and the
// rule), turns worked from the text with given dice, determinism, and what
// each side may see.
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "ledger/dice.h"
#include "ledger/jcs.h"
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
using adjutant::rules::OrderProblem;
using adjutant::testing::chaos_events_typed;
using adjutant::testing::chaos_meeting;
using adjutant::testing::chaos_phase;
using adjutant::testing::chaos_prepared_at;
using chaos::Point;

namespace {

// The problems of a union order body, as check would refuse it.
std::vector<OrderProblem> chaos_refused(const adjutant::rules::Ruleset& r, const State& s,
                                        Json body) {
  body["side"] = body.value("side", "union");
  return r.problems(s, body);
}

// Turn 2: Stone's and Davis's markers 18" apart on the same line.
State markers_apart(const adjutant::rules::Ruleset& r) {
  return chaos_prepared_at(r, 2, [](chaos::ChaosState& st) {
    st.brigades.at("stone").markers = {{4800, 2500}};
    st.brigades.at("davis").markers = {{4800, 4300}};
  });
}

// Stone moves 9" toward Davis, engaging him.
const Json kStoneEngagesDavis = {
    {"brigades",
     {{"stone", {{"move", {{"path", {{4800, 2500}, {4800, 3400}}}, {"engage", {4800, 4300}}}}}}}}};

}  // namespace

TEST_CASE(
    "chaos is registered at version 3: a table scenario, an umpire, fog of war, both sides at once",
    "[chaos][ruleset]") {
  const auto* info = adjutant::rules::ruleset_info("chaos");
  REQUIRE(info);
  CHECK(info->latest == 3);
  CHECK_FALSE(info->hex);
  CHECK(chaos_meeting(1)->version() == 1);
  auto r = chaos_meeting(0);
  CHECK(r->id() == "chaos");
  CHECK(r->version() == 3);
  CHECK(r->umpire_required());
  CHECK(r->fog_of_war());
  CHECK_FALSE(r->draws_hex_map());
  CHECK(r->sides() == std::vector<std::string>{"union", "confederate"});
  auto phase = r->current_phase(r->initial_state());
  CHECK(phase.simultaneous());
  CHECK(phase.waiting_on() == std::vector<std::string>{"union", "confederate"});
  CHECK(adjutant::testing::error_id([&] { chaos::scenario_of(*r); }).empty());
  // An empty order body is accepted: every brigade holds.
  CHECK(chaos_refused(*r, r->initial_state(), r->empty_orders("union")).empty());
}

TEST_CASE("check refuses bad orders with the brigade and the rule named",
          "[chaos][ruleset][check]") {
  auto r = chaos_meeting(0);
  State s = r->initial_state();
  auto one = [&](const Json& body) {
    auto p = chaos_refused(*r, s, body);
    REQUIRE(p.size() == 1);
    return p.front();
  };
  SECTION("a position off the table (Scale)") {
    auto p = one({{"brigades", {{"stone", {{"move", {{"path", {{1500, 600}, {-100, 600}}}}}}}}}});
    CHECK(p.id == "chaos.off_table");
    CHECK(p.unit == "stone");
    CHECK(p.rule == "scale");
  }
  SECTION("a move longer than the longest rate its ground could roll (move.marker)") {
    // Clear ground: 1D6 + 3", +3" near a player commander, +1D6" toward a
    // landmark: 18" at most; this path is 35".
    auto p = one(
        {{"brigades",
          {{"meredith", {{"move", {{"marker", 1}, {"path", {{1200, 1500}, {1200, 5000}}}}}}}}}});
    CHECK(p.id == "chaos.too_far");
    CHECK(p.unit == "meredith");
    CHECK(p.rule == "move.marker");
    CHECK(p.message.find("35.00") != std::string::npos);
  }
  SECTION("an overlapping stand: Gamble's 12th Illinois ridden onto the supply wagons") {
    auto p = one({{"brigades", {{"gamble", {{"move", {{"path", {{3000, 1900}, {3000, 500}}}}}}}}}});
    CHECK(p.id == "chaos.overlap");
    CHECK(p.unit == "gamble");
    CHECK(p.rule == "move.deployed");
    CHECK(p.message.find("12il-cav") != std::string::npos);
  }
  SECTION("a path that does not start at the marker") {
    auto p = one({{"brigades", {{"stone", {{"move", {{"path", {{1400, 600}, {1000, 600}}}}}}}}}});
    CHECK(p.id == "chaos.path_start");
    CHECK(p.unit == "stone");
  }
  SECTION("a marker the brigade does not have") {
    auto p =
        one({{"brigades",
              {{"stone", {{"move", {{"marker", 2}, {"path", {{1500, 600}, {1000, 600}}}}}}}}}});
    CHECK(p.id == "chaos.marker");
    CHECK(p.unit == "stone");
  }
  SECTION("engaging a point where no enemy stands (terms.check)") {
    auto p =
        one({{"brigades",
              {{"stone",
                {{"move", {{"path", {{1500, 600}, {1000, 600}}}, {"engage", {1000, 5000}}}}}}}}});
    CHECK(p.id == "chaos.engage_target");
    CHECK(p.rule == "terms.check");
  }
  SECTION("another side's brigade") {
    auto p = one({{"brigades", {{"archer", {{"rest", false}}}}}});
    CHECK(p.id == "chaos.unknown_brigade");
    CHECK(p.unit == "archer");
  }
  SECTION("shaking out a deployed brigade, re-marking an undeployed one") {
    CHECK(one({{"brigades", {{"gamble", {{"shake_out", {{"marker", 1}}}}}}}}).id ==
          "chaos.deployed");
    CHECK(one({{"brigades", {{"stone", {{"remarker", {{1500, 600}}}}}}}}).id ==
          "chaos.not_deployed");
  }
  SECTION("a player commander moved more than 8\" (move.commanders)") {
    auto p = one({{"commanders", {{"union-hq", {{"path", {{3000, 1200}, {3000, 2100}}}}}}}});
    CHECK(p.id == "chaos.too_far");
    CHECK(p.unit == "union-hq");
    CHECK(p.rule == "move.commanders");
  }
  SECTION("what version 1 does not adjudicate is refused, naming the procedure") {
    auto v1 = chaos_meeting(1);
    auto one = [&](const Json& body) {
      auto p = chaos_refused(*v1, s, body);
      REQUIRE(p.size() == 1);
      return p.front();
    };
    auto p = one({{"brigades", {{"gamble", {{"fight", Json::object()}}}}}});
    CHECK(p.id == "chaos.not_yet");
    CHECK(p.rule == "fight.initiate");
    CHECK(one({{"tokens", Json::array()}}).id == "chaos.not_yet");
    CHECK(one({{"brigades", {{"gamble", {{"fire", {{"12il-cav", "closest"}}}}}}}}).id ==
          "chaos.fire");
    CHECK(one({{"brigades", {{"gamble", {{"fight", Json::object()}}}}}}).rule == "fight.initiate");
  }
  SECTION("withdrawing or forming up an unengaged brigade (engagement.withdraw, form_up)") {
    auto p = one({{"brigades", {{"gamble", {{"withdraw", true}}}}}});
    CHECK(p.id == "chaos.not_engaged");
    CHECK(p.rule == "engagement.withdraw");
    CHECK(one({{"brigades", {{"gamble", {{"form_up", true}}}}}}).rule == "engagement.form_up");
  }
  SECTION("every problem of a file at once") {
    auto p = chaos_refused(*r, s,
                           {{"brigades",
                             {{"stone", {{"move", {{"path", {{1500, 600}, {-100, 600}}}}}}},
                              {"archer", {{"rest", false}}}}}});
    CHECK(p.size() == 2);
  }
  SECTION("a refusal throws OrdersRefused and changes nothing") {
    Json body = {{"side", "union"}, {"brigades", {{"archer", {{"rest", false}}}}}};
    CHECK(adjutant::testing::error_id([&] { r->check(s, body, "orders"); }) ==
          "chaos.unknown_brigade");
  }
}

TEST_CASE("turn 1 draws each side's combat tokens from the tin (forces.2, protocol 8a)",
          "[chaos][ruleset]") {
  auto r = chaos_meeting(0);
  const auto& sc = chaos::scenario_of(*r);
  State s = r->initial_state();
  SeededDice dice("tokens");
  Json events = chaos_phase(*r, s, Json::object(), Json::object(), dice);
  std::vector<Json> drawn;
  for (const auto& e : chaos_events_typed(events, "tokens_drawn"))
    if (e["rule"] == "forces.2") drawn.push_back(e);
  REQUIRE(drawn.size() == 2);
  CHECK(drawn[0]["side"] == "union");
  CHECK(int(drawn[0]["tokens"].size()) == sc.tokens.at("union"));
  CHECK(int(drawn[1]["tokens"].size()) == sc.tokens.at("confederate"));
  // Version 2: each REBEL YELL the Union draws goes back for two others
  // (token.rebel_yell): one token more each time.
  int returned = int(chaos_events_typed(events, "tokens_returned").size());
  State after = r->apply(s, events);
  CHECK(int(chaos::held_tokens(after, "union").size()) == sc.tokens.at("union") + returned);
  CHECK(int(after.extra["tin"].size()) ==
        chaos::tin_size(sc.tin) - sc.tokens.at("union") - sc.tokens.at("confederate") - returned);
  CHECK(after.turn == 2);
  // Turn 2 draws none.
  SeededDice more("tokens 2");
  CHECK(chaos_events_typed(chaos_phase(*r, after, Json::object(), Json::object(), more),
                           "tokens_drawn")
            .empty());
}

TEST_CASE("shake out: one marker deploys there; two make a Chaos of Battle roll (terms.chaos_roll)",
          "[chaos][ruleset][shake_out]") {
  auto r = chaos_meeting(0);
  const auto& sc = chaos::scenario_of(*r);
  State s = chaos_prepared_at(*r, 2, [](chaos::ChaosState&) {});
  SECTION("Stone's one marker") {
    FixedDice dice({4, 2});  // the initiative: union 4, confederate 2
    Json events = chaos_phase(*r, s, {{"brigades", {{"stone", {{"shake_out", {{"facing", 0}}}}}}}},
                              Json::object(), dice);
    CHECK(chaos_events_typed(events, "chaos_roll").empty());
    auto deploy = chaos_events_typed(events, "deploy");
    REQUIRE(deploy.size() == 1);
    CHECK(deploy[0]["commander"] == Json::array({1500, 600}));
    auto st = chaos::table_state(r->apply(s, events));
    CHECK(st.brigades.at("stone").markers.empty());
    // Every regiment within 4" of its commander (Deployment).
    for (const auto& id : chaos::deployed_regiments(st, "stone"))
      CHECK(chaos::within(chaos::outline(chaos::regiment_body(sc, st, id)),
                          sc.figure_outline(chaos::Arm::kCommander,
                                            {"c", "c", *st.brigades.at("stone").commander, 0}),
                          4 * chaos::kInch));
  }
  SECTION("Meredith (rating 3): a 3 keeps the preferred marker, a 2 the other") {
    for (int roll : {3, 2}) {
      FixedDice dice({4, 2, roll});
      Json events =
          chaos_phase(*r, s, {{"brigades", {{"meredith", {{"shake_out", {{"marker", 2}}}}}}}},
                      Json::object(), dice);
      auto rolls = chaos_events_typed(events, "chaos_roll");
      REQUIRE(rolls.size() == 1);
      CHECK(rolls[0]["roll"] == roll);
      CHECK(rolls[0]["result"] == (roll >= 3 ? "preferred" : "other"));
      Json kept = roll >= 3 ? Json::array({4800, 1200}) : Json::array({1200, 1500});
      CHECK(rolls[0]["kept"] == kept);
      auto deploy = chaos_events_typed(events, "deploy");
      REQUIRE(deploy.size() == 1);
      CHECK(deploy[0]["commander"] == kept);
    }
  }
}

TEST_CASE(
    "unengaged movement: a marker moves its rolled rate; dawn needs a stress test (turns.night)",
    "[chaos][ruleset][move]") {
  auto r = chaos_meeting(0);
  Json body = {{"brigades", {{"stone", {{"move", {{"path", {{1500, 600}, {500, 600}}}}}}}}}};
  SECTION("dawn: the test passes (1 > stress 0), the rate is 1D6 + 3\" on clear ground") {
    State s = chaos_prepared_at(*r, 1, [](chaos::ChaosState&) {});
    FixedDice dice({5, 2, 1, 4});  // initiative; Stone's test; its rate die
    Json events = chaos_phase(*r, s, body, Json::object(), dice);
    auto test = chaos_events_typed(events, "stress_test");
    REQUIRE(test.size() == 1);
    CHECK(test[0]["rule"] == "turns.night");
    CHECK(test[0]["passed"] == true);
    auto rate = chaos_events_typed(events, "rate");
    REQUIRE(rate.size() == 1);
    CHECK(rate[0]["going"] == "clear");
    CHECK(rate[0]["distance"] == 700);
    auto move = chaos_events_typed(events, "move");
    REQUIRE(move.size() == 1);
    CHECK(move[0]["to"] == Json::array({800, 600}));
    auto st = chaos::table_state(r->apply(s, events));
    CHECK(st.brigades.at("stone").markers == std::vector<Point>{{800, 600}});
  }
  SECTION("dawn: a brigade at stress 3 rolling 3 fails and stays") {
    State s =
        chaos_prepared_at(*r, 1, [](chaos::ChaosState& st) { st.brigades.at("stone").stress = 3; });
    FixedDice dice({5, 2, 3});
    Json events = chaos_phase(*r, s, body, Json::object(), dice);
    CHECK(chaos_events_typed(events, "stress_test").at(0)["passed"] == false);
    CHECK(chaos_events_typed(events, "move").empty());
    CHECK(chaos_events_typed(events, "rate").empty());
  }
}

TEST_CASE(
    "a CHECK between two markers deploys both, the engaging brigade 5\" from the enemy "
    "(move.check.marker_marker)",
    "[chaos][ruleset][check_interrupt]") {
  auto r = chaos_meeting(0);
  const auto& sc = chaos::scenario_of(*r);
  State s = markers_apart(*r);
  Json body = kStoneEngagesDavis;
  // Initiative 6-1; Stone's rate: the clear die and the landmark die (it
  // heads for Cemetery Knob).
  FixedDice dice({6, 1, 6, 6});
  Json events = chaos_phase(*r, s, body, Json::object(), dice);
  auto check = chaos_events_typed(events, "check");
  REQUIRE(check.size() == 1);
  CHECK(check[0]["rule"] == "move.check.marker_marker");
  CHECK(check[0]["brigade"] == "stone");
  CHECK(check[0]["target"] == "davis");
  // The card's front came within 8" of Davis's card at the 28th step (7").
  CHECK(check[0]["at"] == Json::array({4800, 3200}));
  auto deploy = chaos_events_typed(events, "deploy");
  REQUIRE(deploy.size() == 2);
  CHECK(deploy[0]["brigade"] == "davis");  // the defender first
  CHECK(deploy[1]["brigade"] == "stone");
  auto st = chaos::table_state(r->apply(s, events));
  CHECK(st.brigades.at("stone").markers.empty());
  CHECK(st.brigades.at("davis").markers.empty());
  // One regiment 5" from the enemy, none nearer: the least distance in
  // (4.75", 5"].
  chaos::Coord least = -1;
  for (const auto& a : chaos::deployed_regiments(st, "stone"))
    for (const auto& b : chaos::deployed_regiments(st, "davis")) {
      auto d = chaos::distance_floor(chaos::outline(chaos::regiment_body(sc, st, a)),
                                     chaos::outline(chaos::regiment_body(sc, st, b)));
      if (least < 0 || d < least) least = d;
    }
  CHECK(least > 475);
  CHECK(least <= 500);
  CHECK(chaos::engaged_brigades(st, sc) == std::set<std::string>{"davis", "stone"});
  CHECK(dice.rolls().size() == 4);  // no die beyond those
}

TEST_CASE("resting: certain with one marker, 4-6 with two; the brigade's own relief always (rest)",
          "[chaos][ruleset][rest]") {
  auto r = chaos_meeting(0);
  State s = chaos_prepared_at(*r, 2, [](chaos::ChaosState& st) {
    st.brigades.at("stone").stress = 2;
    st.regiments.at("143pa").stress = 1;
    st.brigades.at("meredith").stress = 2;
    st.regiments.at("2wi").stress = 2;
  });
  const auto& sc = chaos::scenario_of(*r);
  REQUIRE(sc.brigade("meredith"));
  // Initiative 3-1; Meredith's regimental rest die 3 (fails). Union
  // brigades rest in id order: cutler, gamble, meredith, stone.
  FixedDice dice({3, 1, 3});
  Json events = chaos_phase(*r, s, Json::object(), Json::object(), dice);
  auto st = chaos::table_state(r->apply(s, events));
  CHECK(st.brigades.at("meredith").stress == 1);
  CHECK(st.regiments.at("2wi").stress == 2);
  CHECK(st.brigades.at("stone").stress == 1);
  CHECK(st.regiments.at("143pa").stress == 0);  // one marker: certain
  CHECK(dice.rolls().size() == 3);
  SECTION("by night a rest removes 2") {
    State night = s;
    night.turn = 6;  // early night
    FixedDice d2({3, 1, 5});
    auto st2 = chaos::table_state(
        r->apply(night, chaos_phase(*r, night, Json::object(), Json::object(), d2)));
    CHECK(st2.brigades.at("meredith").stress == 0);
    CHECK(st2.regiments.at("2wi").stress == 0);
    CHECK(st2.brigades.at("stone").stress == 0);
  }
}

TEST_CASE("adjudication is deterministic: the same state and dice give the same events",
          "[chaos][ruleset]") {
  auto r = chaos_meeting(0);
  State s = r->initial_state();
  Json body = {{"brigades", {{"stone", {{"move", {{"path", {{1500, 600}, {500, 600}}}}}}}}}};
  SeededDice a("same"), b("same");
  Json ea = chaos_phase(*r, s, body, Json::object(), a);
  Json eb = chaos_phase(*r, s, body, Json::object(), b);
  CHECK(adjutant::ledger::canonical(ea) == adjutant::ledger::canonical(eb));
  CHECK(r->apply(s, ea).canonical() == r->apply(s, eb).canonical());
}

TEST_CASE("a side's view and events are the same whatever the enemy's hidden facts are",
          "[chaos][ruleset][fog]") {
  auto r = chaos_meeting(0);
  State a = chaos_prepared_at(*r, 2, [](chaos::ChaosState&) {});
  a.extra["tokens"]["confederate"] = Json::array({"outflank", "sniper"});
  // The same table, other hidden facts: the Confederates' stress, which of
  // Archer's markers is listed first, which tokens they hold, the tin's
  // order.
  State b = chaos_prepared_at(*r, 2, [](chaos::ChaosState& st) {
    std::swap(st.brigades.at("archer").markers[0], st.brigades.at("archer").markers[1]);
    st.brigades.at("davis").stress = 4;
    for (auto& [id, reg] : st.regiments)
      if (st.brigades.at(reg.brigade).side == "confederate") reg.stress = 3;
  });
  b.extra["tokens"]["confederate"] = Json::array({"rebel_yell", "double_shot"});
  Json tin = b.extra["tin"];
  std::reverse(tin.begin(), tin.end());
  b.extra["tin"] = tin;
  std::string va = r->view(a, "union").canonical();
  std::string vb = r->view(b, "union").canonical();
  CHECK(va == vb);
  CHECK(r->view(a, "confederate").canonical() != r->view(b, "confederate").canonical());
  for (const char* hidden : {"archer", "davis", "brockenbrough", "pettigrew", "sniper", "outflank"})
    CHECK(va.find(hidden) == std::string::npos);
  CHECK(r->current_phase(r->view(a, "union")).waiting_on() == r->current_phase(a).waiting_on());
  SECTION("events: an enemy's rolls, names and preferences are left out") {
    Json body = {
        {"preferred", {{"archer", 2}}},
        {"brigades",
         {{"archer", {{"move", {{"marker", 1}, {"path", {{2400, 9000}, {2400, 8000}}}}}}}}}};
    FixedDice d1({4, 2, 1, 6}),
        d2({4, 2, 2, 6});  // the rate die differs; the path is 4" either way
    Json e1 = chaos_phase(*r, a, Json::object(), body, d1);
    Json e2 = chaos_phase(*r, a, Json::object(), body, d2);
    CHECK(e1 != e2);
    std::string seen1 = adjutant::ledger::canonical(r->visible_events(e1, "union"));
    CHECK(seen1 == adjutant::ledger::canonical(r->visible_events(e2, "union")));
    CHECK(seen1.find("archer") == std::string::npos);
    CHECK(seen1.find("\"move\"") != std::string::npos);  // the flag's move is seen
    CHECK(adjutant::ledger::canonical(r->visible_events(e1, "confederate")).find("archer") !=
          std::string::npos);
  }
}

TEST_CASE(
    "an engaged brigade withdraws out of engagement range, +1 brigade stress "
    "(engagement.withdraw)",
    "[chaos][ruleset][withdraw]") {
  auto r = chaos_meeting(0);
  const auto& sc = chaos::scenario_of(*r);
  State s = markers_apart(*r);
  Json body = kStoneEngagesDavis;
  FixedDice dice({6, 1, 6, 6});
  State met = r->apply(s, chaos_phase(*r, s, body, Json::object(), dice));
  REQUIRE(chaos::engaged_brigades(chaos::table_state(met), sc) ==
          std::set<std::string>{"davis", "stone"});
  // Turn 3: Stone withdraws; the initiative is the only die.
  FixedDice again({2, 5});
  Json events = chaos_phase(*r, met, {{"brigades", {{"stone", {{"withdraw", true}}}}}},
                            Json::object(), again);
  REQUIRE(chaos_events_typed(events, "withdraw").size() == 1);
  auto st = chaos::table_state(r->apply(met, events));
  CHECK(chaos::engaged_brigades(st, sc).empty());
  CHECK(st.brigades.at("stone").stress == 1);
  // Every regiment within 4" of its commander, the commander 10" or more
  // from the nearest enemy unit.
  auto commander =
      sc.figure_outline(chaos::Arm::kCommander, {"c", "c", *st.brigades.at("stone").commander, 0});
  for (const auto& id : chaos::deployed_regiments(st, "stone"))
    CHECK(chaos::within(chaos::outline(chaos::regiment_body(sc, st, id)), commander,
                        4 * chaos::kInch));
  for (const auto& u : chaos::enemy_units(st, sc, "union"))
    CHECK_FALSE(chaos::closer_than(commander, u.base, 10 * chaos::kInch));
  CHECK(again.rolls().size() == 2);
  // Davis, engaged no longer, does not rest as engaged; Stone, withdrawn,
  // does not rest at all.
  CHECK(chaos_events_typed(events, "rest").empty());
}

TEST_CASE(
    "engaged batteries fire: a D6 a gun, 3+ a stress on the target, 1 on the battery; "
    "no rest for either brigade (engagement.artillery)",
    "[chaos][ruleset][artillery]") {
  auto r = chaos_meeting(0);
  const auto& sc = chaos::scenario_of(*r);
  State s = markers_apart(*r);
  Json body = kStoneEngagesDavis;
  FixedDice dice({6, 1, 6, 6});
  State met = r->apply(s, chaos_phase(*r, s, body, Json::object(), dice));
  // Gamble's battery brought up beside Stone's line, in sight of Davis.
  auto st = chaos::table_state(met);
  st.regiments.at("2us-a").at = Point{3900, 3600};
  st.brigades.at("gamble").commander = Point{3900, 3300};
  chaos::set_chaos(met, st);
  REQUIRE(chaos::engaged_brigades(st, sc).count("gamble"));
  bool fired = false;
  for (int seed = 0; seed < 6 && !fired; ++seed) {
    SeededDice d("fire " + std::to_string(seed));
    Json events = chaos_phase(*r, met, Json::object(), Json::object(), d);
    for (const auto& e : chaos_events_typed(events, "artillery_fire")) {
      if (e["battery"] != "2us-a") continue;
      fired = true;
      CHECK(e["target_side"] == "confederate");
      CHECK(e["needs"] == 3);         // in the open
      CHECK(e["rolls"].size() == 2);  // two gun models
      int hits = 0, ones = 0;
      for (const auto& x : e["rolls"]) hits += x.get<int>() >= 3, ones += x.get<int>() == 1;
      CHECK(e["hits"] == hits);
      CHECK(e["self_stress"] == ones);
      auto after = chaos::table_state(r->apply(met, events));
      CHECK(after.regiments.at(e["target"].get<std::string>()).stress == hits);
      CHECK(after.regiments.at("2us-a").stress == ones);
      for (const auto& rest : chaos_events_typed(events, "rest")) {
        CHECK(rest["brigade"] != "gamble");
        CHECK(rest["brigade"] != after.regiments.at(e["target"].get<std::string>()).brigade);
      }
      // The Union reads where its shot fell, never the regiment's name.
      std::string seen = adjutant::ledger::canonical(r->visible_events(events, "union"));
      CHECK(seen.find(e["target"].get<std::string>()) == std::string::npos);
      CHECK(adjutant::ledger::canonical(r->visible_events(events, "confederate"))
                .find(e["target"].get<std::string>()) != std::string::npos);
    }
  }
  CHECK(fired);
  // "hold" keeps the battery silent.
  Json hold = {{"brigades", {{"gamble", {{"fire", {{"2us-a", "hold"}}}}}}}};
  SeededDice quiet("hold");
  for (const auto& e :
       chaos_events_typed(chaos_phase(*r, met, hold, Json::object(), quiet), "artillery_fire"))
    CHECK(e["battery"] != "2us-a");
}

TEST_CASE(
    "a marker engaging a deployed brigade tests against its highest regimental stress, "
    "then deploys 5\" away (move.check.marker_deployed)",
    "[chaos][ruleset][check_interrupt]") {
  auto r = chaos_meeting(0);
  const auto& sc = chaos::scenario_of(*r);
  auto at_stress = [&](int stress) {
    return chaos_prepared_at(*r, 2, [&](chaos::ChaosState& st) {
      st.brigades.at("davis").markers = {{3000, 3900}};
      st.regiments.at("2ms").stress = stress;
    });
  };
  // Davis's marker comes down the pike on Gamble's battery (its front at
  // y 23.75"): the card's edge is within 8" after 5.75", the 23rd step.
  Json body = {
      {"brigades",
       {{"davis",
         {{"move", {{"path", {{3000, 3900}, {3000, 3300}}}, {"engage", {3000, 2300}}}}}}}}};
  SECTION("the test passes (2 > 0): Davis deploys facing south, 5\" from Gamble") {
    State s = at_stress(0);
    // Initiative union 1, confederate 6; the road die 4 (10"); the test 2.
    FixedDice dice({1, 6, 4, 2});
    Json events = chaos_phase(*r, s, Json::object(), body, dice);
    auto check = chaos_events_typed(events, "check");
    REQUIRE(check.size() == 1);
    CHECK(check[0]["rule"] == "move.check.marker_deployed");
    CHECK(check[0]["target"] == "gamble");
    CHECK(check[0]["at"] == Json::array({3000, 3325}));
    auto test = chaos_events_typed(events, "stress_test");
    REQUIRE(test.size() == 1);
    CHECK(test[0]["against"] == 0);
    CHECK(test[0]["passed"] == true);
    REQUIRE(chaos_events_typed(events, "deploy").size() == 1);
    auto st = chaos::table_state(r->apply(s, events));
    chaos::Coord least = -1;
    for (const auto& a : chaos::deployed_regiments(st, "davis")) {
      CHECK(st.regiments.at(a).facing == 180);
      for (const auto& b : chaos::deployed_regiments(st, "gamble")) {
        auto d = chaos::distance_floor(chaos::outline(chaos::regiment_body(sc, st, a)),
                                       chaos::outline(chaos::regiment_body(sc, st, b)));
        if (least < 0 || d < least) least = d;
      }
    }
    CHECK(least > 475);
    CHECK(least <= 500);
    CHECK(dice.rolls().size() == 4);
  }
  SECTION("the test fails (3 against the 2nd Mississippi's 3): the marker stops where it is") {
    State s = at_stress(3);
    FixedDice dice({1, 6, 4, 3});
    Json events = chaos_phase(*r, s, Json::object(), body, dice);
    CHECK(chaos_events_typed(events, "stress_test").at(0)["passed"] == false);
    CHECK(chaos_events_typed(events, "deploy").empty());
    auto st = chaos::table_state(r->apply(s, events));
    CHECK(st.brigades.at("davis").markers == std::vector<Point>{{3000, 3325}});
  }
}

TEST_CASE("a brigade that crosses a creek or is on a hill as it moves gains stress (move.hills)",
          "[chaos][ruleset][move]") {
  auto r = chaos_meeting(0);
  SECTION("across Willow Run: +1") {
    State s = chaos_prepared_at(*r, 2, [](chaos::ChaosState& st) {
      st.brigades.at("stone").markers = {{1500, 3900}};
    });
    Json body = {{"brigades", {{"stone", {{"move", {{"path", {{1500, 3900}, {1500, 4900}}}}}}}}}};
    FixedDice dice({3, 1, 6});  // initiative; the clear die: 9"
    Json events = chaos_phase(*r, s, body, Json::object(), dice);
    auto stress = chaos_events_typed(events, "stress");
    REQUIRE(stress.size() == 1);
    CHECK(stress[0]["creek"] == true);
    CHECK(stress[0]["hill"] == false);
    CHECK(stress[0]["amount"] == 1);
    auto st = chaos::table_state(r->apply(s, events));
    CHECK(st.brigades.at("stone").markers == std::vector<Point>{{1500, 4800}});
    CHECK(st.brigades.at("stone").stress == 1);
  }
  SECTION("down from Cemetery Knob: on a hill for part of the move, +1") {
    State s = chaos_prepared_at(*r, 2, [](chaos::ChaosState& st) {
      st.brigades.at("stone").markers = {{4500, 6700}};
    });
    Json body = {{"brigades", {{"stone", {{"move", {{"path", {{4500, 6700}, {4500, 7700}}}}}}}}}};
    FixedDice dice({3, 1, 5});  // the clear die: 8"
    Json events = chaos_phase(*r, s, body, Json::object(), dice);
    auto stress = chaos_events_typed(events, "stress");
    REQUIRE(stress.size() == 1);
    CHECK(stress[0]["hill"] == true);
    CHECK(stress[0]["amount"] == 1);
  }
}

TEST_CASE(
    "an engaged brigade maneuvers within the limits of engagement, checked at its turn "
    "(engagement.maneuver)",
    "[chaos][ruleset][maneuver]") {
  auto r = chaos_meeting(0);
  const auto& sc = chaos::scenario_of(*r);
  State s = markers_apart(*r);
  Json body = kStoneEngagesDavis;
  FixedDice dice({6, 1, 6, 6});
  State met = r->apply(s, chaos_phase(*r, s, body, Json::object(), dice));
  auto st = chaos::table_state(met);
  Point c = *st.brigades.at("stone").commander;
  // The whole brigade sidesteps 1" east.
  auto sidestep = [&](Point delta) {
    Json regs = Json::object();
    for (const auto& id : chaos::deployed_regiments(st, "stone"))
      regs[id] = {{"at", chaos::json_of(*st.regiments.at(id).at + delta)}, {"facing", 0}};
    return Json{{"brigades",
                 {{"stone",
                   {{"maneuver",
                     {{"commander", chaos::json_of(c + Point{100, 0})}, {"regiments", regs}}}}}}}};
  };
  SECTION("carried out") {
    FixedDice d({4, 2});
    Json events = chaos_phase(*r, met, sidestep({100, 0}), Json::object(), d);
    REQUIRE(chaos_events_typed(events, "maneuver").size() == 1);
    auto after = chaos::table_state(r->apply(met, events));
    CHECK(*after.brigades.at("stone").commander == c + Point{100, 0});
    for (const auto& id : chaos::deployed_regiments(st, "stone"))
      CHECK(*after.regiments.at(id).at == *st.regiments.at(id).at + Point{100, 0});
    CHECK(chaos::engaged_brigades(after, sc).count("stone"));
  }
  SECTION("regiments taken out of engagement range: not carried out") {
    FixedDice d({4, 2});
    Json events = chaos_phase(*r, met, sidestep({0, -500}), Json::object(), d);
    CHECK(chaos_events_typed(events, "maneuver").empty());
    REQUIRE(chaos_events_typed(events, "maneuver_blocked").size() == 1);
    auto after = chaos::table_state(r->apply(met, events));
    CHECK(*after.brigades.at("stone").commander == c);
  }
  SECTION("the commander moved more than 4\" is refused by check") {
    Json far = {{"side", "union"},
                {"brigades",
                 {{"stone", {{"maneuver", {{"commander", chaos::json_of(c + Point{0, -500})}}}}}}}};
    auto p = r->problems(met, far);
    REQUIRE(p.size() == 1);
    CHECK(p[0].id == "chaos.too_far");
    CHECK(p[0].rule == "engagement.maneuver");
    CHECK(p[0].unit == "stone");
  }
}
