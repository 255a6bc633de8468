// One pass of the unattended host over every game under DIR (docs/judge.md):
// fetch the mailbox, sync the log lines it carries, file the order files,
// adjudicate, remind, apply the no-moves-received policy, send, and write one
// journal line per action. Every step reads what it needs from disk and
// commits atomically under the game's lock, so a pass stopped at any point
// is finished by the next one, and a second judge running at the same time
// finds the games locked or the work done.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

#include "game/caches.h"
#include "judge/judge_config.h"

namespace adjutant::judge {

struct PassOptions {
  std::filesystem::path dir;
  Config config;
  std::filesystem::path secrets;  // the folder holding the umpire's key and chain
  std::string now;                // the pass's time (canonical RFC 3339)
  game::TurnWriter outputs;       // maps, reports and mail of each new post
  std::ostream* out = nullptr;    // one line per action and per game skipped
};

struct PassResult {
  bool skipped = false;  // another judge held DIR's lock
  int games = 0;         // archives found under DIR
  int umpired = 0;       // of them, games whose umpire key is in the secrets folder
  int actions = 0;       // journal lines written
  int errors = 0;        // steps that failed (journalled; the next pass tries again)
};

PassResult run_pass(const PassOptions& options);

// The journal's path: DIR/judge-journal.jsonl.
std::filesystem::path journal_file(const std::filesystem::path& dir);

}  // namespace adjutant::judge
