// The CLI alone takes a two-player game of the training scenario through
// keygen -> join -> new -> sign -> check -> adjudicate -> verify, with and
// without an umpire; bad input changes nothing on disk.
#include <catch2/catch.hpp>

#include "ledger/jcs.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::testing::folder_hash;
using adjutant::testing::make_sample_game;
using adjutant::testing::run_adjutant;
using adjutant::testing::TempDir;

TEST_CASE("keygen writes a 0600 key and refuses to overwrite it", "[game][cli]") {
  TempDir tmp("keygen");
  auto r = run_adjutant("keygen --out alice.key", tmp.path());
  REQUIRE(r.exit == 0);
  CHECK(r.out.find("keyid ") != std::string::npos);
  auto perms = fs::status(tmp.path() / "alice.key").permissions();
  CHECK((perms & (fs::perms::group_all | fs::perms::others_all)) == fs::perms::none);
  CHECK(run_adjutant("keygen --out alice.key", tmp.path()).exit == 2);
}

TEST_CASE("every subcommand answers --help", "[game][cli]") {
  for (const char* cmd : {"keygen", "join", "new", "sign", "check", "adjudicate", "ruling",
                          "concede", "status", "replay", "verify", "canon", "explain", "case",
                          "render", "report", "mail", "bench", "judge"}) {
    auto r = run_adjutant(std::string(cmd) + " --help");
    INFO(cmd);
    CHECK(r.exit == 0);
    // "Usage:" then "  adjutant CMD ...", or a one-line "usage: adjutant CMD ...".
    CHECK(r.out.find("sage:") != std::string::npos);
    CHECK(r.out.find("adjutant " + std::string(cmd)) != std::string::npos);
  }
  CHECK(run_adjutant("nosuchcommand").exit == 2);
  CHECK(run_adjutant("verify --nosuchoption x").exit == 2);
}

TEST_CASE("a game without an umpire: each side adjudicates the other's orders", "[game][cli]") {
  TempDir tmp("noumpire");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  auto v = run_adjutant("verify --json '" + game.string() + "'");
  INFO(v.out << v.err);
  REQUIRE(v.exit == 0);
  auto report = adjutant::ledger::Json::parse(v.out);
  CHECK(report["ok"] == true);
  CHECK(report["lines"] == 5);
  CHECK(report["adjudications"] == 2);
  auto status =
      adjutant::ledger::Json::parse(run_adjutant("status --json '" + game.string() + "'").out);
  CHECK(status["turn"] == 2);
  CHECK(status["orders_due_from"] == "confederate");
  CHECK(status["adjudicator"] == "union");
  CHECK(status["umpire"] == false);
  auto log = read_file(game / "log.jsonl");
  // Line 1 (the confederate orders) is signed by union, the adjudicator.
  CHECK(fs::exists(game / "turns" / "001-confederate" / "events.json"));
  CHECK(fs::exists(game / "turns" / "002-union" / "events.json"));
}

TEST_CASE("an umpire game: the umpire adjudicates both sides", "[game][cli]") {
  TempDir tmp("umpire");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, true);
  auto v = run_adjutant("verify '" + game.string() + "'");
  INFO(v.out << v.err);
  REQUIRE(v.exit == 0);
  auto status =
      adjutant::ledger::Json::parse(run_adjutant("status --json '" + game.string() + "'").out);
  CHECK(status["umpire"] == true);
  CHECK(status["adjudicator"] == "umpire");
}

TEST_CASE("the same keys, orders and times give the same archive bytes", "[game][determinism]") {
  TempDir a("det-a"), b("det-b");
  make_sample_game(a.path() / "game", false);
  make_sample_game(b.path() / "game", false);
  std::string log = read_file(a.path() / "game" / "log.jsonl");
  CHECK(log == read_file(b.path() / "game" / "log.jsonl"));
  CHECK(read_file(a.path() / "game" / "state.json") == read_file(b.path() / "game" / "state.json"));
  // And the same as the committed sample archive's first turn.
  std::string sample =
      read_file(adjutant::testing::source_dir() / "samples/games/skirmish-noumpire/log.jsonl");
  CHECK(sample.substr(0, log.size()) == log);
}

TEST_CASE("replay --to rebuilds the state at a log line", "[game][cli]") {
  TempDir tmp("replay");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  auto at0 =
      adjutant::ledger::Json::parse(run_adjutant("replay --to 0 '" + game.string() + "'").out);
  auto at2 =
      adjutant::ledger::Json::parse(run_adjutant("replay --to 2 '" + game.string() + "'").out);
  auto last = adjutant::ledger::Json::parse(run_adjutant("replay '" + game.string() + "'").out);
  CHECK(at0["adjudications"] == 0);
  CHECK(at0["units"]["Jenkins"]["hex"] == "0901");
  CHECK(at2["adjudications"] == 1);
  CHECK(at2["phase"] == "union");
  CHECK(last["adjudications"] == 2);
  CHECK(last == adjutant::ledger::Json::parse(read_file(game / "state.json")));
  CHECK(run_adjutant("replay --to 99 '" + game.string() + "'").exit == 2);
}

TEST_CASE("a second run on a locked game waits for nothing and changes nothing", "[game][lock]") {
  TempDir tmp("lock");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  fs::path work = tmp.path();
  fs::path signed_file =
      adjutant::testing::sign_sample_orders(game, "03-t2-confederate.json", "confederate");
  std::string before = folder_hash(game);
  {
    adjutant::FolderLock held(game);
    auto r = run_adjutant("adjudicate '" + game.string() + "' '" + signed_file.string() +
                              "' --key union.key --chain union.key.chain",
                          work);
    INFO(r.out << r.err);
    CHECK(r.exit == 4);
    CHECK(r.err.find("[archive.locked]") != std::string::npos);
    CHECK(folder_hash(game) == before);
  }
  auto r = run_adjutant("adjudicate '" + game.string() + "' '" + signed_file.string() +
                            "' --key union.key --chain union.key.chain --no-outputs",
                        work);
  INFO(r.out << r.err);
  CHECK(r.exit == 0);
  CHECK(run_adjutant("verify '" + game.string() + "'").exit == 0);
}
