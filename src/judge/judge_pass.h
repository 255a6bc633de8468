// One pass of the unattended host over every game under DIR (docs/judge.md):
// take the mailbox's new messages, one at a time (sync the log lines they
// carry, file the order files), then for each game that needs it adjudicate,
// remind, apply the no-moves-received policy and send, writing one journal
// line per action. Every step reads what it needs from disk and commits
// atomically under the game's lock, so a pass stopped at any point is
// finished by the next one, and a second judge running at the same time
// finds the games locked or the work done.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "game/archive.h"
#include "game/caches.h"
#include "judge/journal.h"
#include "judge/judge_config.h"
#include "util/error.h"

namespace adjutant::judge {

struct PassOptions {
  std::filesystem::path dir;
  Config config;
  std::filesystem::path secrets;  // the folder holding the umpire's key and chain
  std::string now;                // the pass's time (canonical RFC 3339)
  game::TurnWriter outputs;       // maps, reports and mail of each new post
  std::ostream* out = nullptr;    // one line per action and per game skipped
  // A rehearsal's pass (judge/rehearsal.h), on a scratch copy of the games:
  // the mailbox is read and left as it was, and nothing is sent (each mail
  // a pass would send is an action "send").
  bool dry_run = false;
};

struct PassResult {
  bool skipped = false;  // another judge held DIR's lock
  int games = 0;         // archives found under DIR
  int umpired = 0;       // of them, games whose umpire key is in the secrets folder
  int looked_at = 0;     // of them, games the pass had to look at (see judge_state.h)
  int messages = 0;      // messages taken from the mailbox
  int actions = 0;       // journal lines written
  int errors = 0;        // steps that failed (journalled; the next pass tries again)
};

PassResult run_pass(const PassOptions& options);

// The journal's path: DIR/judge-journal.jsonl.
std::filesystem::path journal_file(const std::filesystem::path& dir);

// A game this judge umpires, as its genesis (game.json) names it.
struct JudgedGame {
  std::filesystem::path dir;
  std::string label;  // its folder under DIR
  std::string id;     // the game id (hex)
  game::Party umpire;
  std::vector<game::Party> players;
  bool mail = false;  // this pass's mail changed it or concerned it
};

// Writes `bytes` as `file` unless it exists (a hard link of a complete
// temporary file), so two judges cannot both write it; true when written.
// Error io.write.
bool write_new(const std::filesystem::path& file, const std::string& bytes);

// A pass's actions: each a journal line, counted, and echoed on `out`.
class Actions {
 public:
  Actions(Journal& journal, const PassOptions& options, PassResult& result)
      : j_(journal), o_(options), r_(result) {}
  void action(const std::string& game, const std::string& name, const std::string& detail);
  // Written only the first time `key` is seen (journal.h).
  void once(const std::string& game, const std::string& key, const std::string& name,
            const std::string& detail);
  // A failed step: journalled once per id and message, counted every pass.
  void error(const std::string& game, const std::string& what, const Error& e);
  bool seen(const std::string& key) const { return j_.seen(key); }
  void say(const std::string& game, const std::string& line);
  const PassOptions& options() const { return o_; }
  PassResult& result() { return r_; }

 private:
  Journal& j_;
  const PassOptions& o_;
  PassResult& r_;
};

}  // namespace adjutant::judge
