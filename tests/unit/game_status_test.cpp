// `adjutant status` as players and umpires read it: from state.json and the
// log's tail, checked by hash, saying what a full replay says; a game's
// units; a side's sealed copy (its deadline, its units, its map); and a
// folder of games (--json, --csv) with its standings page (view DIR).
#include <catch2/catch.hpp>

#include <filesystem>

#include "game/quick_status.h"
#include "ledger/jcs.h"
#include "support/cli_harness.h"
#include "util/files.h"
#include "util/local_time.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::ledger::Json;
using adjutant::testing::make_sample_game;
using adjutant::testing::run_adjutant;
using adjutant::testing::run_command;
using adjutant::testing::sign_sample_orders;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

bool shows(const std::string& s, const std::string& what) {
  return s.find(what) != std::string::npos;
}

Json status_of(const fs::path& game, const std::string& more = "") {
  auto r = run_adjutant("status --json " + more + " '" + game.string() + "'");
  INFO(r.err);
  REQUIRE(r.exit == 0);
  return Json::parse(r.out);
}

// A copy of the Chaos of Battle sample cut after its second adjudication
// (log line 6), so that the turn-3 orders of both sides are due, and its
// union side's sealed copy, made by the umpire.
fs::path chaos_copy_due(const fs::path& work) {
  fs::path game = work / "chaos";
  fs::copy(source_dir() / "samples" / "games" / "chaos-meeting-v3-bot", game,
           fs::copy_options::recursive);
  std::string log = read_file(game / "log.jsonl");
  std::size_t end = 0;
  for (int i = 0; i < 7; ++i) end = log.find('\n', end) + 1;
  write_file_atomic(game / "log.jsonl", log.substr(0, end));
  fs::remove(game / "state.json");
  fs::remove_all(game / "turns");
  auto s = run_adjutant("seal '" + game.string() + "' --side union --out '" +
                        (work / "union-copy").string() + "' --key '" +
                        (source_dir() / "samples" / "keys" / "umpire.key").string() + "'");
  INFO(s.out << s.err);
  REQUIRE(s.exit == 0);
  return work / "union-copy";
}

}  // namespace

TEST_CASE("status reads the caches checked by hash and says what a full replay says",
          "[game][status]") {
  TempDir tmp("status-quick");
  for (const auto& e : fs::directory_iterator(source_dir() / "samples" / "games")) {
    INFO(e.path().filename());
    // The cached reading vouches for every sample as committed...
    auto quick = adjutant::game::quick_status(e.path());
    REQUIRE(quick.has_value());
    CHECK_FALSE(quick->verified);
    // ... and says what the whole log replayed says.
    Json fast = status_of(e.path());
    Json full = status_of(e.path(), "--verify");
    CHECK(fast["verified"] == false);
    CHECK(full["verified"] == true);
    fast.erase("verified");
    full.erase("verified");
    CHECK(fast == full);
  }
  // A state.json that is not the log's last state is not believed: the log
  // is read in full instead, and says the truth.
  fs::path game = tmp.path() / "game";
  fs::copy(source_dir() / "samples" / "games" / "skirmish-umpire", game,
           fs::copy_options::recursive);
  Json truth = status_of(game);
  Json state = Json::parse(read_file(game / "state.json"));
  state["vp"]["union"] = 999;
  write_file_atomic(game / "state.json", state.dump());
  CHECK_FALSE(adjutant::game::quick_status(game).has_value());
  Json read = status_of(game);
  CHECK(read["verified"] == true);
  CHECK(read["vp"] == truth["vp"]);
  // A tail that does not chain is not believed either.
  std::string log = read_file(game / "log.jsonl");
  std::size_t cut = log.rfind("\"prev\":\"") + 8;
  log[cut] = log[cut] == '0' ? '1' : '0';
  write_file_atomic(game / "log.jsonl", log);
  CHECK_FALSE(adjutant::game::quick_status(game).has_value());
}

TEST_CASE("status says whom to send orders to, and --units lists where the units stand",
          "[game][status]") {
  TempDir tmp("status-units");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  auto r = run_adjutant("status game --units --side confederate", tmp.path());
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  CHECK(shows(r.out, "turn      2, confederate player-turn"));
  CHECK(shows(r.out, "send to   union (Sample Union <union@example.org>), who adjudicates"));
  CHECK(shows(r.out, "log       5 lines, 2 adjudications"));
  CHECK(shows(r.out, "units of confederate"));
  CHECK_FALSE(shows(r.out, "units of union"));
  CHECK(shows(r.out, "Jenkins"));
  Json j = status_of(game, "--units");
  CHECK(j["send_to"] == "union@example.org");
  REQUIRE(j["units"].contains("union"));
  bool found = false;
  for (const auto& u : j["units"]["confederate"])
    if (u["unit"] == "1/Heth") {
      found = true;
      CHECK(u["where"] == "0402");
      CHECK(u["strength"] == "12-6");
    }
  CHECK(found);
  // The deadline in the reader's own zone too, when it names one.
  r = run_adjutant("status game", tmp.path());
  CHECK(shows(r.out, "by        2026-11-06 18:00 UTC\n"));
  if (adjutant::known_time_zone("America/New_York")) {
    r = run_command("cd '" + tmp.path().string() + "' && ADJUTANT_TZ=America/New_York '" +
                    ADJUTANT_BINARY + "' status game");
    CHECK(shows(r.out, "by        2026-11-06 18:00 UTC (2026-11-06 13:00 EST)"));
  }
  auto bad = run_adjutant("status game --units --side umpire", tmp.path());
  CHECK(bad.exit == 2);
  CHECK(shows(bad.err, "[status.side]"));
}

