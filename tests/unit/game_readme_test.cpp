// The README works verbatim: its "A game, step by step" command blocks run,
// in order, in a temporary folder (tests/tools/run_readme.py), and end with
// both players' copies holding the same verified log; and `make demo`'s
// script plays its game-turn by mail.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "support/cli_harness.h"

TEST_CASE("the README's game, step by step, runs verbatim", "[game][readme]") {
  std::string build = std::filesystem::path(ADJUTANT_BINARY).parent_path().string();
  auto r = adjutant::testing::run_command(
      "/usr/bin/python3 '" +
      (adjutant::testing::source_dir() / "tests" / "tools" / "run_readme.py").string() + "' '" +
      adjutant::testing::source_dir().string() + "' '" + build + "'");
  INFO(r.out);
  CHECK(r.exit == 0);
  CHECK(r.out.find("both copies hold the same log") != std::string::npos);
  CHECK(r.out.find("verified: 3 log lines, 1 adjudication, 1 die") != std::string::npos);
}

TEST_CASE("make demo plays a game-turn by mail and verifies it", "[game][readme]") {
  adjutant::testing::TempDir tmp("demo");
  auto r = adjutant::testing::run_command(
      "bash '" + (adjutant::testing::source_dir() / "tools" / "demo.sh").string() + "' '" +
      std::string(ADJUTANT_BINARY) + "' '" + (tmp.path() / "demo").string() + "'");
  INFO(r.out);
  CHECK(r.exit == 0);
  // Both player-turns adjudicated, their reports mailed to the local SMTP
  // server, and the archive verified.
  CHECK(r.out.find("verified: 5 log lines, 2 adjudications") != std::string::npos);
  CHECK(r.out.find("(6 messages)") != std::string::npos);
}
