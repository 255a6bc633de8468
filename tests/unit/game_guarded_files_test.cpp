// The files around an archive: no command writes into an archive but
// through its own locked writes (--out, --junit, keys and cards), no write
// goes through a symbolically linked turns/ or inbox/, no game is named so
// that its folder is hidden or leaves its place, a search of a folder names
// what it passes over, and verify tells an input/output problem (exit 4)
// from a forgery (exit 3).
#include <catch2/catch.hpp>

#include <unistd.h>

#include "game/archive.h"
#include "game/genesis.h"
#include "game/posts.h"
#include "ledger/chain.h"
#include "ledger/envelope.h"
#include "ledger/jcs.h"
#include "ledger/keys.h"
#include "report/turn_outputs.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::make_sample_game;
using adjutant::testing::run_adjutant;
using adjutant::testing::run_command;
using adjutant::testing::TempDir;

namespace {

bool mentions(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("an --out path never writes into an archive", "[game][guard]") {
  TempDir tmp("out-guard");
  fs::path work = tmp.path();
  fs::path game = work / "game";
  make_sample_game(game, false);
  fs::path orders =
      adjutant::testing::sign_sample_orders(game, "03-t2-confederate.json", "confederate");
  std::string g = "'" + game.string() + "'";
  fs::create_symlink(game / "log.jsonl", work / "alias.jsonl");
  std::string before = folder_hash(game);
  const std::string sample =
      (adjutant::testing::source_dir() / "samples/orders/skirmish/03-t2-confederate.json").string();
  for (const std::string& cmd : {
           "export " + g + " --from 2 --out " + g + "/log.jsonl",
           "export " + g + " --from 2 --out alias.jsonl",  // a link into the archive
           "sign '" + sample + "' --game " + g + " --key confederate.key --out " + g + "/game.json",
           "sign '" + sample + "' --game " + g + " --key confederate.key --out " + g +
               "/inbox/new.json",
           "orders " + g + " '" + sample + "' --out " + g + "/state.json",
           "render " + g + " --out " + g + "/turns/map.png",
           "view " + g + " --out " + g + "/page",
           "view " + g + " --out " + g,
           "keygen --out " + g + "/stolen.key",
           "join --game g --side union --name U --email u@example.org --key union.key --out " + g +
               "/card.json",
           "join --game g --side union --name U --email u@example.org --key union.key --chain " +
               g + "/mail/chain --out card.json",
           "bot " + g + " --key confederate.key --out " + g + "/mail/bot.json",
           "verify " + work.string() + " --junit " + g + "/junit.xml",
       }) {
    auto r = run_adjutant(cmd, work);
    INFO(cmd << "\n" << r.out << r.err);
    CHECK(r.exit == 2);
    CHECK(mentions(r.err, "[out.in_archive]"));
    CHECK(folder_hash(game) == before);
  }
  CHECK_FALSE(fs::exists(work / "card.json"));
  // Outside the archive each works as before.
  auto r = run_adjutant("export " + g + " --from 2 --out lines.jsonl", work);
  CHECK(r.exit == 0);
  CHECK(fs::exists(work / "lines.jsonl"));
  r = run_adjutant("view " + g + " --out page", work);
  CHECK(r.exit == 0);
  CHECK(folder_hash(game) == before);
}

TEST_CASE("a symbolically linked turns/ or inbox/ is refused like a linked lock", "[game][guard]") {
  TempDir tmp("folder-link");
  fs::path work = tmp.path();
  fs::path game = work / "game";
  make_sample_game(game, false);
  fs::path orders =
      adjutant::testing::sign_sample_orders(game, "03-t2-confederate.json", "confederate");
  fs::path outside = work / "outside";
  fs::create_directories(outside);
  for (const char* folder : {"turns", "inbox", "mail"}) {
    INFO(folder);
    fs::path real = work / (std::string("real-") + folder);
    if (fs::exists(game / folder))
      fs::rename(game / folder, real);
    else
      fs::create_directories(real);
    fs::create_symlink(outside, game / folder);
    std::string log = read_file(game / "log.jsonl", adjutant::kMaxLogFile);
    auto r = run_adjutant("adjudicate '" + game.string() + "' '" + orders.string() +
                              "' --key union.key --chain union.key.chain",
                          work);
    INFO(r.out << r.err);
    CHECK(r.exit == 4);
    CHECK(mentions(r.err, "[archive.folder_link]"));
    CHECK(read_file(game / "log.jsonl", adjutant::kMaxLogFile) == log);
    CHECK(fs::is_empty(outside));
    r = run_adjutant("mail send '" + game.string() + "' --all --smtp smtp://127.0.0.1:9", work);
    CHECK(r.exit == 4);
    CHECK(mentions(r.err, "[archive.folder_link]"));
    CHECK(fs::is_empty(outside));
    fs::remove(game / folder);
    fs::rename(real, game / folder);
  }
  // Mail fetch files into inbox/: a linked one is refused before a byte is written.
  fs::path maildir = work / "Maildir";
  for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(maildir / sub);
  write_file_atomic(maildir / "new" / "1.orders",
                    "From: c@example.org\r\nSubject: orders\r\n\r\n" + read_file(orders) + "\r\n");
  fs::rename(game / "inbox", work / "real-inbox");
  fs::create_symlink(outside, game / "inbox");
  auto r = run_adjutant("mail fetch '" + game.string() + "' --maildir Maildir", work);
  CHECK(r.exit == 4);
  CHECK(mentions(r.err, "[archive.folder_link]"));
  CHECK(fs::is_empty(outside));
}

TEST_CASE("a game name that would hide its folder or leave it is refused", "[game][guard]") {
  TempDir tmp("game-names");
  fs::path work = tmp.path();
  fs::path game = work / "game";
  make_sample_game(game, false);
  const std::string scenario =
      (adjutant::testing::source_dir() / "scenarios" / "bluegray-skirmish.json").string();
  std::string cards;
  for (const char* side : {"union", "confederate"}) {
    std::string s = side;
    REQUIRE(run_adjutant("join --game fine --side " + s + " --name N --email " + s +
                             "@example.org --key " + s + ".key --length 10 --out " + s + ".card",
                         work)
                .exit == 0);
    cards += " --card " + s + ".card";
  }
  for (const std::string& cmd : {
           "new .hidden --scenario '" + scenario + "'" + cards + " --key union.key",
           "new shown --name .x --scenario '" + scenario + "'" + cards + " --key union.key",
           "new shown --name 'a/b' --scenario '" + scenario + "'" + cards + " --key union.key",
           std::string("join --game .x --side union --name N --email u@example.org --key "
                       "union.key --out c"),
       }) {
    auto r = run_adjutant(cmd, work);
    INFO(cmd << "\n" << r.out << r.err);
    CHECK(r.exit == 1);
    CHECK(mentions(r.err, "[game.bad_name]"));
  }
  CHECK_FALSE(fs::exists(work / ".hidden"));
  CHECK_FALSE(fs::exists(work / "shown"));
  CHECK_FALSE(fs::exists(work / "c"));

  // An invitation of a game named ".x", made by another program: import
  // refuses the hidden folder it would make, and so does --game ".y".
  adjutant::game::NewGame ng;
  ng.name = ".x";
  ng.created = "2026-11-01T09:00:00Z";
  ng.scenario_text = read_file(scenario);
  ng.scenario = adjutant::ledger::parse_strict(ng.scenario_text, scenario);
  ng.host = "union";
  auto union_key = adjutant::ledger::SigningKey::load_pem(work / "union.key");
  auto confederate_key = adjutant::ledger::SigningKey::load_pem(work / "confederate.key");
  for (const auto* k : {&union_key, &confederate_key}) {
    std::string side = k == &union_key ? "union" : "confederate";
    ng.cards.push_back(adjutant::ledger::sign_envelope(
        adjutant::ledger::kCardType,
        adjutant::game::card_body(".x", side, "N", side + "@example.org", *k,
                                  adjutant::ledger::new_chain(10)),
        *k));
  }
  adjutant::game::create_archive(
      work / "host" / "x", ng, union_key,
      [](const adjutant::game::Archive& a, const adjutant::game::Post& p, const fs::path& f) {
        adjutant::report::write_post_outputs(a, p, f);
      });
  fs::path invitation = work / "host" / "x" / "turns" / "000-genesis" / "mail-confederate.eml";
  REQUIRE(fs::exists(invitation));
  fs::create_directories(work / "player");
  auto r = run_adjutant("import '" + invitation.string() + "'", work / "player");
  INFO(r.out << r.err);
  CHECK(r.exit == 1);
  CHECK(mentions(r.err, "[game.bad_name]"));
  r = run_adjutant("import '" + invitation.string() + "' --game .y", work / "player");
  CHECK(r.exit == 1);
  CHECK(mentions(r.err, "[game.bad_name]"));
  CHECK(fs::is_empty(work / "player"));
  r = run_adjutant("import '" + invitation.string() + "' --game shown", work / "player");
  CHECK(r.exit == 0);
}

TEST_CASE("verify of a folder names every folder it passes over", "[game][guard]") {
  TempDir tmp("verify-skips");
  fs::path dir = tmp.path() / "games";
  fs::create_directories(dir);
  make_sample_game(dir / "shown", false);
  fs::copy(dir / "shown", dir / ".x", fs::copy_options::recursive);
  fs::create_symlink(dir / "shown", dir / "linked");
  auto r = run_adjutant("verify '" + dir.string() + "'");
  INFO(r.out << r.err);
  CHECK(r.exit == 0);
  CHECK(mentions(r.out, "skipped " + (dir / ".x").string() + ": a hidden folder"));
  CHECK(mentions(r.out, "skipped " + (dir / "linked").string() + ": a symbolic link"));
  CHECK(mentions(r.out, "1 verified, 0 failed, 1 archive, 2 skipped"));
  r = run_adjutant("verify '" + dir.string() + "' --json");
  Json j = Json::parse(r.out);
  REQUIRE(j["skipped"].size() == 2);
  CHECK(j["skipped"][0]["why"] == "a hidden folder");
}

TEST_CASE("verify: an archive it cannot write or read is exit 4, never forged", "[game][guard]") {
  TempDir tmp("verify-io");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  // A stale state.json (a cache) in an archive this user cannot write: the
  // log verifies; the cache cannot be rebuilt because the lock file cannot
  // be opened.
  write_file_atomic(game / "state.json", "{}\n");
  fs::remove(game / ".lock");
  fs::permissions(tmp.path(),
                  fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
  run_command("chmod -R a+rX '" + game.string() + "' && chmod a-w '" + game.string() + "'");
  // As root every file is writable: run verify as nobody.
  std::string as = ::geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
  auto verify = [&](const std::string& options) {
    return run_command("cd / && " + as + "'" + std::string(ADJUTANT_BINARY) + "' verify '" +
                       game.string() + "' " + options + " 2>&1");
  };
  auto r = verify("");
  INFO(r.out);
  CHECK(r.exit == 4);
  CHECK(mentions(r.out, "verified: 5 log lines"));
  CHECK(mentions(r.out, "[io.write]"));
  CHECK(mentions(r.out, ".lock"));
  CHECK_FALSE(mentions(r.out, "verify.malformed"));
  CHECK_FALSE(mentions(r.out, "FAILED"));
  r = verify("--json");
  Json j = Json::parse(r.out);
  CHECK(j["ok"] == true);
  CHECK(j["exit"] == 4);
  CHECK(j["error"]["id"] == "io.write");
  // --read-only leaves the cache: a note, exit 0.
  r = verify("--read-only");
  CHECK(r.exit == 0);
  CHECK(mentions(r.out, "state.json is stale"));
  // In a batch: exit 4, never 3.
  r = run_command("cd / && " + as + "'" + std::string(ADJUTANT_BINARY) + "' verify '" +
                  tmp.path().string() + "' 2>&1");
  CHECK(r.exit == 4);
  // A log that cannot be read: exit 4 with an io id.
  run_command("chmod a+w '" + game.string() + "' && chmod a-r '" + (game / "log.jsonl").string() +
              "'");
  r = verify("");
  CHECK(r.exit == 4);
  CHECK(mentions(r.out, "[io.read]"));
  CHECK_FALSE(mentions(r.out, "VERIFICATION FAILED"));
  run_command("chmod -R u+rwX '" + game.string() + "'");
}
