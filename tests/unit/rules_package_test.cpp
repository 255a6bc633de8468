// One ruleset, one registration (rules/package.h): a ruleset registered in
// its one place, the test game "hidden-pieces" (tests/rulesets/), gets
// every command of the program built with it (adjutant-test-games): join,
// new, the bot playing it to its end, the reports in its own words, its
// own maps, status, verify and the replay page, with no other edit.
#include <algorithm>

#include <catch2/catch.hpp>

#include "bot/bot.h"
#include "ledger/jcs.h"
#include "rules/hex_ruleset.h"
#include "rules/map_marks.h"
#include "rules/notation.h"
#include "rules/package.h"
#include "rulesets/hidden_pieces.h"
#include "support/cli_harness.h"
#include "util/error.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::run_program;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

adjutant::testing::Run games(const std::string& args, const fs::path& cwd) {
  return run_program(ADJUTANT_TEST_GAMES_BINARY, args, cwd);
}

// The ruleset of scenarios/`rel`, at its latest version.
std::unique_ptr<adjutant::rules::Ruleset> ruleset_of(const std::string& rel) {
  const fs::path file = source_dir() / "scenarios" / rel;
  return adjutant::rules::make_ruleset(
      adjutant::ledger::parse_strict(adjutant::read_file(file), file.string()), file.string());
}

}  // namespace

TEST_CASE("each shipped ruleset's package names its versions, notation, bot, map and page",
          "[package]") {
  using adjutant::rules::Board;
  using adjutant::rules::OrderPage;
  std::vector<std::string> ids;
  for (const auto* p : adjutant::rules::packages()) {
    if (p->info.id == adjutant::testing::kHiddenPieces) continue;
    INFO(p->info.id);
    ids.push_back(p->info.id);
    CHECK(p->make);
    CHECK(p->info.oldest == 1);
    CHECK(p->info.latest >= 1);
    CHECK(bool(p->make_hex) == p->info.hex);  // a hex ruleset reads a hex scenario
    CHECK(p->notation);
    CHECK(p->bot);
    CHECK(p->order_page != OrderPage::kNone);
    // A hex ruleset draws the hex map and clicks on it; a table, the table.
    CHECK((p->board == Board::kHex) == p->info.hex);
    CHECK((p->order_page == OrderPage::kHex) == (p->board == Board::kHex));
    CHECK(bool(p->table_page) == (p->order_page == OrderPage::kTable));
  }
  CHECK(ids == std::vector<std::string>{"bluegray", "ah1961", "chaos"});
  CHECK(adjutant::bot::taught_rulesets().size() >= 3);
  CHECK(adjutant::rules::notation_rulesets().size() >= 3);
}

TEST_CASE("a hex ruleset holds its scenario and names its sides; a table ruleset has no hex map",
          "[package]") {
  // Blue & Gray and the 1961 game share the hex map package
  // (rules/hex_ruleset.h): the ruleset hands out the scenario it plays.
  for (const char* rel : {"cemetery-hill.json", "ah1961.json"}) {
    INFO(rel);
    auto ruleset = ruleset_of(rel);
    const adjutant::rules::hexmap::Scenario* sc = adjutant::rules::hex_scenario(*ruleset);
    REQUIRE(sc);
    CHECK(sc->rules_version == ruleset->version());
    REQUIRE(sc->sides.size() == 2);
    CHECK(ruleset->sides() == std::vector<std::string>{sc->sides[0].id, sc->sides[1].id});
    CHECK(ruleset->side_name(sc->sides[1].id) == sc->sides[1].name);
    CHECK(ruleset->side_name("nobody").empty());
  }
  // Chaos of Battle's table is its own scenario format: no hex map, and a
  // command that needs one says so.
  auto table = ruleset_of("table/chaos-meeting.json");
  CHECK(adjutant::rules::hex_scenario(*table) == nullptr);
  CHECK_THROWS_MATCHES(adjutant::rules::hex_scenario(*table, "game"), adjutant::Error,
                       Catch::Predicate<adjutant::Error>(
                           [](const adjutant::Error& e) { return e.id() == "archive.not_hex"; }));
  CHECK(table->side_name("union") == "Union");
}

