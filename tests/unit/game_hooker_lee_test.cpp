// Hooker and Lee through the real pipeline, once per edition: two players
// without an umpire create a game of scenarios/hooker-lee-1975.json or
// hooker-lee-2006.json and play its first ten player-turns by the CLI alone
// (join, new, sign, check, adjudicate): Jackson's flank march leaves by 2514
// on turn 1 (16.22 / 18.22) and comes back at 1427 on turn 4 (16.23 /
// 18.23), I Corps enters at 0111 and crosses U.S. Ford on turn 4, the Union
// rolls for Averill through the game's dice as its player-turn of turn 5
// begins (17.2 / 19.14) and moves Averill as the die allows; then verify
// proves the archive.
#include <catch2/catch.hpp>

#include <fstream>

#include "ledger/jcs.h"
#include "support/cli_game.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::CliGame;
using adjutant::testing::find_event;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

Json move(const std::string& unit, std::vector<std::string> path, bool exit = false) {
  Json m = {{"unit", unit}, {"path", path}};
  if (exit) m["exit"] = true;
  return m;
}

Json moves(std::vector<Json> list) {
  return Json{{"moves", list}};
}

// Ten player-turns of one edition; `artillery` is the I Corps artillery's
// id in its chart ("1" in 1975, "I" in 2006), `doles` the MP Doles/R spends
// coming back second at 1427 and moving one hex.
void play_edition(const std::string& scenario, const std::string& artillery,
                  const std::string& doles) {
  TempDir tmp("hooker-lee");
  CliGame g(tmp.path(), "chancellorsville", scenario);
  // 14.31 / 16.3: the Confederate player is the first player.
  CHECK(g.created().find("first orders due from confederate") != std::string::npos);

  // Turn 1, Confederate: Ramseur and Doles set out on Jackson's flank march.
  std::string echo = g.play(
      "confederate", moves({move("Ramseur/R", {"2112", "2212", "2313", "2413", "2514"}, true),
                            move("Doles/R", {"2112", "2212", "2313", "2413", "2514"}, true)}));
  CHECK(echo.find("Ramseur/R moves 2112-2212-2313-2413-2514 and leaves the map, 5 of 6 MP") !=
        std::string::npos);
  Json events = g.last_events();
  const Json* exit = find_event(events, "exit", "Ramseur/R");
  REQUIRE(exit);
  CHECK((*exit)["returns"]["turn"] == 4);
  CHECK(g.state()["units"]["Ramseur/R"]["status"] == "waiting");

  // Turns 1-3: the other player-turns pass without orders.
  for (int i = 0; i < 5; ++i) g.play(i % 2 == 0 ? "union" : "confederate", Json::object());
  REQUIRE(g.state()["turn"] == 4);
  REQUIRE(g.state()["phase"] == "confederate");

  // Turn 4, Confederate: the flank march comes back at 1427 in column.
  echo = g.play("confederate",
                moves({move("Ramseur/R", {"1427", "1527"}), move("Doles/R", {"1427", "1527"})}));
  CHECK(echo.find("Ramseur/R enters at 1427 and moves 1427-1527, 2 of 6 MP") != std::string::npos);
  // 16.25: the second unit of the column pays 2 MP; 18.25: the first stack pays 1 a unit.
  CHECK(echo.find("Doles/R enters at 1427 and moves 1427-1527, " + doles + " of 6 MP") !=
        std::string::npos);
  CHECK(g.state()["units"]["Doles/R"]["hex"] == "1527");

  // Turn 4, Union: I Corps enters at 0111 and crosses U.S. Ford.
  echo = g.play("union", moves({move("1/I", {"0111", "0211", "0311", "0411"}),
                                move("2/I", {"0111", "0211", "0312", "0412"}),
                                move("3/I", {"0111", "0211", "0311"}),
                                move(artillery, {"0111", "0211", "0312"})}));
  CHECK(echo.find("movement quota: 0 of 6 units moved") != std::string::npos);
  events = g.last_events();
  const Json* limit = find_event(events, "morale_limit");
  REQUIRE(limit);
  CHECK((*limit)["above"] == 58);
  CHECK(g.state()["extra"]["morale"]["union"]["above"] == 58);

  // Turn 5, Confederate (night): the Union's Averill roll comes at the end.
  g.play("confederate", Json::object());
  events = g.last_events();
  const Json* roll = find_event(events, "crossing_roll");
  REQUIRE(roll);
  int die = (*roll)["die"]["value"].get<int>();
  CHECK((*roll)["allowed"] == (die == 1));
  CHECK(g.state()["extra"]["crossing"]["allowed"] == (die == 1));
  std::string report =
      adjutant::read_file(g.dir() / "turns" / "009-confederate" / "report-union.txt");
  CHECK(report.find("crossing roll") != std::string::npos);

  // Turn 5, Union: Averill crosses Ely's Ford if the die allowed it, else waits at 0128.
  if (die == 1) {
    g.play("union", moves({move("1/Averill", {"0128", "0227", "0328"}),
                           move("2/Averill", {"0128", "0227", "0327"})}));
    CHECK(g.state()["units"]["1/Averill"]["hex"] == "0328");
  } else {
    g.play("union", moves({move("1/Averill", {"0128"}), move("2/Averill", {"0128", "0127"})}));
    CHECK(g.state()["units"]["1/Averill"]["hex"] == "0128");
  }
  CHECK(g.state()["turn"] == 6);
  CHECK(g.state()["phase"] == "confederate");

  auto v = run_adjutant("verify --json game", g.work());
  INFO(v.out << v.err);
  REQUIRE(v.exit == 0);
  auto verified = Json::parse(v.out);
  CHECK(verified["ok"] == true);
  CHECK(verified["adjudications"] == 10);
  CHECK(fs::exists(g.dir() / "turns" / "010-union" / "map-union.png"));
}

}  // namespace

TEST_CASE("Hooker and Lee 1975 by mail: the flank march, I Corps, Averill's roll, verified",
          "[game][cli][hooker-lee][slow]") {
  play_edition("hooker-lee-1975.json", "1", "3");
}

TEST_CASE("Hooker and Lee 2006 by mail: the flank march, I Corps, Averill's roll, verified",
          "[game][cli][hooker-lee][slow]") {
  play_edition("hooker-lee-2006.json", "I", "2");
}
