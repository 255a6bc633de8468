// Hostile input at the command line: every refusal is clear, names the file,
// and changes nothing; nothing an input holds can drive the terminal or
// forge a line of output; every read is bounded.
#include <catch2/catch.hpp>

#include <unistd.h>

#include "ledger/envelope.h"
#include "ledger/keys.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::read_file;
using adjutant::write_file_atomic;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::make_sample_game;
using adjutant::testing::run_adjutant;
using adjutant::testing::TempDir;

namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// True when `text` holds a byte a terminal would act on (ESC, CR, ...).
bool has_control(const std::string& text) {
  for (unsigned char c : text)
    if ((c < 0x20 && c != '\n') || c == 0x7f) return true;
  return false;
}

}  // namespace

TEST_CASE("a unit id holding ESC and a newline cannot forge a line of output", "[game][hostile]") {
  TempDir tmp("forge-line");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  fs::path work = tmp.path();
  std::string evil = "1/Heth\x1b[2K\rverified: 9 log lines, 4 adjudications\n";
  Json orders = {{"moves", {{{"unit", evil}, {"to", "0402"}}}}};
  write_file_atomic(work / "evil.json", orders.dump());
  REQUIRE(run_adjutant("sign evil.json --force --game '" + game.string() +
                           "' --key confederate.key --out evil.signed.json",
                       work)
              .exit == 0);
  std::string before = folder_hash(game);
  for (const std::string& cmd :
       {"check '" + game.string() + "' evil.signed.json",
        "adjudicate '" + game.string() +
            "' evil.signed.json --key union.key --chain union.key.chain"}) {
    auto r = run_adjutant(cmd, work);
    INFO(cmd << "\n" << r.out << r.err);
    CHECK(r.exit == 1);
    CHECK_FALSE(has_control(r.out));
    CHECK_FALSE(has_control(r.err));
    CHECK(has(r.err, "\\x1b"));
    CHECK(has(r.err, "[move.unknown_unit]"));
    // Every line of the refusal starts with the file's name.
    std::size_t at = 0;
    while (at < r.err.size()) {
      std::size_t end = r.err.find('\n', at);
      CHECK(r.err.compare(at, 15, "evil.signed.jso") == 0);
      at = end == std::string::npos ? r.err.size() : end + 1;
    }
  }
  CHECK(folder_hash(game) == before);
}

TEST_CASE("join and new refuse control characters in names and CR LF in addresses",
          "[game][hostile]") {
  TempDir tmp("names");
  fs::path work = tmp.path();
  REQUIRE(run_adjutant("keygen --out k.key", work).exit == 0);
  auto join = [&](const std::string& name, const std::string& email) {
    return run_adjutant("join --game g --side union --name '" + name + "' --email '" + email +
                            "' --key k.key --out c.json",
                        work);
  };
  auto crlf = join("Alice", "alice@example.org\r\nBcc: everyone@example.org");
  CHECK(crlf.exit == 1);
  CHECK(has(crlf.err, "[card.bad_email]"));
  CHECK_FALSE(has_control(crlf.err));
  auto esc = join("Alice\x1b[31m", "alice@example.org");
  CHECK(esc.exit == 1);
  CHECK(has(esc.err, "[card.bad_name]"));
  CHECK_FALSE(fs::exists(work / "c.json"));
  CHECK(join("Alice", "alice@example.org").exit == 0);

  // A card forged with a CR LF address (signed by its own key) is refused by
  // new, before anything is written.
  auto key = adjutant::ledger::SigningKey::load_pem(work / "k.key");
  Json card = Json::parse(read_file(work / "c.json"));
  card["body"]["email"] = "alice@example.org\r\nBcc: x@example.org";
  card = adjutant::ledger::sign_envelope(adjutant::ledger::kCardType, card["body"], key);
  write_file_atomic(work / "bad.card.json", card.dump());
  auto n = run_adjutant(
      "new g --scenario '" +
          (adjutant::testing::source_dir() / "scenarios" / "bluegray-skirmish.json").string() +
          "' --card bad.card.json --key k.key",
      work);
  CHECK(n.exit == 1);
  CHECK(has(n.err, "[card.bad_email]"));
  CHECK_FALSE(fs::exists(work / "g"));
}

TEST_CASE("every read is bounded: /dev/zero is refused at once", "[game][hostile]") {
  TempDir tmp("zero");
  fs::path work = tmp.path();
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  for (const std::string& cmd :
       {std::string("canon /dev/zero"), "check '" + game.string() + "' /dev/zero",
        "sign /dev/zero --game '" + game.string() + "' --key confederate.key --out x.json",
        "sign o.json --game '" + game.string() + "' --key /dev/zero --out x.json",
        std::string("new z --scenario /dev/zero --card union.card.json --key union.key")}) {
    write_file_atomic(work / "o.json", "{}");
    auto r = run_adjutant(cmd, work);
    INFO(cmd << "\n" << r.err);
    CHECK(r.exit != 0);
    CHECK((has(r.err, "too_large") || has(r.err, "limit")));
  }
}

