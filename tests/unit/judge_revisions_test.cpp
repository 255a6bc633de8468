// The judge adjudicates the latest revision it holds (docs/protocol.md 5b):
// with two revisions of one side's orders for a phase in GAME/inbox/, the
// later revision is adjudicated whichever was filed first, and the earlier
// one is never taken, even when the later is refused by the rules.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <functional>

#include "ledger/jcs.h"
#include "mail_servers.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::ledger::Json;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

// An umpired game of the training scenario, protocol 2, under a judge whose
// maildir is empty and whose SMTP server never answers.
struct JudgedGame {
  fs::path work;
  fs::path judge;
  fs::path game;
  adjutant::testing::ScopedSecrets secrets;

  explicit JudgedGame(const fs::path& w)
      : work(w), judge(w / "judge"), game(w / "judge" / "game"), secrets(w / "secrets") {
    fs::create_directories(w / "secrets" / "keys");
    for (const char* side : {"union", "confederate", "umpire"}) {
      std::string s = side;
      fs::copy_file(source_dir() / "samples" / "keys" / (s + ".key"), work / (s + ".key"));
      fs::permissions(work / (s + ".key"), fs::perms::owner_read | fs::perms::owner_write);
      must("join --game judged --side " + s + " --name " + s + " --email " + s +
           "@example.org --key " + s + ".key --length 20 --out " + s + ".card");
    }
    fs::copy_file(work / "umpire.key", work / "secrets" / "keys" / "umpire.key");
    fs::create_directories(judge);
    must("new judge/game --name judged --scenario '" +
         (source_dir() / "scenarios" / "bluegray-skirmish.json").string() +
         "' --card union.card --card confederate.card --card umpire.card --key umpire.key "
         "--created 2026-11-01T09:00:00Z --no-outputs");
    fs::path maildir = work / "maildir";
    for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(maildir / sub);
    Json config = {{"format", "adjutant-judge/1"},
                   {"maildir", maildir.string()},
                   {"smtp",
                    {{"url", "smtp://127.0.0.1:" + std::to_string(adjutant::testing::free_port())},
                     {"timeout_seconds", 2}}},
                   {"secrets", (work / "secrets").string()}};
    write_file_atomic(judge / "judge.json", config.dump(2));
  }

  adjutant::testing::Run run(const std::string& args) const { return run_adjutant(args, work); }
  void must(const std::string& args) const {
    auto r = run(args);
    INFO("adjutant " << args << "\n" << r.out << r.err);
    REQUIRE(r.exit == 0);
  }
  // The confederate's turn 1 orders, changed by `edit`, signed and filed
  // into the game's inbox as `name`.
  Json file(const std::string& name, const std::function<void(Json&)>& edit) const {
    Json body = adjutant::ledger::parse_strict(
        read_file(source_dir() / "samples" / "orders" / "skirmish" / "01-t1-confederate.json"),
        "orders");
    edit(body);
    write_file_atomic(work / (name + ".body.json"), body.dump(2));
    must("sign " + name + ".body.json --game judge/game --key confederate.key --force --out " +
         name + ".json");
    fs::create_directories(game / "inbox");
    fs::copy_file(work / (name + ".json"), game / "inbox" / ("confederate-" + name + ".json"));
    return adjutant::ledger::parse_strict(read_file(work / (name + ".json")), name)["body"];
  }
  Json line(int n) const {
    std::string text = read_file(game / "log.jsonl", 1u << 26);
    std::size_t at = 0;
    for (int i = 0; i < n; ++i) at = text.find('\n', at) + 1;
    return adjutant::ledger::parse_strict(text.substr(at, text.find('\n', at) - at), "line");
  }
  int log_size() const {
    std::string text = read_file(game / "log.jsonl", 1u << 26);
    return int(std::count(text.begin(), text.end(), '\n'));
  }
};

void older(const fs::path& file) {
  fs::last_write_time(file, fs::last_write_time(file) - std::chrono::hours(1));
}

}  // namespace

TEST_CASE("the judge adjudicates the latest revision of a side's orders, not the first filed",
          "[judge][protocol2][dispute]") {
  TempDir tmp("judge-revisions");
  JudgedGame g(tmp.path());
  Json first = g.file("first", [](Json&) {});
  Json second = g.file("second", [](Json& b) { b["moves"].erase(b["moves"].size() - 1); });
  REQUIRE(first["revision"] == 1);
  REQUIRE(second["revision"] == 2);
  // Revision 1 filed an hour before revision 2: the judge still takes 2.
  older(g.game / "inbox" / "confederate-first.json");
  auto pass = g.run("judge judge --now 2026-11-02T09:00:00Z");
  INFO(pass.out << pass.err);
  REQUIRE(g.log_size() == 3);  // genesis, the orders, their adjudication
  Json orders = g.line(1);
  CHECK(orders["kind"] == "orders");
  CHECK(orders["body"]["body"]["revision"] == 2);
  CHECK(pass.out.find("confederate-second.json") != std::string::npos);
  CHECK(g.run("verify judge/game").exit == 0);
  // Revision 1 proves nothing against the archive: it is the earlier one.
  CHECK(g.run("verify judge/game --dispute first.json").exit == 0);
}

TEST_CASE("the judge never falls back to an earlier revision the player replaced",
          "[judge][protocol2][dispute]") {
  TempDir tmp("judge-revision-refused");
  JudgedGame g(tmp.path());
  g.file("first", [](Json&) {});
  // Revision 2 moves a unit off the map: the rules refuse it.
  g.file("second", [](Json& b) { b["moves"][0]["path"] = Json::array({"9999"}); });
  older(g.game / "inbox" / "confederate-first.json");
  auto pass = g.run("judge judge --now 2026-11-02T09:00:00Z");
  INFO(pass.out << pass.err);
  CHECK(g.log_size() == 1);  // nothing adjudicated: revision 1 is superseded
  CHECK(pass.out.find("refused") != std::string::npos);
  CHECK(pass.out.find("confederate-second.json") != std::string::npos);
}
