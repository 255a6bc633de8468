// Cemetery Hill through the real pipeline: two players without an umpire
// create a game of scenarios/cemetery-hill.json and play its first player-
// turns by the CLI alone (join, new, sign, check, adjudicate) from the order
// files in samples/orders/cemetery-hill: a Confederate attack on turn 1,
// reinforcements entering on turn 2, Union cavalry leaving the map on turn 3;
// then verify proves the archive.
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

// An order file of samples/orders/cemetery-hill/.
Json sample(const std::string& file) {
  return Json::parse(
      adjutant::read_file(source_dir() / "samples" / "orders" / "cemetery-hill" / file));
}

}  // namespace

TEST_CASE("Cemetery Hill by mail: an attack, a reinforcement and a cavalry exit, verified",
          "[game][cli][cemetery-hill]") {
  TempDir tmp("cemetery-hill");
  CliGame g(tmp.path(), "gettysburg", "cemetery-hill.json");
  // 14.1: no Union player-turn on turn 1.
  CHECK(g.created().find("first orders due from confederate") != std::string::npos);

  // Turn 1, Confederate: 1 Heth comes down the Chambersburg Pike against 1/I (12 against 13).
  std::string echo = g.play("confederate", sample("01-t1-confederate.json"));
  CHECK(echo.find("1 Heth moves 0406-0506-0606, 2 of 6 MP") != std::string::npos);
  CHECK(echo.find("combat 1.1: 1 Heth against 0707 (1/I) at 1-2 (12:13)") != std::string::npos);
  Json events = g.events();
  const Json* combat = find_event(events, "combat");
  REQUIRE(combat);
  CHECK((*combat)["odds"] == "1-2");
  CHECK(g.state()["turn"] == 2);
  CHECK(g.state()["phase"] == "union");

  // Turn 2, Union: 2/Ill (14.34) enters at 0127 on the Emmitsburg Road; Devin's cavalry rides east.
  echo = g.play("union", sample("02-t2-union.json"));
  CHECK(echo.find("2/Ill enters at 0127 and moves 0127-0126-0125, 3 of 6 MP") != std::string::npos);
  CHECK(g.state()["units"]["2/Ill"]["hex"] == "0125");
  events = g.events();
  CHECK(find_event(events, "enter", "2/Ill"));

  // Turn 2, Confederate: one of the five units due enters; entry is optional
  // after turn 1 (14.33), so the others wait.
  echo = g.play("confederate", sample("03-t2-confederate.json"));
  CHECK(echo.find("1 Johnson enters at 0104 and moves 0104-0204-0305-0405, 4 of 6 MP") !=
        std::string::npos);
  CHECK(g.state()["units"]["2 Johnson"]["status"] == "waiting");

  // Turn 3, Union: 2/1 leaves the map by the east edge for 1 MP (14.4); II Corps arrives.
  echo = g.play("union", sample("04-t3-union.json"));
  CHECK(echo.find("2/1 moves 2004-2104 and leaves the map, 2 of 6 MP") != std::string::npos);
  CHECK(echo.find("1/II enters at 1127 and moves 1127-1126-1125-1124-1123, 5 of 6 MP") !=
        std::string::npos);
  events = g.events();
  const Json* exit = find_event(events, "exit", "2/1");
  REQUIRE(exit);
  CHECK((*exit)["rule"] == "14.4");
  CHECK(g.state()["units"]["2/1"]["status"] == "exited");
  CHECK(g.state()["turn"] == 3);
  CHECK(g.state()["phase"] == "confederate");

  auto v = run_adjutant("verify --json game", g.work());
  INFO(v.out << v.err);
  REQUIRE(v.exit == 0);
  auto report = Json::parse(v.out);
  CHECK(report["ok"] == true);
  CHECK(report["adjudications"] == 4);
  // The maps and reports of the last adjudication were written.
  CHECK(fs::exists(g.dir() / "turns" / "004-union" / "map-union.png"));
  CHECK(fs::exists(g.dir() / "turns" / "004-union" / "report-confederate.txt"));
}
