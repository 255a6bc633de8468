// Each part that works on a scenario reads and writes hex numbers with that
// scenario's sheets, whatever scenario the thread read last (hex/sheets.h):
// the rules through the registry, the bot, and the maps.
#include <catch2/catch.hpp>

#include "bot/bot.h"
#include "hex/sheets.h"
#include "model/scenario.h"
#include "render/map.h"
#include "rules/ruleset.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace {

adjutant::ledger::Json scenario_file(const std::string& name) {
  return adjutant::ledger::Json::parse(
      adjutant::read_file(adjutant::testing::source_dir() / "scenarios" / name));
}

}  // namespace

TEST_CASE("a ruleset, the bot and the maps keep their scenario's sheets after another is read",
          "[hex][sheets][bot]") {
  auto raw = scenario_file("grand-chancellorsville.json");
  auto ruleset = adjutant::rules::make_ruleset(raw, "grand-chancellorsville.json");
  auto sc = adjutant::model::Scenario::from_json(raw, "grand-chancellorsville.json");
  sc.rules_version = ruleset->version();
  REQUIRE(sc.sheets);
  // Another scenario read on this thread: plain four-digit numbers now.
  adjutant::model::Scenario::from_json(scenario_file("bluegray-skirmish.json"), "skirmish");
  REQUIRE(adjutant::hex::sheets_in_use() == nullptr);
  // The joined map's units stand on lettered hexes (H0912, F1505).
  adjutant::model::State state = ruleset->initial_state();
  int lettered = 0, placed = 0;
  for (const auto& [id, u] : state.units) {
    if (u.location.empty()) continue;
    ++placed;
    lettered += u.location[0] == 'H' || u.location[0] == 'F';
  }
  CHECK(placed > 20);
  CHECK(lettered == placed);
  // The bot's orders name lettered hexes and the rules accept them.
  auto bot = adjutant::bot::make_generator(ruleset->id());
  std::string side = ruleset->current_phase(state).side;
  auto orders = bot->orders({*ruleset, sc, state, side, 1});
  CHECK(orders.refused.empty());
  CHECK(ruleset->problems(state, orders.body).empty());
  REQUIRE(!orders.body["moves"].empty());
  for (const auto& m : orders.body["moves"]) {
    std::string to =
        m.contains("to") ? m["to"].get<std::string>() : m["path"].back().get<std::string>();
    CHECK((to[0] == 'H' || to[0] == 'F'));
  }
  // The map is drawn with its sheets: the same bytes as with them in use.
  adjutant::ledger::Json no_events = adjutant::ledger::Json::array();
  std::string unbound = adjutant::render::render_svg({sc, state, no_events, ""});
  std::string bound;
  {
    adjutant::hex::SheetsScope scope(sc.sheets);
    bound = adjutant::render::render_svg({sc, state, no_events, ""});
  }
  CHECK(unbound == bound);
  CHECK(adjutant::hex::sheets_in_use() == nullptr);  // every scope put it back
}
