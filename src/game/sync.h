// Keeping every party's copy of an archive current with nothing but mail:
// the lines of the log travel in each post's mail (game/posts.h), and
// `adjutant sync` appends the ones a copy lacks, each checked exactly as
// verify checks it (seq, prev, signature, dice, replay) before it is
// appended; `adjutant import` makes a new copy from the invitation.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "game/caches.h"

namespace adjutant::game {

// Log lines offered by another copy, by seq, with where each came from.
struct OfferedLines {
  std::map<int, std::string> lines;
  std::map<int, std::string> sources;
  std::vector<std::string> notes;  // what was skipped, and why
};

// Adds the lines of .jsonl text. Error "sync.conflict" when two sources
// offer different lines at one seq; "sync.malformed" for a line that is not
// a log entry.
void add_lines(OfferedLines& offered, const std::string& text, const std::string& source);

// Refuses (Error sync.future) when an offered line from seq `from` on is
// dated more than kClockTolerance ahead of this machine's clock: a line
// from the future is a forgery of the date (docs/protocol.md 4).
void refuse_future_lines(const OfferedLines& offered, int from);

struct SyncResult {
  bool made = false;  // the copy was made (a side's sealed copy from its first lines)
  int added = 0;      // lines appended
  int already = 0;    // lines this copy had
  std::string head;
  int lines = 0;
  std::vector<std::string> notes;
};

// The offered lines this copy lacks, in order, each checked against the
// copy: errors sync.fork, sync.gap, sync.future (as sync_archive's);
// `result.already` counts the lines it had.
std::vector<std::string> new_lines(const Archive& archive, const OfferedLines& offered,
                                   SyncResult& result);

// Appends the offered lines the archive lacks, under its lock. Refused with
// an error naming both heads: "sync.fork" (a line differs from this copy's
// at the same seq), "sync.gap" (the lines offered start after this copy's
// head). Offering only lines this copy has changes nothing. A line that
// does not verify is refused (verify.*, exit 3) and nothing is appended.
SyncResult sync_archive(const fs::path& dir, const OfferedLines& offered,
                        const TurnWriter& outputs);

// Makes a new copy in `dir` from the offered lines (line 0, genesis, at
// least) and the scenario's bytes, then syncs the rest. Errors
// "import.no_genesis", "import.scenario" (not the scenario genesis pins),
// "new.exists", "new.card_anchor" (a chain of this game is already used in
// another game this user can see).
SyncResult import_archive(const fs::path& dir, const OfferedLines& offered,
                          const std::string& scenario_text, const fs::path& secrets,
                          const TurnWriter& outputs);

}  // namespace adjutant::game
