// A short soak (tools/soak.py, the run `make soak` makes at length): twenty
// whole bot games through sign, check, adjudicate, reports and mail to a
// maildir, each verified by `adjutant verify`, by the independent verifier
// and by a copy rebuilt from its mails (a Chaos of Battle game: by a player's
// sealed copy, opened whole at the end). Every scenario but Grand
// Chancellorsville (left to `make soak`) is played, with and without an
// umpire; the training scenario (16 player-turns on a small map) comes up
// most often to keep the run short, and maps are drawn for two of the games
// (docs/reliability.md gives the times).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;

TEST_CASE("twenty bot games of every scenario through the whole pipeline, no divergence",
          "[bot][soak]") {
  adjutant::testing::TempDir tmp("soak");
  fs::path out = tmp.path() / "soak.out";
  const char* rotation =
      "bluegray-skirmish,hooker-lee-1975,bluegray-skirmish,cemetery-hill,bluegray-skirmish,"
      "ah1961,hooker-lee-2006,bluegray-skirmish,bluegray-skirmish,table/chaos-meeting";
  std::string cmd = "/usr/bin/python3 '" +
                    (adjutant::testing::source_dir() / "tools" / "soak.py").string() +
                    "' --games 20 --jobs 2 --maps-every 10 --rotation " + rotation + " --work '" +
                    (tmp.path() / "work").string() + "' --adjutant '" + ADJUTANT_BINARY + "' >'" +
                    out.string() + "' 2>&1";
  int status = std::system(cmd.c_str());
  std::string text = adjutant::read_file(out);
  INFO(text);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  // A Chaos of Battle game always has an umpire (fog of war).
  CHECK(text.find("soak: 20 games (ah1961 2, bluegray-skirmish 10, cemetery-hill 2, "
                  "hooker-lee-1975 2, hooker-lee-2006 2, table/chaos-meeting 2; 11 with an "
                  "umpire)") != std::string::npos);
  // 16, 29 and 18 player-turns, the 1961 game's 5 set-up steps and 50
  // player-turns, and the table's 7 turns: each game was played to its end.
  CHECK(text.find("games 20  adjudications 414  ") != std::string::npos);
  CHECK(text.find("divergences 0  failures 0") != std::string::npos);
}

TEST_CASE("a soak with the same keys and seeds plays the same games again, byte for byte",
          "[bot][soak]") {
  // `make soak` takes the test-only keys of samples/keys, so that two runs,
  // or two builds, compare game for game by their `heads` line; with keys of
  // their own, the dice, which follow the signed lines, differ.
  adjutant::testing::TempDir tmp("soak-again");
  auto soak = [&](const std::string& work, bool sample_keys) {
    std::string cmd =
        "/usr/bin/python3 '" + (adjutant::testing::source_dir() / "tools" / "soak.py").string() +
        "' --games 3 --jobs 2 --maps-every 0 --rotation "
        "bluegray-skirmish,hooker-lee-2006,table/chaos-meeting --work '" +
        (tmp.path() / work).string() + "' --adjutant '" + ADJUTANT_BINARY + "'" +
        (sample_keys
             ? " --keys '" + (adjutant::testing::source_dir() / "samples" / "keys").string() + "'"
             : std::string());
    auto run = adjutant::testing::run_command(cmd);
    INFO(run.out);
    CHECK(run.exit == 0);
    auto at = run.out.find("\nheads ");
    REQUIRE(at != std::string::npos);
    std::string heads = run.out.substr(at + 7, 16);
    CHECK(heads.find_first_not_of("0123456789abcdef") == std::string::npos);
    return heads;
  };
  std::string first = soak("first", true);
  CHECK(soak("second", true) == first);
  CHECK(soak("own-keys", false) != first);
}
