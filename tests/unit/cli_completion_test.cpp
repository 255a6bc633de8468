// bash and zsh completion (packaging/completion/): the scripts, run as the
// shells run them, offer commands, options, game folders, side names and
// scenarios, all worked out by `adjutant help --complete` from the
// commands' own help and the game's game.json.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <sstream>
#include <string>

#include "support/cli_harness.h"
#include "util/files.h"

namespace {

namespace fs = std::filesystem;
using adjutant::testing::run_command;

std::set<std::string> lines(const std::string& text) {
  std::set<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.insert(line);
  return out;
}

std::string quoted_words(const std::vector<std::string>& words) {
  std::string out = "'" + std::string(ADJUTANT_BINARY) + "'";
  for (const auto& w : words) out += " '" + w + "'";
  return out;
}

// COMPREPLY of the bash function for the command line `adjutant WORDS...`,
// completing its last word, in `cwd`.
std::set<std::string> bash_offers(const fs::path& cwd, const std::vector<std::string>& words) {
  std::string script =
      (adjutant::testing::source_dir() / "packaging/completion/adjutant.bash").string();
  auto r = run_command("cd '" + cwd.string() + "' && bash --norc -c 'source \"$0\"; COMP_WORDS=(" +
                       std::string(ADJUTANT_BINARY) + " \"$@\"); COMP_CWORD=$#; _adjutant; " +
                       "printf \"%s\\n\" \"${COMPREPLY[@]}\"' '" + script + "' " +
                       quoted_words(words).substr(quoted_words({}).size()) + " 2>/dev/null");
  return lines(r.out);
}

// What the zsh function hands to compadd and _files, with both stood in for.
std::set<std::string> zsh_offers(const fs::path& cwd, const std::vector<std::string>& words) {
  std::string script =
      (adjutant::testing::source_dir() / "packaging/completion/_adjutant").string();
  auto r = run_command(
      "cd '" + cwd.string() + "' && zsh -f -c '" +
      "compadd() { while [[ $1 != -- ]]; do shift; done; shift; print -rl -- \"$@\"; }; " +
      "_files() { print -r -- \"(files $*)\"; }; " +
      "script=$1; shift; words=(\"$@\"); CURRENT=$#; source $script' zsh '" + script + "' " +
      quoted_words(words));
  INFO(r.out);
  return lines(r.out);
}

// games/ely, a game folder (the cards of a sample game's game.json), and
// games/notes, a folder that holds no game.
void make_games(const fs::path& at, const std::string& sample) {
  fs::create_directories(at / "games" / "ely");
  fs::create_directories(at / "games" / "notes");
  fs::copy_file(adjutant::testing::source_dir() / "samples/games" / sample / "game.json",
                at / "games" / "ely" / "game.json");
}

}  // namespace

TEST_CASE("bash completion offers commands, options, games, sides and scenarios",
          "[cli][completion]") {
  adjutant::testing::TempDir tmp("completion");
  const fs::path& at = tmp.path();
  make_games(at, "skirmish-bot-noumpire");

  CHECK(bash_offers(at, {"ver"}) == std::set<std::string>{"verify"});
  CHECK(bash_offers(at, {"r"}) ==
        std::set<std::string>{"ruling", "reveal", "replay", "rules-diff", "render", "report"});
  CHECK(bash_offers(at, {"verify", "--j"}) == std::set<std::string>{"--json", "--jobs", "--junit"});
  CHECK(bash_offers(at, {"mail", "f"}) == std::set<std::string>{"fetch"});
  CHECK(bash_offers(at, {"mail", "fetch", "--ma"}) == std::set<std::string>{"--maildir"});
  // Game folders, and folders to look into.
  CHECK(bash_offers(at, {"status", "games/"}) ==
        std::set<std::string>{"games/ely", "games/notes/"});
  CHECK(bash_offers(at, {"view", "games/e"}) == std::set<std::string>{"games/ely"});
  // Side names from the game's cards, the game given either way.
  CHECK(bash_offers(at, {"view", "games/ely", "--side", ""}) ==
        std::set<std::string>{"confederate", "union"});
  CHECK(bash_offers(at, {"bot", "games/ely", "--side", "u"}) == std::set<std::string>{"union"});
  CHECK(bash_offers(at, {"seal", "games/ely", "--side", "c"}) ==
        std::set<std::string>{"confederate"});
  // bash splits "--out=m.svg" at "=": the words are joined again.
  CHECK(bash_offers(at, {"render", "--out", "=", "m.svg", "games/ely", "--side", ""}) ==
        std::set<std::string>{"confederate", "union"});
  CHECK(bash_offers(at, {"render", "--out", "=", "games/e"}) == std::set<std::string>{"games/ely"});
  // Without a game, the shipped scenarios' sides and the umpire.
  CHECK(bash_offers(at, {"join", "--side", ""}) ==
        std::set<std::string>{"confederate", "umpire", "union"});
  // Shipped scenarios by name, and files.
  fs::create_directories(at / "cemetery-notes");
  CHECK(bash_offers(at, {"new", "g", "--scenario", "cem"}) ==
        std::set<std::string>{"cemetery-hill", "cemetery-notes"});
  CHECK(bash_offers(at, {"new", "g", "--scenario", "table/"}) ==
        std::set<std::string>{"table/chaos-meeting"});
  CHECK(bash_offers(at, {"help", "verif"}) == std::set<std::string>{"verify"});
}

TEST_CASE("zsh completion offers commands, options, games, sides and scenarios",
          "[cli][completion]") {
  if (run_command("command -v zsh").exit != 0) FAIL("zsh is not installed (make deps installs it)");
  adjutant::testing::TempDir tmp("zcompletion");
  const fs::path& at = tmp.path();
  make_games(at, "skirmish-bot-umpire");

  auto commands = zsh_offers(at, {""});
  CHECK(commands.count("verify"));
  CHECK(commands.count("rules-diff"));
  CHECK(!commands.count("(files )"));
  auto options = zsh_offers(at, {"verify", "-"});
  CHECK(options.count("--json"));
  CHECK(options.count("--junit"));
  CHECK(zsh_offers(at, {"status", "games/"}) == std::set<std::string>{"games/ely", "games/notes/"});
  CHECK(zsh_offers(at, {"render", "games/ely", "--side", ""}) ==
        std::set<std::string>{"confederate", "umpire", "union"});
  auto scenarios = zsh_offers(at, {"new", "g", "--scenario", ""});
  CHECK(scenarios.count("cemetery-hill"));
  CHECK(scenarios.count("table/chaos-meeting"));
  CHECK(scenarios.count("(files )"));
  CHECK(zsh_offers(at, {"judge", ""}) == std::set<std::string>{"(files -/)"});
}
