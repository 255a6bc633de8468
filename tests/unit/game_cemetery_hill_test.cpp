// Cemetery Hill through the real pipeline: two players without an umpire
// create a game of scenarios/cemetery-hill.json and play its first player-
// turns by the CLI alone (join, new, sign, check, adjudicate) from the order
// files in samples/orders/cemetery-hill: a Confederate attack on turn 1,
// reinforcements entering on turn 2, Union cavalry leaving the map on turn 3;
// then verify proves the archive.
#include <catch2/catch.hpp>

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

struct Game {
  fs::path work;
  fs::path dir;
  int day = 2;

  // Signs `orders` for `side`, checks them, and has the other side adjudicate
  // them; returns the check's echo.
  std::string play(const std::string& side, const Json& orders) {
    std::string other = side == "union" ? "confederate" : "union";
    std::string file = side + "-" + std::to_string(day) + ".json";
    std::ofstream(work / file) << orders.dump(2);
    auto s = run_adjutant(
        "sign " + file + " --game game --key " + side + ".key --out signed-" + file, work);
    INFO(s.out << s.err);
    REQUIRE(s.exit == 0);
    auto c = run_adjutant("check game signed-" + file, work);
    INFO(c.out << c.err);
    REQUIRE(c.exit == 0);
    auto a = run_adjutant("adjudicate game signed-" + file + " --key " + other + ".key --chain " +
                              other + ".key.chain --at 2026-11-" + (day < 10 ? "0" : "") +
                              std::to_string(day) + "T18:00:00Z",
                          work);
    INFO(a.out << a.err);
    REQUIRE(a.exit == 0);
    ++day;
    return c.out;
  }

  Json state() const { return Json::parse(adjutant::read_file(dir / "state.json")); }

  // Every event of every adjudication so far, in order.
  Json events() const {
    Json all = Json::array();
    std::vector<fs::path> turns;
    for (const auto& e : fs::directory_iterator(dir / "turns"))
      if (fs::exists(e.path() / "events.json")) turns.push_back(e.path());  // adjudications
    std::sort(turns.begin(), turns.end());
    for (const auto& t : turns)
      for (const auto& e : Json::parse(adjutant::read_file(t / "events.json"))) all.push_back(e);
    return all;
  }
};

// An order file of samples/orders/cemetery-hill/.
Json sample(const std::string& file) {
  return Json::parse(
      adjutant::read_file(source_dir() / "samples" / "orders" / "cemetery-hill" / file));
}

const Json* find_event(const Json& events, const std::string& type, const std::string& unit = "") {
  for (const auto& e : events)
    if (e.value("type", "") == type && (unit.empty() || e.value("unit", "") == unit)) return &e;
  return nullptr;
}

}  // namespace

TEST_CASE("Cemetery Hill by mail: an attack, a reinforcement and a cavalry exit, verified",
          "[game][cli][cemetery-hill]") {
  TempDir tmp("cemetery-hill");
  Game g{tmp.path(), tmp.path() / "game"};
  adjutant::testing::ScopedSecrets own(tmp.path() / "secrets");
  fs::path keys = source_dir() / "samples" / "keys";
  for (std::string side : {"union", "confederate"}) {
    fs::copy_file(keys / (side + ".key"), g.work / (side + ".key"));
    // The sample orders follow the dice of these chains: the test-only chains
    // of the skirmish sample, unclaimed, so that they may serve this game.
    Json chain =
        Json::parse(adjutant::read_file(keys / "chains" / "skirmish-noumpire" / (side + ".chain")));
    chain.erase("game");
    chain.erase("party");
    adjutant::write_file_atomic(g.work / (side + ".key.chain"), chain.dump(), 0600);
    fs::permissions(g.work / (side + ".key"), fs::perms::owner_read | fs::perms::owner_write);
    auto j = run_adjutant("join --chain " + side + ".key.chain --game gettysburg --side " + side +
                              " --name " + side + " --email " + side + "@example.org --key " +
                              side + ".key --out " + side + ".card.json",
                          g.work);
    REQUIRE(j.exit == 0);
  }
  auto n = run_adjutant("new game --name gettysburg --scenario '" +
                            (source_dir() / "scenarios" / "cemetery-hill.json").string() +
                            "' --card union.card.json --card confederate.card.json --key union.key "
                            "--created 2026-11-01T09:00:00Z",
                        g.work);
  INFO(n.out << n.err);
  REQUIRE(n.exit == 0);
  // 14.1: no Union player-turn on turn 1.
  CHECK(n.out.find("first orders due from confederate") != std::string::npos);

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

  auto v = run_adjutant("verify --json game", g.work);
  INFO(v.out << v.err);
  REQUIRE(v.exit == 0);
  auto report = Json::parse(v.out);
  CHECK(report["ok"] == true);
  CHECK(report["adjudications"] == 4);
  // The maps and reports of the last adjudication were written.
  CHECK(fs::exists(g.dir / "turns" / "004-union" / "map-union.png"));
  CHECK(fs::exists(g.dir / "turns" / "004-union" / "report-confederate.txt"));
}