TEST_CASE("a ruleset declares the marks its units carry, and the state reader takes only those",
          "[package][state]") {
  auto bluegray = ruleset_of("cemetery-hill.json");
  auto ah1961 = ruleset_of("ah1961.json");
  auto chaos = ruleset_of("table/chaos-meeting.json");
  // Blue & Gray 10.0: a unit may be ineffective; the others mark none.
  CHECK(bluegray->unit_marks() == std::vector<std::string>{"ineffective"});
  CHECK(ah1961->unit_marks().empty());
  CHECK(chaos->unit_marks().empty());
  for (const auto* ruleset : {bluegray.get(), ah1961.get(), chaos.get()})
    for (const std::string& mark : ruleset->unit_marks()) {
      INFO(mark);
      // Written beside the unit's own members in byte order (model/state.cpp).
      CHECK(mark.find_first_not_of("abcdefghijklmnopqrstuvwxyz_") == std::string::npos);
      CHECK((mark != "status" && mark != "hex" && mark != "extra"));
    }
  adjutant::model::State st = bluegray->initial_state();
  const std::string unit = st.units.begin()->first;
  st.units[unit].mark("ineffective", true);
  const Json j = st.to_json();
  CHECK(j["units"][unit]["ineffective"] == true);
  auto back = adjutant::model::State::from_json(j, "state", bluegray->unit_marks());
  CHECK(back.hash() == st.hash());
  // A ruleset that declares no such mark refuses the member as unknown.
  CHECK_THROWS_MATCHES(adjutant::model::State::from_json(j, "state", ah1961->unit_marks()),
                       adjutant::Error,
                       Catch::Predicate<adjutant::Error>([](const adjutant::Error& e) {
                         return e.id() == "state.unknown_field";
                       }));
}

TEST_CASE(
    "a hex ruleset says the reports' scenario, turns and reinforcements; a table, its "
    "procedures",
    "[package][report]") {
  auto hex = ruleset_of("bluegray-skirmish.json");
  const auto& sc = adjutant::rules::hex_scenario(*hex, "test");
  CHECK(hex->scenario_title() == sc.title + " (" + sc.id + ")");
  CHECK(hex->turn_count() == sc.turns.count);
  for (int turn = 1; turn <= sc.turns.count; ++turn)
    CHECK(hex->turn_note(turn).empty() == !sc.turns.night.count(turn));
  CHECK(hex->piece_name("1/Heth") == "1st Brigade, Heth's Division");
  CHECK(hex->piece_name("nobody").empty());
  CHECK(hex->procedures().empty());
  // Every unit that waits to enter is due by the last turn, each once.
  const auto st = hex->initial_state();
  int waiting = 0;
  for (const auto& [id, u] : st.units) waiting += u.status == adjutant::model::UnitStatus::kWaiting;
  int due = 0;
  for (const std::string& line : hex->reinforcements_due(st, sc.turns.count))
    for (const auto& [id, u] : st.units)
      if (u.status == adjutant::model::UnitStatus::kWaiting &&
          line.find(" " + id + " (") != std::string::npos)
        ++due;
  CHECK(waiting > 0);
  CHECK(due == waiting);
  CHECK(hex->side_standing(st, "union") == std::vector<std::string>{"lost 0 units, 0 SP"});
  // Chaos of Battle reports its events by the procedures of its turn.
  auto table = ruleset_of("table/chaos-meeting.json");
  CHECK(table->scenario_title().empty());
  CHECK(table->turn_count() == 0);
  CHECK(table->side_standing(table->initial_state(), "union").empty());
  const auto order = table->procedures();
  REQUIRE(order.size() == 6);
  CHECK(order.front() == "The turn");
  for (const char* type : {"fight", "maneuver", "rest", "move", "game_end", "something_else"})
    CHECK(std::find(order.begin(), order.end(), table->procedure_of(type)) != order.end());
  CHECK(table->procedure_of("fight_outcome") == "Fights");
}

TEST_CASE("the map's legend shows only the marks a scenario's counters may carry", "[package]") {
  struct Expected {
    const char* scenario;
    bool ineffective, demoralized;
  };
  // 10.0 everywhere but Hooker and Lee 1975 (18.0 switches it off); an
  // army's morale only in Hooker and Lee (18.0); neither in the 1961 game.
  for (const Expected& e :
       {Expected{"bluegray-skirmish.json", true, false},
        Expected{"cemetery-hill.json", true, false}, Expected{"hooker-lee-1975.json", false, true},
        Expected{"hooker-lee-2006.json", true, true}, Expected{"ah1961.json", false, false}}) {
    INFO(e.scenario);
    auto ruleset = ruleset_of(e.scenario);
    const auto marks = adjutant::rules::counter_marks(adjutant::rules::hex_scenario(*ruleset, "t"));
    CHECK(marks.ineffective == e.ineffective);
    CHECK(marks.demoralized == e.demoralized);
  }
}

TEST_CASE("a ruleset registers once: the registry refuses its id twice", "[package]") {
  adjutant::testing::register_hidden_pieces();
  const auto* p = adjutant::rules::package_of(adjutant::testing::kHiddenPieces);
  REQUIRE(p);
  CHECK(p == adjutant::rules::package_of(adjutant::testing::kHiddenPieces));
  CHECK_NOTHROW(adjutant::bot::make_generator(adjutant::testing::kHiddenPieces));
  CHECK_THROWS_WITH(adjutant::rules::make_notation(adjutant::testing::kHiddenPieces),
                    Catch::Contains("[text.no_notation]"));
  try {
    adjutant::rules::add_package(adjutant::testing::hidden_pieces_package());
    FAIL("a second registration of one id was accepted");
  } catch (const adjutant::Error& e) {
    CHECK(e.id() == "registry.duplicate");
  }
}

