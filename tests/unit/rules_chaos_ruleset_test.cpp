// The `chaos` ruleset (docs/rules/chaos.md "What version 1 adjudicates"):
// its registration, a refusal that changes nothing, determinism, and what
// each side may see. Each procedure of a turn, worked from the text with
// given dice, and each refusal of the check, is data: tests/cases/chaos/
// (docs/case-format.md).
#include <string>

#include <catch2/catch.hpp>

#include "ledger/dice.h"
#include "ledger/jcs.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/table_play.h"
#include "rules/package.h"
#include "support/chaos_fixture.h"
#include "support/error_id.h"

namespace chaos = adjutant::rules::chaos;
using adjutant::ledger::FixedDice;
using adjutant::ledger::Json;
using adjutant::ledger::SeededDice;
using adjutant::model::State;
using adjutant::rules::OrderProblem;
using adjutant::testing::chaos_meeting;
using adjutant::testing::chaos_phase;
using adjutant::testing::chaos_prepared_at;

namespace {

// The problems of a union order body, as check would refuse it.
std::vector<OrderProblem> chaos_refused(const adjutant::rules::Ruleset& r, const State& s,
                                        Json body) {
  body["side"] = body.value("side", "union");
  return r.problems(s, body);
}

}  // namespace

TEST_CASE(
    "chaos is registered at version 4: a table scenario, an umpire, fog of war, both sides at once",
    "[chaos][ruleset]") {
  const auto* info = adjutant::rules::ruleset_info("chaos");
  REQUIRE(info);
  CHECK(info->latest == 4);
  CHECK_FALSE(info->hex);
  CHECK(chaos_meeting(1)->version() == 1);
  auto r = chaos_meeting(0);
  CHECK(r->id() == "chaos");
  CHECK(r->version() == 4);
  CHECK(r->umpire_required());
  CHECK(r->fog_of_war());
  CHECK(adjutant::rules::board_of(*r) == adjutant::rules::Board::kTable);
  CHECK(r->sides() == std::vector<std::string>{"union", "confederate"});
  auto phase = r->current_phase(r->initial_state());
  CHECK(phase.simultaneous());
  CHECK(phase.waiting_on() == std::vector<std::string>{"union", "confederate"});
  CHECK(adjutant::testing::error_id([&] { chaos::scenario_of(*r); }).empty());
  // An empty order body is accepted: every brigade holds.
  CHECK(chaos_refused(*r, r->initial_state(), r->empty_orders("union")).empty());
}

TEST_CASE("a refusal throws OrdersRefused, lists every problem, and changes nothing",
          "[chaos][ruleset][check]") {
  auto r = chaos_meeting(0);
  State s = r->initial_state();
  std::string before = s.canonical();
  Json body = {{"side", "union"}, {"brigades", {{"archer", {{"rest", false}}}}}};
  CHECK(adjutant::testing::error_id([&] { r->check(s, body, "orders"); }) ==
        "chaos.unknown_brigade");
  CHECK(chaos_refused(*r, s,
                      {{"brigades",
                        {{"stone", {{"move", {{"path", {{1500, 600}, {-100, 600}}}}}}},
                         {"archer", {{"rest", false}}}}}})
            .size() == 2);
  CHECK(s.canonical() == before);
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
