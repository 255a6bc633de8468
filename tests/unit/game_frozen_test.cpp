// Archives verify forever (docs/protocol.md 3a): every archive made by a past
// ruleset version, kept in samples/frozen/ and never regenerated, verifies
// with this release, and the independent verifier agrees.
#include <catch2/catch.hpp>

#include "ledger/jcs.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;

TEST_CASE("every frozen archive of every past ruleset version verifies", "[game][frozen]") {
  int seen = 0;
  for (const auto& version : fs::directory_iterator(source_dir() / "samples" / "frozen")) {
    if (!version.is_directory()) continue;
    for (const auto& game : fs::directory_iterator(version.path())) {
      if (!fs::exists(game.path() / "log.jsonl")) continue;
      auto r = run_adjutant("verify --json '" + game.path().string() + "'");
      INFO(game.path().string() << "\n" << r.out << r.err);
      CHECK(r.exit == 0);
      // Read only: nothing of a frozen archive is ever rewritten.
      auto report = adjutant::ledger::Json::parse(r.out);
      CHECK(report["caches"].empty());
      // Pinned to the version its folder names.
      auto genesis = adjutant::ledger::Json::parse(adjutant::read_file(game.path() / "game.json"));
      std::string name = version.path().filename().string();
      CHECK(name == genesis["ruleset"]["id"].get<std::string>() + "-v" +
                        std::to_string(genesis["ruleset"]["version"].get<int>()));
      ++seen;
    }
  }
  CHECK(seen >= 3);
}