TEST_CASE("clear messages for damaged logs, missing files and bad options", "[game][hostile]") {
  TempDir tmp("messages");
  fs::path work = tmp.path();
  fs::path clean = tmp.path() / "clean";
  make_sample_game(clean, false);
  fs::path game = tmp.path() / "game";
  auto fresh = [&] {
    fs::remove_all(game);
    fs::copy(clean, game, fs::copy_options::recursive);
  };
  std::string g = "'" + game.string() + "'";

  fresh();
  std::string log = read_file(game / "log.jsonl");
  std::string crlf;
  for (char c : log) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  write_file_atomic(game / "log.jsonl", crlf);
  auto r = run_adjutant("status " + g, work);
  CHECK(r.exit == 3);
  CHECK(has(r.err, "CR LF"));
  CHECK_FALSE(has(r.err, "no_genesis"));

  fresh();
  fs::remove(game / "log.jsonl");
  fs::create_directory(game / "log.jsonl");
  r = run_adjutant("status " + g, work);
  CHECK(r.exit == 4);
  CHECK(has(r.err, "is a folder"));

  fresh();
  r = run_adjutant("replay " + g + " --to -5", work);
  CHECK(r.exit == 2);
  CHECK(has(r.err, "[replay.bad_line]"));
  CHECK(run_adjutant("replay " + g + " --to 0", work).exit == 0);

  r = run_adjutant("check " + g + " no-such-orders.json", work);
  CHECK(r.exit == 1);
  CHECK(has(r.err, "no-such-orders.json"));
  CHECK(has(r.err, "no such file"));

  // A folder name too long for the file system (fresh cards: the sample
  // game's chains are in use in the archives beside it).
  REQUIRE(run_adjutant("keygen --out fresh.key", work).exit == 0);
  for (const char* side : {"union", "confederate"})
    REQUIRE(run_adjutant(std::string("join --game long --side ") + side + " --name X --email " +
                             side + "@example.org --key fresh.key --out " + side + ".fresh.json",
                         work)
                .exit == 0);
  r = run_adjutant(
      "new 'far/" + std::string(300, 'n') + "' --name long --scenario '" +
          (adjutant::testing::source_dir() / "scenarios" / "bluegray-skirmish.json").string() +
          "' --card union.fresh.json --card confederate.fresh.json --key fresh.key",
      work);
  INFO(r.err);
  CHECK(r.exit != 0);
  CHECK_FALSE(has(r.err, "[internal]"));
  CHECK(has(r.err, "too long"));

  r = run_adjutant("adjudicate " + g +
                       " whatever.json --key union.key --chain union.key.chain --at 'not a time'",
                   work);
  CHECK(r.exit == 1);
  CHECK(has(r.err, "[time.bad]"));
}

TEST_CASE("the lock is never followed through a symbolic link", "[game][hostile]") {
  TempDir tmp("lock-link");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  fs::path target = tmp.path() / "victim";
  write_file_atomic(target, "precious\n");
  fs::remove(game / ".lock");
  fs::create_symlink(target, game / ".lock");
  auto r = run_adjutant("ruling '" + game.string() + "' --extend 2 --key union.key", tmp.path());
  CHECK(r.exit == 4);
  CHECK(has(r.err, "[archive.lock_link]"));
  CHECK(read_file(target) == "precious\n");
}

TEST_CASE("a write error on standard output exits non-zero", "[game][hostile]") {
  TempDir tmp("stdout");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  if (!fs::exists("/dev/full")) return;
  std::string cmd = "cd '" + tmp.path().string() + "' && '" + std::string(ADJUTANT_BINARY) +
                    "' status --json '" + game.string() + "' > /dev/full 2>/dev/null";
  int status = std::system(cmd.c_str());
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 4);
}

TEST_CASE("a stale file where the turn folder goes does not stop an adjudication",
          "[game][hostile]") {
  TempDir tmp("stale-turn");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  fs::path work = tmp.path();
  fs::path orders =
      adjutant::testing::sign_sample_orders(game, "03-t2-confederate.json", "confederate");
  // Turn 2 of the confederate will be t=3: turns/003-confederate. A file
  // holds that name, and a folder of an adjudication that never was.
  write_file_atomic(game / "turns" / "003-confederate", "stale\n");
  fs::create_directories(game / "turns" / "009-union");
  auto r = run_adjutant("adjudicate '" + game.string() + "' '" + orders.string() +
                            "' --key union.key --chain union.key.chain --no-outputs",
                        work);
  INFO(r.out << r.err);
  CHECK(r.exit == 0);
  CHECK(fs::is_directory(game / "turns" / "003-confederate"));
  CHECK(fs::exists(game / "turns" / "003-confederate" / "events.json"));
  CHECK_FALSE(fs::exists(game / "turns" / "009-union"));
  CHECK(run_adjutant("verify '" + game.string() + "'").exit == 0);
  // The same orders again are now stale: the step is committed once.
  auto again = run_adjutant("adjudicate '" + game.string() + "' '" + orders.string() +
                                "' --key union.key --chain union.key.chain --no-outputs",
                            work);
  CHECK(again.exit == 1);
}