TEST_CASE("a ruleset registered in one place gets the commands, the bot, reports and pages",
          "[package][cli]") {
  TempDir tmp("package");
  const fs::path dir = tmp.path();
  adjutant::write_file_atomic(dir / "line.json",
                              adjutant::testing::hidden_pieces_scenario(6, false).dump());
  const std::pair<const char*, const char*> parties[] = {
      {"north", "union"}, {"south", "confederate"}, {"umpire", "umpire"}};
  std::string cards;
  for (const auto& [side, key] : parties) {
    fs::copy_file(source_dir() / "samples" / "keys" / (std::string(key) + ".key"),
                  dir / (std::string(key) + ".key"));
    fs::permissions(dir / (std::string(key) + ".key"),
                    fs::perms::owner_read | fs::perms::owner_write);
    auto j =
        games(std::string("join --game line --side ") + side + " --name " + side + " --email " +
                  side + "@example.org --key " + key + ".key --out " + side + ".card.json",
              dir);
    INFO(j.out << j.err);
    REQUIRE(j.exit == 0);
    cards += std::string(" --card ") + side + ".card.json";
  }
  auto n = games("new game --name line --scenario line.json" + cards +
                     " --key umpire.key --created 2026-11-01T09:00:00Z",
                 dir);
  INFO(n.out << n.err);
  REQUIRE(n.exit == 0);
  CHECK(n.out.find("first orders due from north") != std::string::npos);

  // The bot plays it to its end, both sides' orders at once each turn, the
  // umpire adjudicating.
  auto p = games(
      "bot --play game --key union.key --key confederate.key --key umpire.key --seed 3 "
      "--at 2026-11-02T18:00:00Z --step-hours 12",
      dir);
  INFO(p.out << p.err);
  REQUIRE(p.exit == 0);
  CHECK(p.out.find("played 6 phases") != std::string::npos);
  CHECK(p.out.find(" 0 refused") != std::string::npos);
  CHECK(p.out.find("the game is over") != std::string::npos);

  // The reports say its events in its own words (describe_event), and its
  // map is its own picture (draw_svg), one per view.
  const fs::path turn1 = dir / "game" / "turns" / "001-move";
  const std::string report = adjutant::read_file(turn1 / "report-umpire.txt");
  CHECK(report.find("moves from square 2 to") != std::string::npos);
  CHECK(report.find("end of turn 1") != std::string::npos);
  const std::string north_map = adjutant::read_file(turn1 / "map-north.svg");
  CHECK(north_map.find(">n1</text>") != std::string::npos);
  CHECK(north_map.find(">s1</text>") == std::string::npos);  // its own view only
  CHECK(adjutant::read_file(turn1 / "map-umpire.svg").find(">s1</text>") != std::string::npos);

  auto s = games("status --json game", dir);
  INFO(s.out << s.err);
  REQUIRE(s.exit == 0);
  CHECK(s.out.find(adjutant::testing::kHiddenPieces) != std::string::npos);
  auto v = games("verify --json game", dir);
  INFO(v.out << v.err);
  REQUIRE(v.exit == 0);
  CHECK(Json::parse(v.out)["adjudications"] == 6);

  auto page = games("view game --out replay", dir);
  INFO(page.out << page.err);
  REQUIRE(page.exit == 0);
  const std::string html = adjutant::read_file(dir / "replay" / "index.html");
  CHECK(html.find("ruleset hidden-pieces version 1") != std::string::npos);
  CHECK(html.find("moves from square 2 to") != std::string::npos);
  // Its own picture at every step, drawn over the base in the browser.
  CHECK(html.find("\"kind\":\"own\"") != std::string::npos);
  auto shown = adjutant::testing::run_command(
      "/usr/bin/python3 '" + (source_dir() / "tests" / "tools" / "view_page.py").string() + "' '" +
      (dir / "replay" / "index.html").string() + "' --ready");
  INFO(shown.out);
  REQUIRE(shown.exit == 0);
  const Json page_report = Json::parse(shown.out.substr(shown.out.find('{')));
  CHECK(page_report["errors"].empty());
  CHECK(page_report["drawn"] == 1);

  // It has no order page and says so, as its package has none.
  auto orders = games("view game --orders --out o.html", dir);
  CHECK(orders.exit == 2);
  CHECK(orders.err.find("[view.orders_ruleset]") != std::string::npos);

  // The shipped program has no such ruleset, and says so by name.
  auto shipped = adjutant::testing::run_adjutant("verify game", dir);
  CHECK(shipped.exit != 0);
  CHECK(shipped.err.find("scenario.unknown_ruleset") != std::string::npos);
}
