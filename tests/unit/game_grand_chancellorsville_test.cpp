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

#include <cstdlib>
#include <fstream>

#include "ledger/jcs.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

struct Campaign {
  fs::path work;
  fs::path dir;
  int day = 2;

  std::string sign(const std::string& side, const Json& orders) {
    std::string file = side + "-" + std::to_string(day) + ".json";
    std::ofstream(work / file) << orders.dump(2);
    auto s = run_adjutant(
        "sign " + file + " --game game --key " + side + ".key --out signed-" + file, work);
    INFO(s.out << s.err);
    REQUIRE(s.exit == 0);
    return "signed-" + file;
  }

  // Signs, checks and has the other side adjudicate; returns the check's echo.
  std::string play(const std::string& side, const Json& orders) {
    std::string other = side == "union" ? "confederate" : "union";
    std::string file = sign(side, orders);
    auto c = run_adjutant("check game " + file, work);
    INFO(c.out << c.err);
    REQUIRE(c.exit == 0);
    auto a = run_adjutant("adjudicate game " + file + " --key " + other + ".key --chain " + other +
                              ".key.chain --at 2026-11-" + (day < 10 ? "0" : "") +
                              std::to_string(day) + "T18:00:00Z",
                          work);
    INFO(a.out << a.err);
    REQUIRE(a.exit == 0);
    ++day;
    return c.out;
  }

  Json state() const { return Json::parse(adjutant::read_file(dir / "state.json")); }
};

Json move(const std::string& unit, std::vector<std::string> path) {
  return Json{{"unit", unit}, {"path", path}};
}

}  // namespace

TEST_CASE("Grand Chancellorsville: the first turns on both sheets by the CLI, then verify",
          "[game][grand-chancellorsville][slow]") {
  TempDir tmp("grand-chancellorsville");
  Campaign g{tmp.path(), tmp.path() / "game"};
  adjutant::testing::ScopedSecrets own(tmp.path() / "secrets");
  fs::path keys = source_dir() / "samples" / "keys";
  for (std::string side : {"union", "confederate"}) {
    fs::copy_file(keys / (side + ".key"), g.work / (side + ".key"));
    Json chain =
        Json::parse(adjutant::read_file(keys / "chains" / "skirmish-noumpire" / (side + ".chain")));
    chain.erase("game");
    chain.erase("party");
    adjutant::write_file_atomic(g.work / (side + ".key.chain"), chain.dump(), 0600);
    fs::permissions(g.work / (side + ".key"), fs::perms::owner_read | fs::perms::owner_write);
    auto j = run_adjutant("join --chain " + side + ".key.chain --game campaign --side " + side +
                              " --name " + side + " --email " + side + "@example.org --key " +
                              side + ".key --out " + side + ".card.json",
                          g.work);
    REQUIRE(j.exit == 0);
  }
  auto n = run_adjutant("new game --name campaign --scenario '" +
                            (source_dir() / "scenarios" / "grand-chancellorsville.json").string() +
                            "' --card union.card.json --card confederate.card.json --key union.key "
                            "--created 2026-11-01T09:00:00Z",
                        g.work);
  INFO(n.out << n.err);
  REQUIRE(n.exit == 0);
  // 22.3: no Confederate player-turn on turn 1.
  CHECK(n.out.find("first orders due from union") != std::string::npos);
  Json start = g.state();
  CHECK(start["units"]["1/II"]["hex"] == "H0307");
  CHECK(start["units"]["Smith/E"]["hex"] == "F2202");

  // A bare hex number is refused, naming both sheets' hexes.
  std::string bare = g.sign("union", Json{{"moves", {move("2/II", {"0608", "0607"})}}});
  auto refused = run_adjutant("check game " + bare, g.work);
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

  auto r = run_adjutant("render game --out map.svg", g.work);
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  std::string svg = adjutant::read_file(g.work / "map.svg");
  CHECK(svg.find("F1301") != std::string::npos);
  CHECK(svg.find("H0305") != std::string::npos);
  CHECK(svg.find("Fredericksburg") != std::string::npos);
  CHECK(svg.find("Chancellorsville") != std::string::npos);

  auto v = run_adjutant("verify game", g.work);
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
