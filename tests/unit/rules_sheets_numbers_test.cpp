// Each part that works on a scenario reads and writes hex numbers with that
// scenario's own numbering (hex/numbering.h), whatever scenario the thread
// read last: the rules, the bot and the maps of Grand Chancellorsville's
// joined map speak its lettered hexes with a single-sheet scenario read,
// and its rules made and used, in between.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "bot/bot.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "render/map.h"
#include "rules/hexmap/scenario.h"
#include "rules/ruleset.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace {

adjutant::ledger::Json shipped_scenario(const std::string& name) {
  return adjutant::ledger::Json::parse(
      adjutant::read_file(adjutant::testing::source_dir() / "scenarios" / name));
}

adjutant::ledger::Json one_move(const std::string& unit, const std::vector<std::string>& path) {
  return {{"moves", {{{"unit", unit}, {"path", path}}}}};
}

bool lettered(const std::string& number) {
  return !number.empty() && (number[0] == 'H' || number[0] == 'F');
}

}  // namespace

TEST_CASE("a ruleset, the bot and the maps speak their scenario's sheets after another is read",
          "[hex][sheets][bot]") {
  using adjutant::ledger::Json;
  auto raw = shipped_scenario("grand-chancellorsville.json");
  auto ruleset = adjutant::rules::make_ruleset(raw, "grand-chancellorsville.json");
  auto sc = adjutant::rules::hexmap::Scenario::from_json(raw, "grand-chancellorsville.json");
  sc.rules_version = ruleset->version();
  REQUIRE(sc.sheets);
  const adjutant::hex::Numbering num = sc.numbers();
  // Another scenario read on this thread, and its rules made: plain
  // four-digit numbers.
  auto other_raw = shipped_scenario("bluegray-skirmish.json");
  auto other_rules = adjutant::rules::make_ruleset(other_raw, "skirmish");
  auto other = adjutant::rules::hexmap::Scenario::from_json(other_raw, "skirmish");
  REQUIRE_FALSE(other.sheets);

  // The joined map's units stand on lettered hexes (H0912, F1505).
  adjutant::model::State state = ruleset->initial_state();
  int placed = 0, with_letter = 0;
  for (const auto& [id, u] : state.units) {
    if (u.location.empty()) continue;
    ++placed;
    with_letter += lettered(u.location);
    auto h = num.parse(u.location);
    CHECK((h && sc.on_map(*h)));
  }
  CHECK(placed > 20);
  CHECK(with_letter == placed);
  CHECK(state.units.at("1/II").location == "H0307");
  CHECK(state.units.at("Smith/E").location == "F2202");
  // The other scenario's rules, used in between, still speak plain numbers.
  adjutant::model::State other_state = other_rules->initial_state();
  for (const auto& [id, u] : other_state.units)
    if (!u.location.empty()) CHECK((u.location.size() == 4 && other.numbers().parse(u.location)));

  // Orders are read with the sheets' letters: a bare number is refused as
  // ambiguous, naming both sheets' hexes (22.5).
  REQUIRE(ruleset->current_phase(state).side == "union");
  Json orders = one_move("2/II", {"F0608", "F0607"});
  CHECK(ruleset->problems(state, orders).empty());
  auto bare = ruleset->problems(state, one_move("2/II", {"0608", "0607"}));
  REQUIRE(bare.size() == 1);
  CHECK(bare[0].id == "hex.ambiguous");
  CHECK(bare[0].text().find("H0608 or F0608") != std::string::npos);
  // ... and written back with them: the echo, the events and the state.
  auto checked = ruleset->check(state, orders, "orders");
  std::string echo;
  for (const auto& line : checked.echo) echo += line + "\n";
  CHECK(echo.find("2/II moves F0608-F0607") != std::string::npos);
  adjutant::ledger::SeededDice dice(adjutant::ledger::sha256("sheets"));
  Json events = ruleset->adjudicate(state, checked, dice);
  other_rules->initial_state();  // the other rules at work in between
  adjutant::model::State after = ruleset->apply(state, events);
  CHECK(after.units.at("2/II").location == "F0607");
  for (const auto& e : events)
    if (e.value("type", "") == "move")
      for (const auto& x : e["path"]) CHECK(lettered(x.get<std::string>()));

  // The bot's orders name lettered hexes and the rules accept them.
  auto bot = adjutant::bot::make_generator(ruleset->id());
  std::string side = ruleset->current_phase(state).side;
  auto made = bot->orders({*ruleset, sc, state, side, 1});
  CHECK(made.refused.empty());
  CHECK(ruleset->problems(state, made.body).empty());
  REQUIRE(!made.body["moves"].empty());
  for (const auto& m : made.body["moves"]) {
    std::string to =
        m.contains("to") ? m["to"].get<std::string>() : m["path"].back().get<std::string>();
    CHECK(lettered(to));
  }

  // The map is drawn with its sheets' numbers, the same bytes whatever map
  // was drawn before it.
  Json no_events = Json::array();
  std::string svg = adjutant::render::render_svg({sc, state, no_events, ""});
  CHECK(svg.find("id=\"hex-H1301\"") != std::string::npos);
  CHECK(svg.find("id=\"hex-F0101\"") != std::string::npos);
  CHECK(svg.find("id=\"hex-1301\"") == std::string::npos);
  std::string plain = adjutant::render::render_svg({other, other_state, no_events, ""});
  CHECK(plain.find("id=\"hex-0101\"") != std::string::npos);
  CHECK(adjutant::render::render_svg({sc, state, no_events, ""}) == svg);
}
