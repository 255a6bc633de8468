// The fight phase of chaos version 2 as whole games: version 1 left as it
// was (a bot game compared with digests taken before the fight phase was
// written, and a table holding a fight refused by its adjudication), and the
// bot's game at the latest version, which fights and whose orders the check
// accepts.
// Each fight, test and combat token, and the refusals of fight orders, are
// data: tests/cases/chaos/fight.*, token.* (docs/case-format.md).
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "bot/bot.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/table_play.h"
#include "rules/hexmap/scenario.h"
#include "support/chaos_fixture.h"
#include "support/error_id.h"

namespace chaos = adjutant::rules::chaos;
using adjutant::ledger::FixedDice;
using adjutant::ledger::Json;
using adjutant::ledger::SeededDice;
using adjutant::model::State;
using adjutant::testing::chaos_events_typed;
using adjutant::testing::chaos_meeting;
using chaos::Point;

namespace {

// Turn 2 (day), tokens drawn: Stone's 149th Pennsylvania faces north at
// (15", 50"), Davis's 2nd Mississippi south at (15", 55"): engaged.
State fight_table(const adjutant::rules::Ruleset& r) {
  return adjutant::testing::chaos_prepared_at(
      r, 2, [&](chaos::ChaosState& st) { adjutant::testing::stone_meets_davis(st, 5000); });
}

const Json kStoneFights = {
    {"brigades", {{"stone", {{"form_up", true}, {"fight", {{"regiment", "149pa"}}}}}}}};

}  // namespace

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
  adjutant::rules::hexmap::Scenario none;
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

TEST_CASE("the bot's game at the latest version fights, and the check refuses none of its orders",
          "[chaos][fight][bot]") {
  auto r = chaos_meeting(0);
  auto gen = adjutant::bot::make_generator("chaos");
  adjutant::rules::hexmap::Scenario none;
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
