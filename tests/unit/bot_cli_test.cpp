// `adjutant bot` by the CLI alone: orders for the side due that `check`
// accepts, the same for the same seed; and --play taking a game from its
// genesis to its end through sign, check, adjudicate and mail, a second copy
// made from the mails alone holding the very same log.
#include <catch2/catch.hpp>

#include "ledger/jcs.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

// A new game of `scenario` in tmp/game, the parties' keys beside it and
// their new chains in the test's secrets folder.
void new_game(const fs::path& tmp, const std::string& scenario, bool umpire,
              const std::string& name) {
  std::string cards;
  for (std::string party : {"union", "confederate", "umpire"}) {
    if (party == "umpire" && !umpire) continue;
    fs::copy_file(source_dir() / "samples" / "keys" / (party + ".key"), tmp / (party + ".key"));
    fs::permissions(tmp / (party + ".key"), fs::perms::owner_read | fs::perms::owner_write);
    auto j = run_adjutant("join --game " + name + " --side " + party + " --name " + party +
                              " --email " + party + "@example.org --key " + party + ".key --out " +
                              party + ".card.json",
                          tmp);
    INFO(j.out << j.err);
    REQUIRE(j.exit == 0);
    cards += " --card " + party + ".card.json";
  }
  auto n =
      run_adjutant("new game --name " + name + " --scenario '" +
                       (source_dir() / "scenarios" / scenario).string() + "'" + cards + " --key " +
                       (umpire ? "umpire" : "union") + ".key --created 2026-11-01T09:00:00Z",
                   tmp);
  INFO(n.out << n.err);
  REQUIRE(n.exit == 0);
}

}  // namespace

TEST_CASE("bot writes the due side's orders, which check accepts: the same seed, the same orders",
          "[bot][cli]") {
  TempDir tmp("bot-orders");
  new_game(tmp.path(), "bluegray-skirmish.json", false, "bot-orders");
  auto a = run_adjutant("bot game --print --seed 4", tmp.path());
  auto b = run_adjutant("bot game --print --seed 4", tmp.path());
  INFO(a.out << a.err);
  REQUIRE(a.exit == 0);
  CHECK(a.out == b.out);
  Json body = Json::parse(a.out);
  CHECK(body["moves"].size() > 0);
  CHECK(!body.contains("side"));  // the body only: nothing signed

  auto s = run_adjutant("bot game --key confederate.key --seed 4 -o c.json", tmp.path());
  INFO(s.out << s.err);
  REQUIRE(s.exit == 0);
  CHECK(s.out.find("orders for confederate, turn 1") != std::string::npos);
  CHECK(s.out.find("signed c.json") != std::string::npos);
  auto c = run_adjutant("check game c.json --json", tmp.path());
  INFO(c.out << c.err);
  CHECK(c.exit == 0);
  CHECK(Json::parse(c.out)["side"] == "confederate");
  Json signed_body = Json::parse(adjutant::read_file(tmp.path() / "c.json"))["body"];
  CHECK(signed_body["moves"] == body["moves"]);

  auto wrong = run_adjutant("bot game --side union --print", tmp.path());
  CHECK(wrong.exit == 2);
  CHECK(wrong.err.find("[bot.not_due]") != std::string::npos);
  auto nobody = run_adjutant("bot game --side prussia --print", tmp.path());
  CHECK(nobody.exit == 2);
  CHECK(nobody.err.find("[bot.side]") != std::string::npos);
}

TEST_CASE("bot --play plays a game to its end and the mails alone rebuild the same archive",
          "[bot][cli]") {
  TempDir tmp("bot-play");
  new_game(tmp.path(), "bluegray-skirmish.json", true, "bot-play");
  auto p = run_adjutant(
      "bot --play game --key union.key --key confederate.key --key umpire.key --seed 2 "
      "--at 2026-11-02T18:00:00Z --step-hours 12 --maildir mail --no-maps",
      tmp.path());
  INFO(p.out << p.err);
  REQUIRE(p.exit == 0);
  CHECK(p.out.find("played 16 phases") != std::string::npos);
  CHECK(p.out.find(" 0 refused") != std::string::npos);
  CHECK(p.out.find("the game is over") != std::string::npos);
  CHECK(p.out.find("turn 1 confederate: ") != std::string::npos);
  CHECK(p.out.find("adjudication 16 by umpire") != std::string::npos);

  auto v = run_adjutant("verify --json game", tmp.path());
  INFO(v.out << v.err);
  REQUIRE(v.exit == 0);
  Json report = Json::parse(v.out);
  CHECK(report["adjudications"] == 16);
  auto status = Json::parse(run_adjutant("status --json game", tmp.path()).out);
  CHECK(!status["result"].get<std::string>().empty());

  // --at and --step-hours: adjudication t is recorded at the start plus (t - 1) steps.
  std::string log = adjutant::read_file(tmp.path() / "game" / "log.jsonl");
  CHECK(log.find("\"at\":\"2026-11-02T18:00:00Z\"") != std::string::npos);
  CHECK(log.find("\"at\":\"2026-11-10T06:00:00Z\"") != std::string::npos);  // t = 16

  // Every post's mail to each of the three parties: the invitation and 16 results.
  int mails = 0;
  for (const auto& e : fs::directory_iterator(tmp.path() / "mail" / "new")) {
    (void)e;
    ++mails;
  }
  CHECK(mails == 17 * 3);
  CHECK(fs::is_empty(tmp.path() / "mail" / "tmp"));

  fs::create_directories(tmp.path() / "copies");
  auto imp = run_adjutant("import --game copies/game --no-outputs --secrets copy-secrets mail",
                          tmp.path());
  INFO(imp.out << imp.err);
  REQUIRE(imp.exit == 0);
  CHECK(adjutant::read_file(tmp.path() / "copies" / "game" / "log.jsonl") == log);

  // Nothing is left to play: a second run plays nothing and says why.
  auto again = run_adjutant(
      "bot --play game --key union.key --key confederate.key --key umpire.key", tmp.path());
  CHECK(again.exit == 0);
  CHECK(again.out.find("played 0 phases") != std::string::npos);
}

TEST_CASE("bot --play stops at the first phase whose side or adjudicator it holds no key for",
          "[bot][cli]") {
  TempDir tmp("bot-stop");
  new_game(tmp.path(), "bluegray-skirmish.json", false, "bot-stop");
  // Confederate moves first and union adjudicates: with the confederate key only.
  auto p = run_adjutant("bot --play game --key confederate.key --no-outputs", tmp.path());
  INFO(p.out << p.err);
  REQUIRE(p.exit == 0);
  CHECK(p.out.find("played 0 phases") != std::string::npos);
  CHECK(p.out.find("no key and dice chain of union, who adjudicates confederate's orders") !=
        std::string::npos);
  // Both keys, two phases asked: two adjudications, then it stops as asked.
  p = run_adjutant(
      "bot --play game --key confederate.key --key union.key --no-outputs "
      "--max-phases 2",
      tmp.path());
  INFO(p.out << p.err);
  REQUIRE(p.exit == 0);
  CHECK(p.out.find("played 2 phases") != std::string::npos);
  CHECK(run_adjutant("verify game", tmp.path()).exit == 0);
  CHECK(run_adjutant("bot --play game --key union.key --no-outputs --maildir m", tmp.path()).exit ==
        2);
}
