// The bot's sample games are what tools/make-samples.sh plays today: four
// of them (an umpire game of the training scenario, a Hooker and Lee game
// without one, the 1961 game from Prepare For Play, and the Chaos of Battle
// game, whose fog-of-war salts come from the umpire's key) are played again from genesis with the
// committed test-only keys and chains, and must come out byte for byte as committed. A change to
// the bot or the rules that alters them fails here until the samples are
// regenerated (and tests/bench.sig updated).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::testing::source_dir;

TEST_CASE("make-samples.sh plays the bot's sample games again byte for byte",
          "[bot][samples][slow]") {
  adjutant::testing::TempDir tmp("samples");
  fs::path out = tmp.path() / "games";
  fs::path said = tmp.path() / "said";
  std::string cmd = "bash '" + (source_dir() / "tools" / "make-samples.sh").string() + "' '" +
                    ADJUTANT_BINARY + "' '" + out.string() +
                    "' skirmish-bot-umpire hooker-lee-2006-bot ah1961-bot chaos-meeting-bot "
                    "chaos-meeting-v3-bot >'" +
                    said.string() + "' 2>&1";
  int status = std::system(cmd.c_str());
  INFO(adjutant::read_file(said));
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  for (const char* game : {"skirmish-bot-umpire", "hooker-lee-2006-bot", "ah1961-bot",
                           "chaos-meeting-bot", "chaos-meeting-v3-bot"}) {
    INFO(game);
    fs::path committed = source_dir() / "samples" / "games" / game;
    CHECK(adjutant::read_file(out / game / "log.jsonl") ==
          adjutant::read_file(committed / "log.jsonl"));
    CHECK(adjutant::testing::folder_hash(out / game) == adjutant::testing::folder_hash(committed));
  }
  // Only the games asked for are played.
  int made = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(out)) ++made;
  CHECK(made == 5);
}
