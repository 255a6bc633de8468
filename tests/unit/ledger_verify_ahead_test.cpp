// Signatures checked ahead (ledger/verify_ahead.h): the verdicts are the
// ones a check in turn gives, whoever checks first, and a verify that checks
// ahead names the same first bad line as one that does not.
#include <catch2/catch.hpp>

#include <thread>

#include "game/archive.h"
#include "game/log.h"
#include "game/replay.h"
#include "game/signature_jobs.h"
#include "game/verify.h"
#include "ledger/keys.h"
#include "ledger/verify_ahead.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::ledger::SignatureJob;
using adjutant::ledger::SigningKey;
using adjutant::ledger::verify_signature;
using adjutant::ledger::verify_signature_now;
using adjutant::ledger::VerifyAhead;

namespace {

// Twelve signed messages; every third has its signature or message spoiled.
std::vector<SignatureJob> some_jobs() {
  auto key = SigningKey::from_seed(std::string(32, '\x07'));
  auto other = SigningKey::from_seed(std::string(32, '\x09'));
  std::vector<SignatureJob> jobs;
  for (int i = 0; i < 12; ++i) {
    std::string message = "message " + std::to_string(i);
    SignatureJob j{key.public_raw(), message, key.sign(message)};
    if (i % 3 == 1) j.signature[5] = char(j.signature[5] ^ 0x10);
    if (i % 3 == 2) j.public_raw = other.public_raw();
    jobs.push_back(j);
  }
  return jobs;
}

}  // namespace

TEST_CASE("signatures checked ahead answer as checking each in turn", "[ledger][keys]") {
  auto jobs = some_jobs();
  for (bool worker : {false, true}) {
    INFO("worker " << worker);
    VerifyAhead ahead(jobs);
    REQUIRE(VerifyAhead::current() == &ahead);
    // A checking thread beside the asking one, as a verify's reader is.
    std::thread checker;
    if (worker)
      checker = std::thread([&] {
        while (ahead.check_next()) {
        }
      });
    int good = 0;
    for (const auto& j : jobs) {
      bool expected = verify_signature_now(j.public_raw, j.message, j.signature);
      good += expected;
      CHECK(ahead.verdict(j.public_raw, j.message, j.signature) == std::optional<bool>(expected));
      CHECK(verify_signature(j.public_raw, j.message, j.signature) == expected);
    }
    CHECK(good == 4);
    CHECK(ahead.misses() == 0);
    if (!worker) CHECK(ahead.checked_by_worker() == 0);
    // Bytes that are not a job are checked as ever, and counted.
    const auto& first = jobs.front();
    CHECK(!ahead.verdict(first.public_raw, "another message", first.signature));
    CHECK_FALSE(verify_signature(first.public_raw, "another message", first.signature));
    CHECK(verify_signature(jobs[3].public_raw, jobs[3].message, jobs[3].signature));
    CHECK(ahead.misses() == 2);
    if (checker.joinable()) checker.join();
  }
  CHECK(VerifyAhead::current() == nullptr);
}

TEST_CASE("the worker checks every job nobody asked about", "[ledger][keys]") {
  auto jobs = some_jobs();
  VerifyAhead ahead(jobs);
  std::thread([&] {
    while (ahead.check_next()) {
    }
  }).join();
  CHECK(ahead.checked_by_worker() == int(jobs.size()));
  for (const auto& j : jobs)
    CHECK(verify_signature(j.public_raw, j.message, j.signature) ==
          verify_signature_now(j.public_raw, j.message, j.signature));
}

TEST_CASE("the signatures of a replay are all among the archive's jobs", "[game][verify]") {
  // Every signature the replay of a sample checks is one checked ahead, so
  // none is checked twice, in each kind of game.
  for (const char* game : {"skirmish-umpire", "skirmish-noumpire", "skirmish-conceded",
                           "hooker-lee-2006-bot", "chaos-meeting-bot", "ah1961-bot"}) {
    INFO(game);
    auto a =
        adjutant::game::Archive::open(adjutant::testing::source_dir() / "samples" / "games" / game);
    VerifyAhead ahead(adjutant::game::signature_jobs(a));
    adjutant::game::check_genesis(a);
    adjutant::game::Replay replay(a);
    for (std::size_t n = 1; n < a.log().size(); ++n) replay.step(a.log()[n]);
    CHECK(ahead.misses() == 0);
    CHECK(ahead.checked_by_worker() == 0);
  }
}

TEST_CASE("the genesis jobs are the cards' signatures and genesis's own, as opening checks them",
          "[game][verify]") {
  // Listed from the genesis entry alone, before the archive is opened: the
  // card checks of opening it, and check_genesis, ask for nothing else.
  for (const char* game : {"skirmish-umpire", "hooker-lee-2006-bot", "chaos-meeting-bot"}) {
    INFO(game);
    fs::path dir = adjutant::testing::source_dir() / "samples" / "games" / game;
    std::string text = adjutant::read_file(dir / "log.jsonl");
    std::size_t pos = 0;
    std::string problem;
    auto genesis = adjutant::game::parse_log_line(text, pos, 0, "log", problem);
    REQUIRE(genesis);
    auto jobs = adjutant::game::genesis_signature_jobs(*genesis);
    VerifyAhead ahead(jobs);
    auto a = adjutant::game::Archive::open(dir);
    adjutant::game::check_genesis(a);
    CHECK(jobs.size() == a.parties().size() + 1);
    CHECK(ahead.misses() == 0);
    for (const auto& j : jobs) CHECK(verify_signature_now(j.public_raw, j.message, j.signature));
  }
}

TEST_CASE("a verify that checks ahead names the same first bad signature", "[game][verify]") {
  adjutant::testing::TempDir tmp("verify-ahead");
  fs::path game = tmp.path() / "game";
  fs::copy(adjutant::testing::source_dir() / "samples" / "games" / "skirmish-noumpire", game,
           fs::copy_options::recursive);
  // Spoil the signature of the last line: nothing links to it, so only its
  // signature check can catch it.
  std::string text = adjutant::read_file(game / "log.jsonl");
  std::size_t last = text.rfind('\n', text.size() - 2) + 1;
  std::size_t sig = text.find("\"sig\":\"", text.rfind("\"sig\":{")) + 7;
  REQUIRE(sig > last);
  text[sig] = text[sig] == 'A' ? 'B' : 'A';
  adjutant::write_file_atomic(game / "log.jsonl", text);
  int lines = int(std::count(text.begin(), text.end(), '\n'));

  adjutant::game::VerifyOptions ahead, in_turn;
  ahead.repair_caches = in_turn.repair_caches = false;
  in_turn.check_ahead = false;
  auto a = adjutant::game::verify_archive(game, ahead);
  auto b = adjutant::game::verify_archive(game, in_turn);
  CHECK_FALSE(a.ok);
  CHECK(a.error_id == "verify.signature");
  CHECK(a.bad_line == lines - 1);
  CHECK(a.to_json() == b.to_json());
}
