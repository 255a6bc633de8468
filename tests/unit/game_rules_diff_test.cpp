// adjutant rules-diff: archives adjudicated again under the latest version of
// their ruleset, with the same orders and dice; the games that would change
// are named with their first differing adjudication, and nothing on disk
// changes.
#include <catch2/catch.hpp>
#include <fstream>

#include "ledger/jcs.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

void must_succeed(const std::string& args, const fs::path& cwd) {
  auto r = run_adjutant(args, cwd);
  INFO(args << "\n" << r.out << r.err);
  REQUIRE(r.exit == 0);
}

// A two-player game of the training scenario changed by `patch` (a JSON
// merge patch), pinned to ruleset `version` (0: the latest), in `work/NAME`;
// with `orders`, the Confederate's first player-turn is adjudicated.
fs::path make_pinned_game(const fs::path& work, const std::string& name, const Json& patch,
                          int version, const Json& orders) {
  fs::path dir = work / "games" / name;
  fs::create_directories(work / "games");
  Json scenario =
      Json::parse(adjutant::read_file(source_dir() / "scenarios" / "bluegray-skirmish.json"));
  scenario.merge_patch(patch);
  std::ofstream(work / (name + ".scenario.json")) << scenario.dump(1);
  for (const char* side : {"union", "confederate"}) {
    std::string s = side;
    must_succeed("keygen --out " + name + "-" + s + ".key", work);
    must_succeed("join --game " + name + " --side " + s + " --name " + s + " --email " + s +
                     "@example.org --key " + name + "-" + s + ".key --out " + name + "-" + s +
                     ".card.json",
                 work);
  }
  must_succeed("new games/" + name + " --scenario " + name + ".scenario.json --card " + name +
                   "-union.card.json --card " + name + "-confederate.card.json --key " + name +
                   "-union.key --created 2026-11-01T09:00:00Z" +
                   (version ? " --ruleset-version " + std::to_string(version) : ""),
               work);
  if (!orders.is_null()) {
    std::ofstream(work / (name + ".orders.json")) << orders.dump();
    must_succeed("sign " + name + ".orders.json --game games/" + name + " --key " + name +
                     "-confederate.key --out " + name + ".signed.json",
                 work);
    must_succeed("adjudicate games/" + name + " " + name + ".signed.json --key " + name +
                     "-union.key --at 2026-11-02T09:00:00Z",
                 work);
  }
  return dir;
}

