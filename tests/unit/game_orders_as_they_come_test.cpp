// Orders as a player or an adjudicator meets them: sign checks before it
// signs (and --force signs anyway); check and adjudicate take the mail that
// carries the order file (.eml, an mbox); adjudicate GAME takes the one
// order file due in GAME/inbox/; sync on a mail of orders says what to run.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::testing::folder_hash;
using adjutant::testing::make_sample_game;
using adjutant::testing::run_adjutant;
using adjutant::testing::sign_sample_orders;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

bool carries_text(const std::string& s, const std::string& what) {
  return s.find(what) != std::string::npos;
}

// The one mail `sign --mail` wrote into the game's outbox.
fs::path outbox_mail(const fs::path& game) {
  fs::path found;
  for (const auto& e : fs::directory_iterator(game / "mail" / "outbox"))
    if (e.path().extension() == ".eml") found = e.path();
  REQUIRE_FALSE(found.empty());
  return found;
}

const char* kAdjudicator = " --key union.key --chain union.key.chain --at 2026-11-04T18:00:00Z";

}  // namespace

TEST_CASE("sign refuses what check would refuse, on the text's lines, unless forced",
          "[game][sign]") {
  TempDir tmp("sign-check");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  const fs::path& work = tmp.path();
  std::string before = folder_hash(game);
  write_file_atomic(work / "orders.txt", "# turn 2\nJenkins 0499\n");
  auto r =
      run_adjutant("sign orders.txt --game game --key confederate.key --out o.signed.json", work);
  INFO(r.out << r.err);
  CHECK(r.exit == 1);
  CHECK(carries_text(r.err, "orders.txt:2:1: order 1 (unit Jenkins) at 0499: [move.off_map]"));
  CHECK(carries_text(r.err, "(rule 7.0). Give a hex on the map"));
  CHECK(carries_text(r.err, "nothing signed"));
  CHECK_FALSE(fs::exists(work / "o.signed.json"));
  CHECK(folder_hash(game) == before);
  // Piped: no colour.
  CHECK_FALSE(carries_text(r.err, "\x1b["));
  // --force signs, with the same problems as a warning; check then refuses it.
  r = run_adjutant("sign orders.txt --force --game game --key confederate.key --out o.signed.json",
                   work);
  CHECK(r.exit == 0);
  CHECK(carries_text(r.err, "warning: signing anyway (--force)"));
  CHECK(carries_text(r.err, "[move.off_map]"));
  auto c = run_adjutant("check game o.signed.json", work);
  CHECK(c.exit == 1);
  CHECK(carries_text(c.err, "[move.off_map]"));
  // --json says what was signed.
  auto j = run_adjutant(
      "sign --json '" + (source_dir() / "samples/orders/skirmish/03-t2-confederate.json").string() +
          "' --game game --key confederate.key --out good.signed.json",
      work);
  REQUIRE(j.exit == 0);
  auto said = adjutant::ledger::Json::parse(j.out);
  CHECK(said["file"] == "good.signed.json");
  CHECK(said["side"] == "confederate");
  CHECK(said["turn"] == 2);
}