TEST_CASE("a side's sealed copy: status gives the deadline and its units, render its map",
          "[game][status][fog]") {
  TempDir tmp("status-sealed");
  fs::path copy = chaos_copy_due(tmp.path());
  auto r = run_adjutant("status '" + copy.string() + "' --units");
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  CHECK(shows(r.out, "sealed copy of union"));
  CHECK(shows(r.out, "last      turn 2 adjudicated"));
  CHECK(shows(r.out, "due       orders from union for turn 3"));
  CHECK(shows(r.out, "by        2026-11-06 18:00 UTC"));
  CHECK(shows(r.out, "send to   the umpire (Sample Umpire <umpire@example.org>)"));
  CHECK(shows(r.out, "gamble (Gamble's cavalry brigade): deployed around ("));
  CHECK_FALSE(shows(r.out, "davis"));  // the enemy's brigades are not the side's to name
  // The map of the side's own view, with the grid numbered in inches.
  auto m = run_adjutant("render '" + copy.string() + "' --out '" + (tmp.path() / "t.svg").string() +
                        "'");
  INFO(m.out << m.err);
  REQUIRE(m.exit == 0);
  CHECK(shows(m.out, "union's view from the sealed copy, turn 3"));
  std::string svg = read_file(tmp.path() / "t.svg");
  CHECK(shows(svg, "class=\"coordinates\""));
  auto png = run_adjutant("render '" + copy.string() + "' --out '" +
                          (tmp.path() / "t.png").string() + "'");
  CHECK(png.exit == 0);
  CHECK(read_file(tmp.path() / "t.png").substr(1, 3) == "PNG");
  auto other = run_adjutant("render '" + copy.string() + "' --side confederate --out '" +
                            (tmp.path() / "c.svg").string() + "'");
  CHECK(other.exit == 2);
  CHECK(shows(other.err, "[render.bad_side]"));
}

TEST_CASE("a folder of games at a glance: status DIR, --json, --csv, and its standings page",
          "[game][status][view]") {
  TempDir tmp("status-folder");
  fs::path league = tmp.path() / "league";
  fs::create_directories(league);
  make_sample_game(league / "ely", false);
  fs::copy(source_dir() / "samples" / "games" / "skirmish-conceded", league / "over",
           fs::copy_options::recursive);
  // Long after the deadline, with orders waiting in the inbox of one game.
  const std::string now = " --now 2027-01-01T00:00:00Z";
  Json j = status_of(league, now);
  REQUIRE(j["games"].size() == 2);
  const Json& ely = j["games"][0];
  CHECK(ely["folder"] == "ely");
  CHECK(ely["phase"] == "turn 2, confederate player-turn");
  CHECK(ely["orders_due_from"] == Json::array({"confederate"}));
  CHECK(ely["late"] == true);
  CHECK(ely["adjudicator"] == "union");
  CHECK(ely["waiting"] == "the deadline passed: extend it or rule no moves received");
  const Json& over = j["games"][1];
  CHECK(over["folder"] == "over");
  CHECK(over["result"] != "");
  CHECK(over["late"] == false);
  fs::path signed_file =
      sign_sample_orders(league / "ely", "03-t2-confederate.json", "confederate");
  fs::copy_file(signed_file, league / "ely" / "inbox" / "confederate-due.json");
  j = status_of(league, now);
  CHECK(j["games"][0]["waiting"] == "orders to adjudicate: inbox/confederate-due.json");
  auto text = run_adjutant("status '" + league.string() + "'" + now);
  INFO(text.out);
  CHECK(shows(text.out, "ely: Skirmish at Ely's Mill"));
  CHECK(shows(text.out, "waiting on union: orders to adjudicate: inbox/confederate-due.json"));
  CHECK(shows(text.out, "2 games: 1 over, 1 late, 1 waiting on the adjudicator"));
  auto csv = run_adjutant("status --csv '" + league.string() + "'" + now);
  CHECK(csv.out.rfind("game,name,scenario,ruleset,turn,phase,orders_due_from,due_by,late,", 0) ==
        0);
  CHECK(shows(csv.out, "\r\nely,skirmish-noumpire,"));
  CHECK(shows(csv.out, ",yes,union,orders to adjudicate: inbox/confederate-due.json,"));

  // The standings page links each game's replay page; it reads at a
  // laptop's size and a phone's, offline.
  fs::path out = tmp.path() / "site";
  auto v = run_adjutant("view '" + league.string() + "' --out '" + out.string() + "'");
  INFO(v.out << v.err);
  REQUIRE(v.exit == 0);
  CHECK(fs::exists(out / "games" / "ely" / "index.html"));
  CHECK(fs::exists(out / "games" / "over" / "index.html"));
  std::string page = read_file(out / "index.html");
  CHECK(shows(page, "href=\"games/ely/index.html\""));
  CHECK(shows(page, "Standings: league"));
  auto seen =
      run_command("/usr/bin/python3 '" + (source_dir() / "tests/tools/standings_page.py").string() +
                  "' '" + (out / "index.html").string() + "'");
  INFO(seen.out);
  REQUIRE(seen.exit == 0);
  Json s = Json::parse(seen.out.substr(seen.out.find('{')));
  CHECK(s["errors"].empty());
  CHECK(s["requests"].empty());
  for (const char* width : {"1366", "390"}) {
    INFO(width);
    CHECK(s["sizes"][width]["overflow"] == false);
    REQUIRE(s["sizes"][width]["rows"].size() == 2);
    for (const auto& row : s["sizes"][width]["rows"]) CHECK(row["exists"] == true);
  }
}
