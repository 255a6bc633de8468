// The committed sample archives verify, and `adjutant bench` over them gives
// the signature in tests/bench.sig (a change of outcome changes both).
#include <catch2/catch.hpp>

#include "game/log.h"
#include "ledger/keys.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;

TEST_CASE("every committed sample archive verifies", "[game][samples]") {
  int seen = 0;
  for (const auto& e : fs::directory_iterator(source_dir() / "samples" / "games")) {
    auto r = run_adjutant("verify '" + e.path().string() + "'");
    INFO(e.path().string() << "\n" << r.out << r.err);
    CHECK(r.exit == 0);
    ++seen;
  }
  CHECK(seen >= 2);
}

TEST_CASE("bench prints the signature recorded in tests/bench.sig", "[game][bench]") {
  auto r = run_adjutant("bench", source_dir());
  REQUIRE(r.exit == 0);
  CHECK(r.out == adjutant::read_file(source_dir() / "tests" / "bench.sig"));
}

TEST_CASE("a ruleset version newer than this build's is reported as such, not as tampering",
          "[game][version]") {
  adjutant::testing::TempDir tmp("version");
  fs::path game = tmp.path() / "game";
  fs::copy(source_dir() / "samples" / "games" / "skirmish-noumpire", game,
           fs::copy_options::recursive);
  // Re-sign genesis claiming ruleset version 999, as a future adjutant would write it.
  std::string log = adjutant::read_file(game / "log.jsonl");
  auto first_end = log.find('\n');
  auto genesis = adjutant::ledger::Json::parse(log.substr(0, first_end));
  genesis["body"]["ruleset"]["version"] = 999;
  auto key =
      adjutant::ledger::SigningKey::load_pem(source_dir() / "samples" / "keys" / "union.key");
  std::string line = adjutant::game::make_entry_line(0, adjutant::game::kZeroHash, "genesis",
                                                     genesis["body"], key);
  adjutant::write_file_atomic(game / "log.jsonl", line + "\n");
  adjutant::write_file_atomic(game / "game.json", genesis["body"].dump(2));
  auto r = run_adjutant("verify '" + game.string() + "'");
  INFO(r.out << r.err);
  CHECK(r.exit == 5);
  CHECK(r.err.find("version 999") != std::string::npos);
  CHECK(r.err.find("not evidence of tampering") != std::string::npos);
  auto status = run_adjutant("status '" + game.string() + "'");
  CHECK(status.exit == 5);
  CHECK(status.err.find("[archive.ruleset_version]") != std::string::npos);
}
