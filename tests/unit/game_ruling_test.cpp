// Rulings and the end of a game: a deadline extension, a player-turn passed
// with no moves received, and a concession; each verifies, and each signed
// by the wrong party is caught.
#include <catch2/catch.hpp>

#include <sstream>

#include "game/log.h"
#include "ledger/jcs.h"
#include "ledger/keys.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::ledger::Json;
using adjutant::testing::make_sample_game;
using adjutant::testing::run_adjutant;
using adjutant::testing::TempDir;

namespace {

Json game_status(const fs::path& game) {
  return Json::parse(run_adjutant("status --json '" + game.string() + "'").out);
}

int verify_exit(const fs::path& game) {
  return run_adjutant("verify '" + game.string() + "'").exit;
}

}  // namespace

TEST_CASE("extend, no moves received, concede: each step verifies", "[game][ruling]") {
  TempDir tmp("ruling");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);  // turn 2, the confederate's orders are due, union waits
  fs::path work = tmp.path();
  std::string g = "'" + game.string() + "'";

  // Only the party waiting for the orders may extend the deadline.
  auto wrong = run_adjutant("ruling " + g + " --extend 24 --key confederate.key", work);
  CHECK(wrong.exit == 2);
  CHECK(wrong.err.find("[adjudicate.wrong_key]") != std::string::npos);
  std::string due_before = game_status(game)["due_by"];
  REQUIRE(run_adjutant("ruling " + g +
                           " --extend 24 --reason travel --key union.key --at 2026-11-04T08:00:00Z",
                       work)
              .exit == 0);
  CHECK(game_status(game)["extension_hours"] == 24);
  CHECK(game_status(game)["due_by"] != due_before);
  CHECK(verify_exit(game) == 0);

  // The last adjudication was at 2026-11-03T18:00Z: 72 hours and the 24
  // extended make the deadline 2026-11-07T18:00Z. Before it, no NMR.
  CHECK(game_status(game)["due_by"] == "2026-11-07T18:00:00Z");
  std::string before_nmr = adjutant::testing::folder_hash(game);
  auto early = run_adjutant(
      "ruling " + g + " --nmr --key union.key --chain union.key.chain --at 2026-11-07T17:59:59Z",
      work);
  CHECK(early.exit == 1);
  CHECK(early.err.find("[ruling.before_deadline]") != std::string::npos);
  CHECK(early.err.find("2026-11-07T18:00:00Z") != std::string::npos);
  CHECK(adjutant::testing::folder_hash(game) == before_nmr);

  auto nmr = run_adjutant(
      "ruling " + g +
          " --nmr --key union.key --chain union.key.chain --at 2026-11-07T18:00:00Z --no-outputs",
      work);
  INFO(nmr.out << nmr.err);
  REQUIRE(nmr.exit == 0);
  // The ruling records the deadline it relied on.
  std::string log = read_file(game / "log.jsonl");
  CHECK(log.find("\"deadline\":\"2026-11-07T18:00:00Z\"") != std::string::npos);
  auto s = game_status(game);
  CHECK(s["turn"] == 2);
  CHECK(s["orders_due_from"] == "union");
  CHECK(s["adjudications"] == 3);
  CHECK(s["extension_hours"] == 0);
  CHECK(verify_exit(game) == 0);

  REQUIRE(run_adjutant("concede " + g + " --key union.key --at 2026-11-08T08:00:00Z", work).exit ==
          0);
  s = game_status(game);
  CHECK(s["orders_due_from"] == "");
  CHECK(s["result"] == "Confederate wins: Union concedes");
  CHECK(verify_exit(game) == 0);
  // Nothing more is taken once the game has ended.
  auto after = run_adjutant("ruling " + g + " --extend 5 --key confederate.key", work);
  CHECK(after.exit == 1);
  CHECK(after.err.find("[orders.game_over]") != std::string::npos);
}

TEST_CASE("no moves received is refused where the rules demand an attack", "[game][ruling]") {
  TempDir tmp("nmr-refused");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  fs::path work = tmp.path();
  std::string g = "'" + game.string() + "'";
  fs::path c2 =
      adjutant::testing::sign_sample_orders(game, "03-t2-confederate.json", "confederate");
  REQUIRE(run_adjutant("adjudicate " + g + " '" + c2.string() +
                           "' --key union.key --chain union.key.chain --no-outputs --at "
                           "2026-11-05T18:00:00Z",
                       work)
              .exit == 0);
  // Now the union's 1/I and 3/I stand next to 1/Heth and must attack (8.0).
  std::string before = adjutant::testing::folder_hash(game);
  auto r = run_adjutant("ruling " + g +
                            " --nmr --key confederate.key --chain confederate.key.chain --at "
                            "2026-11-30T00:00:00Z",
                        work);
  INFO(r.out << r.err);
  CHECK(r.exit == 1);
  CHECK(r.err.find("[ruling.nmr_refused]") != std::string::npos);
  CHECK(r.err.find("attack.missing_attacker") != std::string::npos);
  CHECK(adjutant::testing::folder_hash(game) == before);
}

TEST_CASE("a concession signed by the other side is caught", "[game][ruling][tamper]") {
  TempDir tmp("concede-tamper");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  REQUIRE(run_adjutant("concede '" + game.string() + "' --key union.key", tmp.path()).exit == 0);
  // The confederate player writes the union's concession with its own key.
  std::string log = read_file(game / "log.jsonl");
  std::vector<std::string> lines;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  Json last = Json::parse(lines.back());
  auto key = adjutant::ledger::SigningKey::load_pem(tmp.path() / "confederate.key");
  lines.back() =
      adjutant::game::make_entry_line(last["seq"], last["prev"], "end", last["body"], key);
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  adjutant::write_file_atomic(game / "log.jsonl", text);
  auto r = run_adjutant("verify --json '" + game.string() + "'");
  INFO(r.out);
  CHECK(r.exit == 3);
  auto report = Json::parse(r.out);
  CHECK(report["error"]["id"] == "verify.signature");
  CHECK(report["error"]["line"] == 5);
}
