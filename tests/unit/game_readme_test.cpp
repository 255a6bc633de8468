// The README works verbatim: its "A game, step by step" command blocks run,
// in order, in a temporary folder (tests/tools/run_readme.py), and end with
// both players' copies holding the same verified log; and `make demo`'s
// script plays its game-turn by mail.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <string>

#include "support/cli_harness.h"

TEST_CASE("the README's game, step by step, runs verbatim", "[game][readme]") {
  std::string build = std::filesystem::path(ADJUTANT_BINARY).parent_path().string();
  std::string cmd =
      "/usr/bin/python3 '" +
      (adjutant::testing::source_dir() / "tests" / "tools" / "run_readme.py").string() + "' '" +
      adjutant::testing::source_dir().string() + "' '" + build + "' 2>&1";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  int status = pclose(p);
  INFO(out);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(out.find("both copies hold the same log") != std::string::npos);
  CHECK(out.find("verified: 3 log lines, 1 adjudication, 1 die") != std::string::npos);
}

TEST_CASE("make demo plays a game-turn by mail and verifies it", "[game][readme]") {
  adjutant::testing::TempDir tmp("demo");
  std::string cmd = "bash '" + (adjutant::testing::source_dir() / "tools" / "demo.sh").string() +
                    "' '" + std::string(ADJUTANT_BINARY) + "' '" + (tmp.path() / "demo").string() +
                    "' 2>&1";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  int status = pclose(p);
  INFO(out);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  // Both player-turns adjudicated, their reports mailed to the local SMTP
  // server, and the archive verified.
  CHECK(out.find("verified: 5 log lines, 2 adjudications") != std::string::npos);
  CHECK(out.find("(6 messages)") != std::string::npos);
}
