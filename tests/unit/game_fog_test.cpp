// Fog of war with the test-only "hidden-pieces" ruleset: a side's outputs
// (its view of the state, the events it may read, its drawing) are the
// same whatever the hidden facts are; and a fog-of-war game is made by its
// umpire, with its scenario pinned by a salted commitment (docs/protocol.md
// 10a).
#include <catch2/catch.hpp>

#include "game/fog.h"
#include "game/genesis.h"
#include "ledger/chain.h"
#include "ledger/dice.h"
#include "ledger/envelope.h"
#include "ledger/keys.h"
#include "rules/ruleset.h"
#include "rulesets/hidden_pieces.h"
#include "support/cli_harness.h"
#include "util/error.h"

namespace ledger = adjutant::ledger;
namespace rules = adjutant::rules;
using ledger::Json;

namespace {

// The outputs of north after one turn in which south's pieces start at
// `s1`, `s2` and move by `d1`, `d2` (never meeting north's).
struct NorthOutputs {
  std::string view;
  std::string events;
  std::string svg;
  std::string south_view;
};

NorthOutputs north_after_turn(int s1, int s2, int d1, int d2) {
  adjutant::testing::register_hidden_pieces();
  Json sc = adjutant::testing::hidden_pieces_scenario(4, true);
  sc["pieces"]["south"] = {{{"id", "s1"}, {"at", s1}}, {{"id", "s2"}, {"at", s2}}};
  auto rs = rules::make_ruleset(sc, "scenario");
  auto state = rs->initial_state();
  auto north =
      rs->check(state, {{"side", "north"}, {"moves", {{{"piece", "n2"}, {"to", 7}}}}}, "north");
  auto south = rs->check(
      state,
      {{"side", "south"},
       {"moves", {{{"piece", "s1"}, {"to", s1 + d1}}, {{"piece", "s2"}, {"to", s2 + d2}}}}},
      "south");
  ledger::SeededDice dice(std::string(32, '\x07'));
  Json events = rs->adjudicate_phase(state, {{"north", north}, {"south", south}}, dice);
  auto after = rs->apply(state, events);
  return {rs->view(after, "north").canonical(),
          ledger::canonical(rs->visible_events(events, "north")), rs->draw_svg(after, "north"),
          rs->view(after, "south").canonical()};
}

}  // namespace

TEST_CASE("a side's outputs are the same whatever the hidden facts are", "[game][fog]") {
  NorthOutputs base = north_after_turn(14, 17, -2, 1);
  int variants = 0;
  for (int s1 = 10; s1 <= 15; ++s1)
    for (int s2 = 16; s2 <= 19; ++s2)
      for (int d1 : {-3, 0, 2})
        for (int d2 : {-4, 0}) {
          // Away from north's pieces (at 2 and 7), so nothing meets them.
          if (s1 + d1 <= 8 || s1 + d1 > 19 || s2 + d2 > 19) continue;
          NorthOutputs o = north_after_turn(s1, s2, d1, d2);
          INFO("south at " << s1 << "," << s2 << " moving " << d1 << "," << d2);
          CHECK(o.view == base.view);
          CHECK(o.events == base.events);
          CHECK(o.svg == base.svg);
          ++variants;
        }
  CHECK(variants > 20);
  // The hidden facts are really there: south's own view changes with them,
  // and north's bytes never name a south piece or its square.
  CHECK(north_after_turn(11, 18, 0, 0).south_view != north_after_turn(12, 18, 0, 0).south_view);
  for (const char* hidden : {"\"s1\"", "\"s2\"", ">s1<", ">s2<"}) {
    CHECK(base.view.find(hidden) == std::string::npos);
    CHECK(base.events.find(hidden) == std::string::npos);
    CHECK(base.svg.find(hidden) == std::string::npos);
  }
}

TEST_CASE("a clash shows the square and the side that lost, not the enemy's name", "[game][fog]") {
  adjutant::testing::register_hidden_pieces();
  Json sc = adjutant::testing::hidden_pieces_scenario(4, true);
  sc["pieces"]["south"][0]["at"] = 12;  // s1 within reach of square 9
  auto rs = rules::make_ruleset(sc, "scenario");
  auto state = rs->initial_state();
  auto north =
      rs->check(state, {{"side", "north"}, {"moves", {{{"piece", "n2"}, {"to", 9}}}}}, "north");
  auto south =
      rs->check(state, {{"side", "south"}, {"moves", {{{"piece", "s1"}, {"to", 10}}}}}, "south");
  // Not yet on one square: no clash, no die.
  ledger::SeededDice none(std::string(32, '\x01'));
  rs->adjudicate_phase(state, {{"north", north}, {"south", south}}, none);
  CHECK(none.rolls().empty());
  south = rs->check(state, {{"side", "south"}, {"moves", {{{"piece", "s1"}, {"to", 9}}}}}, "south");
  ledger::SeededDice dice(std::string(32, '\x01'));
  Json events = rs->adjudicate_phase(state, {{"north", north}, {"south", south}}, dice);
  REQUIRE(dice.rolls().size() == 1);
  CHECK(dice.rolls().front().n == 2);  // one of the two pieces on square 9
  Json seen = rs->visible_events(events, "north");
  std::string text = ledger::canonical(seen);
  CHECK(text.find("\"square\":9") != std::string::npos);
  CHECK(text.find("s1") == std::string::npos);
}

TEST_CASE("a fog-of-war game is made by its umpire, pinning its scenario by a commitment",
          "[game][fog]") {
  adjutant::testing::register_hidden_pieces();
  adjutant::game::NewGame g;
  g.name = "fog";
  g.created = "2026-01-01T00:00:00Z";
  g.scenario = adjutant::testing::hidden_pieces_scenario(2, true);
  for (const char* id : {"north", "south", "umpire"}) {
    auto key = ledger::SigningKey::generate();
    auto chain = ledger::new_chain(4);
    g.cards.push_back(ledger::sign_envelope(
        ledger::kCardType, adjutant::game::card_body("fog", id, id, "x@example.org", key, chain),
        key));
  }
  auto rs = rules::make_ruleset(g.scenario, "scenario");
  CHECK(rs->fog_of_war());
  adjutant::game::FogSalts salts;
  auto id_of = [&] {
    try {
      adjutant::game::genesis_body(g, *rs, &salts);
    } catch (const adjutant::Error& e) {
      return e.id();
    }
    return std::string();
  };
  // A player as host: the salts would be a player's.
  g.host = "north";
  CHECK(id_of() == "new.fog_host");
  g.host = "umpire";
  Json body = adjutant::game::genesis_body(g, *rs, &salts);
  CHECK_FALSE(body["scenario"].contains("sha256"));
  CHECK(body["fog"]["scenario"] ==
        adjutant::game::commit_hex("scenario", *salts.find(0, "scenario"), g.scenario));
  // Without an umpire card.
  Json umpire_card = g.cards.back();
  g.cards.pop_back();
  CHECK(id_of() == "new.fog_host");
  g.cards.push_back(umpire_card);
  // The same game without fog pins its scenario's plain hash.
  g.scenario["fog"] = false;
  g.host = "north";
  auto clear = rules::make_ruleset(g.scenario, "scenario");
  Json plain = adjutant::game::genesis_body(g, *clear);
  CHECK(plain["ruleset"]["id"] == "hidden-pieces");
  CHECK(plain["scenario"].contains("sha256"));
  CHECK_FALSE(plain.contains("fog"));
}