TEST_CASE("check and adjudicate take the mail that carries the orders", "[game][mail]") {
  TempDir tmp("orders-mail");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  const fs::path& work = tmp.path();
  auto s = run_adjutant(
      "sign '" + (source_dir() / "samples/orders/skirmish/03-t2-confederate.json").string() +
          "' --game game --key confederate.key --out c.signed.json --mail",
      work);
  REQUIRE(s.exit == 0);
  fs::path mail = outbox_mail(game);
  fs::copy_file(mail, work / "orders.eml");
  // The saved mail, and an mbox holding it after another mail.
  auto c = run_adjutant("check game orders.eml", work);
  INFO(c.out << c.err);
  CHECK(c.exit == 0);
  CHECK(carries_text(c.out, "orders for confederate are valid"));
  CHECK(carries_text(c.err, "the order file in attachment"));
  std::string other =
      "From: someone@example.org\nTo: union@example.org\nSubject: hello\n\nNo orders here.\n";
  write_file_atomic(work / "box.mbox", "From someone@example.org Thu Nov  5 10:00:00 2026\n" +
                                           other +
                                           "\nFrom confederate@example.org Thu Nov  5 "
                                           "11:00:00 2026\n" +
                                           read_file(work / "orders.eml"));
  c = run_adjutant("check game box.mbox", work);
  CHECK(c.exit == 0);
  // A mail with no order file says so.
  write_file_atomic(work / "empty.eml", other);
  std::string before = folder_hash(game);
  c = run_adjutant("adjudicate game empty.eml" + std::string(kAdjudicator), work);
  CHECK(c.exit == 1);
  CHECK(carries_text(c.err, "[orders.none]"));
  CHECK(folder_hash(game) == before);
  // sync given a mail of orders says what takes it.
  c = run_adjutant("sync game orders.eml", work);
  CHECK(c.exit == 1);
  CHECK(carries_text(c.err, "[sync.orders]"));
  CHECK(carries_text(c.err, "adjutant adjudicate game FILE"));
  CHECK(folder_hash(game) == before);
  // The adjudicator plays the mail as it came.
  auto a = run_adjutant("adjudicate game orders.eml --json" + std::string(kAdjudicator), work);
  INFO(a.out << a.err);
  REQUIRE(a.exit == 0);
  auto j = adjutant::ledger::Json::parse(a.out);
  CHECK(j["ok"] == true);
  CHECK(j["turn"] == 2);
  CHECK(j["phase"] == "confederate");
  CHECK(j["next"]["orders_from"] == adjutant::ledger::Json::array({"union"}));
}

TEST_CASE("adjudicate GAME takes the one order file due in its inbox, and says which",
          "[game][mail]") {
  TempDir tmp("orders-inbox");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  const fs::path& work = tmp.path();
  std::string before = folder_hash(game);
  // None due: the turn-1 files adjudicated already lie there.
  auto none = run_adjutant("adjudicate game" + std::string(kAdjudicator), work);
  CHECK(none.exit == 1);
  CHECK(carries_text(none.err, "[adjudicate.no_orders]"));
  CHECK(carries_text(none.err, "orders from confederate for turn 2, confederate player-turn"));
  CHECK(folder_hash(game) == before);
  // Two different files due: name one.
  fs::path a = sign_sample_orders(game, "03-t2-confederate.json", "confederate");
  write_file_atomic(work / "empty.json", "{\"moves\": [], \"attacks\": []}");
  REQUIRE(
      run_adjutant(
          "sign empty.json --force --game game --key confederate.key --out empty.signed.json", work)
          .exit == 0);
  fs::copy_file(a, game / "inbox" / "confederate-a.json");
  fs::copy_file(work / "empty.signed.json", game / "inbox" / "confederate-b.json");
  before = folder_hash(game);
  auto two = run_adjutant("adjudicate game" + std::string(kAdjudicator), work);
  CHECK(two.exit == 2);
  CHECK(carries_text(two.err, "[adjudicate.which_orders]"));
  CHECK(carries_text(two.err, "inbox/confederate-a.json (confederate)"));
  CHECK(carries_text(two.err, "inbox/confederate-b.json (confederate)"));
  CHECK(folder_hash(game) == before);
  // One: taken, and named.
  fs::remove(game / "inbox" / "confederate-b.json");
  auto one = run_adjutant("adjudicate game" + std::string(kAdjudicator), work);
  INFO(one.out << one.err);
  CHECK(one.exit == 0);
  CHECK(carries_text(one.out, "taking inbox/confederate-a.json"));
  CHECK(carries_text(one.out, "adjudicated turn 2, confederate player-turn"));
  CHECK(run_adjutant("verify game", work).exit == 0);
}