const Json* game_named(const Json& report, const std::string& suffix) {
  for (const auto& g : report["games"]) {
    std::string path = g["path"].get<std::string>();
    if (path.size() >= suffix.size() &&
        path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0)
      return &g;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("rules-diff names the games the latest ruleset version would adjudicate differently",
          "[game][rules_diff]") {
  TempDir work("rules-diff");
  // 7.5: version 1 let the trail replace the ford's cost into forest 0408
  // (2 MP); version 2 adds it (3 MP). No die decides it.
  Json ford_patch = Json::parse(R"({"map":{"terrain":{"forest":
      ["0201","0507","0508","0707","0708","0409","0509","0408"]}}})");
  // The units array is replaced whole by a merge patch: move 1/Heth in a copy.
  Json units = Json::parse(
      adjutant::read_file(source_dir() / "scenarios" / "bluegray-skirmish.json"))["units"];
  for (auto& u : units)
    if (u["id"] == "1/Heth") u["hex"] = "0308";
  ford_patch["units"] = units;
  make_pinned_game(work.path(), "ford", ford_patch, 1,
                   Json::parse(R"({"moves":[{"unit":"1/Heth","path":["0308","0408"]}]})"));
  // 8.74: version 1 accepted artillery alone attacking two hexes at range;
  // version 2 refuses the orders.
  Json gun_units = units;
  gun_units.push_back(Json::parse(
      R"({"id":"C4","name":"Gun","side":"confederate","type":"artillery","strength":4,"movement":6,"hex":"0102"})"));
  gun_units.push_back(Json::parse(
      R"({"id":"U6a","name":"Six A","side":"union","type":"infantry","strength":6,"movement":6,"hex":"0106"})"));
  gun_units.push_back(Json::parse(
      R"({"id":"U6b","name":"Six B","side":"union","type":"infantry","strength":6,"movement":6,"hex":"0204"})"));
  make_pinned_game(
      work.path(), "gun", Json{{"units", gun_units}}, 1,
      Json::parse(R"({"attacks":[{"attackers":["C4"],"defenders":["0106","0204"]}]})"));
  // A game pinned to the latest version has nothing to compare.
  make_pinned_game(work.path(), "latest", Json::object(), 0, Json());

  fs::path games = work.path() / "games";
  fs::path frozen = source_dir() / "samples" / "frozen";
  std::string games_before = folder_hash(games), frozen_before = folder_hash(frozen);
  auto r = run_adjutant("rules-diff --json games '" + frozen.string() + "'", work.path());
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  // Reads only: not one byte of any archive changes.
  CHECK(folder_hash(games) == games_before);
  CHECK(folder_hash(frozen) == frozen_before);
  Json report = Json::parse(r.out);
  CHECK(report["failed"] == 0);
  // Of the three games made here, two change and one is at the latest; the
  // frozen archives are counted below.
  int frozen_changed = 0;
  for (const auto& g : report["games"])
    if (g["path"].get<std::string>().find("frozen") != std::string::npos &&
        g["status"] == "changed")
      ++frozen_changed;
  CHECK(report["changed"] == 2 + frozen_changed);
  CHECK(report["current"] == 1);

  const Json* ford = game_named(report, "ford");
  REQUIRE(ford);
  CHECK((*ford)["status"] == "changed");
  CHECK((*ford)["pinned"] == 1);
  CHECK((*ford)["latest"] == 3);
  const Json& first = (*ford)["first"];
  CHECK(first["t"] == 1);
  CHECK(first["seq"] == 2);
  REQUIRE(first["removed"].size() == 1);
  REQUIRE(first["added"].size() == 1);
  CHECK(first["removed"][0]["type"] == "move");
  CHECK(first["removed"][0]["mp"] == 2);
  CHECK(first["added"][0]["mp"] == 3);
  CHECK(first["echo"]["logged"][0] == "1/Heth moves 0308-0408, 2 of 6 MP");
  CHECK(first["echo"]["latest"][0] == "1/Heth moves 0308-0408, 3 of 6 MP");

  const Json* gun = game_named(report, "gun");
  REQUIRE(gun);
  CHECK((*gun)["status"] == "changed");
  CHECK((*gun)["first"]["t"] == 1);
  CHECK((*gun)["first"]["refused"].get<std::string>().find("8.74") != std::string::npos);
  CHECK((*gun)["stopped"].is_string());

  const Json* latest = game_named(report, "latest");
  REQUIRE(latest);
  CHECK((*latest)["status"] == "current");

  // The frozen training-scenario samples of version 1 meet no reading that
  // changed, so each is adjudicated again alike, every adjudication of it.
  int frozen_games = 0;
  for (const auto& g : report["games"]) {
    if (g["path"].get<std::string>().find("bluegray-v1/skirmish") == std::string::npos) continue;
    ++frozen_games;
    CHECK(g["status"] == "unchanged");
    CHECK(g["compared"] == g["adjudications"]);
    CHECK(g["adjudications"].get<int>() > 0);
  }
  CHECK(frozen_games == 3);
  // Grand Chancellorsville at version 2 entered Union divisions two to a
  // column stack; version 3 refuses an order that relied on it.
  const Json* gc = game_named(report, "bluegray-v2/grand-chancellorsville-bot");
  REQUIRE(gc);
  CHECK((*gc)["status"] == "changed");
  CHECK((*gc)["first"]["refused"].get<std::string>().find("H0128") != std::string::npos);
  // A Chaos of Battle game, two order files a phase, is adjudicated again
  // too: version 4's readings leave the version 3 game alike.
  const Json* chaos = game_named(report, "chaos-v3/chaos-meeting-v3-bot");
  REQUIRE(chaos);
  CHECK((*chaos)["status"] == "unchanged");
  CHECK((*chaos)["compared"] == (*chaos)["adjudications"]);

  {  // The text names the first differing adjudication and its events.
    auto t = run_adjutant("rules-diff games/ford", work.path());
    INFO(t.out << t.err);
    CHECK(t.exit == 0);
    CHECK(t.out.find("changed    games/ford: bluegray version 1 -> 3") != std::string::npos);
    CHECK(t.out.find("first at adjudication 1 (log line 2, turn 1, confederate)") !=
          std::string::npos);
    CHECK(t.out.find("- {\"mp\":2,") != std::string::npos);
    CHECK(t.out.find("+ {\"mp\":3,") != std::string::npos);
  }

  {  // An archive that does not verify at its pinned version fails, exit 3.
    fs::create_directories(work.path() / "bad");
    fs::copy(games / "ford", work.path() / "bad" / "ford", fs::copy_options::recursive);
    fs::path log = work.path() / "bad" / "ford" / "log.jsonl";
    std::string text = adjutant::read_file(log);
    auto at = text.find("\"mp\":2");
    REQUIRE(at != std::string::npos);
    text[at + 5] = '3';
    std::ofstream(log, std::ios::trunc) << text;
    std::string before = folder_hash(work.path() / "bad");
    auto f = run_adjutant("rules-diff --json bad", work.path());
    INFO(f.out << f.err);
    CHECK(f.exit == 3);
    Json j = Json::parse(f.out);
    CHECK(j["failed"] == 1);
    CHECK(j["games"][0]["status"] == "failed");
    CHECK(j["games"][0]["error"]["id"].get<std::string>().rfind("verify.", 0) == 0);
    CHECK(folder_hash(work.path() / "bad") == before);
  }

  {  // A path that holds no archive is refused, exit 1.
    fs::create_directories(work.path() / "empty");
    auto e = run_adjutant("rules-diff empty", work.path());
    CHECK(e.exit == 1);
    CHECK(e.err.find("[rules_diff.not_found]") != std::string::npos);
  }
}
