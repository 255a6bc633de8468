// Grand Chancellorsville through the real pipeline: two players without an
// umpire create a game of scenarios/grand-chancellorsville.json (two sheets
// joined) and play its first player-turns by the CLI alone (join, new, sign,
// check, adjudicate): the Union moves first on turn 1 (22.3), V Corps enters
// at H0128 and 2/II marches into Falmouth on the F sheet; Jackson's corps
// enters at F2501 in column on turn 2 (22.62, 22.6); orders naming a bare
// hex number are refused (hex.ambiguous); the map shows both sheets; verify
// proves the archive.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>

#include "ledger/jcs.h"
#include "support/cli_game.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::CliGame;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

Json move(const std::string& unit, std::vector<std::string> path) {
  return Json{{"unit", unit}, {"path", path}};
}

}  // namespace

TEST_CASE("Grand Chancellorsville: the first turns on both sheets by the CLI, then verify",
          "[game][grand-chancellorsville][slow]") {
  TempDir tmp("grand-chancellorsville");
  CliGame g(tmp.path(), "campaign", "grand-chancellorsville.json");
  // 22.3: no Confederate player-turn on turn 1.
  CHECK(g.created().find("first orders due from union") != std::string::npos);
  Json start = g.state();
  CHECK(start["units"]["1/II"]["hex"] == "H0307");
  CHECK(start["units"]["Smith/E"]["hex"] == "F2202");

  // A bare hex number is refused, naming both sheets' hexes.
  std::string bare = g.sign("union", Json{{"moves", {move("2/II", {"0608", "0607"})}}}, true);
  auto refused = run_adjutant("check game " + bare, g.work());
  CHECK(refused.exit != 0);
  std::string said = refused.out + refused.err;
  CHECK(said.find("hex.ambiguous") != std::string::npos);
  CHECK(said.find("H0608 or F0608") != std::string::npos);

  // Turn 1 (night), Union: V Corps enters at H0128; 2/II marches into Falmouth.
  std::string echo =
      g.play("union",
             Json{{"moves", {move("1/V", {"H0128", "H0127"}), move("2/II", {"F0608", "F0607"})}}});
  CHECK(echo.find("1/V enters at H0128 and moves H0128-H0127") != std::string::npos);
  CHECK(echo.find("2/II moves F0608-F0607") != std::string::npos);
  Json s = g.state();
  CHECK(s["turn"] == 2);
  CHECK(s["phase"] == "confederate");
  CHECK(s["units"]["1/V"]["hex"] == "H0127");
  CHECK(s["units"]["2/II"]["hex"] == "F0607");

  // Turn 2, Confederate: Jackson's corps enters at F2501 in column (22.6):
  // Heth/H and Thomas/H make the first stack, Ramseur/R the second.
  echo = g.play("confederate",
                Json{{"moves",
                      {move("Heth/H", {"F2501", "F2502"}), move("Thomas/H", {"F2501", "F2502"}),
                       move("Ramseur/R", {"F2501"})}}});
  CHECK(echo.find("Ramseur/R enters at F2501, 2 of 6 MP") != std::string::npos);
  s = g.state();
  CHECK(s["units"]["Heth/H"]["hex"] == "F2502");
  CHECK(s["units"]["Ramseur/R"]["hex"] == "F2501");
  CHECK(s["units"]["Doles/R"]["status"] == "waiting");  // delayed by choice (22.6)

  // Turn 2, Union: XII Corps crosses onto the map at H1128.
  g.play("union", Json{{"moves", {move("1/XII", {"H1128", "H1127"})}}});
  CHECK(g.state()["turn"] == 3);

  auto r = run_adjutant("render game --out map.svg", g.work());
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  std::string svg = adjutant::read_file(g.work() / "map.svg");
  CHECK(svg.find("F1301") != std::string::npos);
  CHECK(svg.find("H0305") != std::string::npos);
  CHECK(svg.find("Fredericksburg") != std::string::npos);
  CHECK(svg.find("Chancellorsville") != std::string::npos);

  auto v = run_adjutant("verify game", g.work());
  INFO(v.out << v.err);
  CHECK(v.exit == 0);
  CHECK(v.out.find("verified") != std::string::npos);
}

TEST_CASE(
    "Grand Chancellorsville: the scenario and the Fredericksburg sheet are what their builders "
    "write",
    "[game][grand-chancellorsville]") {
  std::string command =
      "cd '" + source_dir().string() +
      "' && python3 tools/fredericksburg/make_sheet.py --check > /dev/null 2>&1"
      " && python3 tools/grand-chancellorsville/build.py --check > /dev/null 2>&1";
  int status = std::system(command.c_str());
  CHECK((status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0));
}

// 22.12: the provenance's crossings are pontoon hexes on the river's course,
// a land hex on either bank (cases grand-chancellorsville/22.12-* cross them).
TEST_CASE("Grand Chancellorsville: Franklin's and Fitzhugh's Crossings are pontoon hexes",
          "[game][grand-chancellorsville]") {
  Json sc =
      Json::parse(adjutant::read_file(source_dir() / "scenarios" / "grand-chancellorsville.json"));
  const Json& places = sc["map"]["places"];
  const Json& pontoons = sc["map"]["terrain"]["pontoon"];
  const Json& rivers = sc["map"]["terrain"]["river"];
  for (const char* hex : {"F1406", "F1705"}) {
    INFO(hex);
    CHECK(std::count(pontoons.begin(), pontoons.end(), Json(hex)) == 1);
    CHECK(std::count(rivers.begin(), rivers.end(), Json(hex)) == 0);
  }
  CHECK(places["F1406"] == "Franklin's Crossing");
  CHECK(places["F1705"] == "Fitzhugh's Crossing");
  std::string provenance = sc["provenance"].dump();
  CHECK(provenance.find("Franklin's Crossing (F1406)") != std::string::npos);
  CHECK(provenance.find("Fitzhugh's Crossing (F1705)") != std::string::npos);
}
