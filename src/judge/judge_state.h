// What the judge remembers between passes, in DIR/judge-state.json (its
// seen-state file, docs/judge.md "What a pass costs"): where it stopped
// reading an IMAP mailbox (UIDVALIDITY, the last UID, the UIDs to read
// again), and for each game the stamp of its folder when a pass last
// finished with it and the earliest time its next action can fall due. A
// pass looks again at a game only when its folder changed, mail came for
// it, that time has come, or its last look failed; so a pass costs what is
// new, not what the games and the mailbox hold. The file is a cache: lost
// or damaged, the next pass reads the whole mailbox and looks at every game.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "mail/imap_mailbox.h"

namespace adjutant::judge {

struct GameMemo {
  std::string stamp;   // game_stamp() when the pass finished with the game
  std::string wake;    // RFC 3339; "" when nothing can fall due without a change
  std::string policy;  // Config::policy_hash() it was computed with
};

struct JudgeState {
  std::string mailbox;  // which mailbox `imap` describes (its URL)
  mail::ImapSeen imap;
  std::map<std::string, GameMemo> games;  // by folder under DIR

  // A missing file is an empty state; a damaged one too, with `note` saying so.
  static JudgeState load(const std::filesystem::path& file, std::string& note);
  // Atomic (write_file_atomic), and only when it changed: a pass with
  // nothing new writes nothing. Error io.write.
  void save(const std::filesystem::path& file) const;

 private:
  std::string loaded_;  // the file's bytes when it was read
};

// DIR/judge-state.json.
std::filesystem::path state_file(const std::filesystem::path& dir);

// A digest of what in a game's folder a pass acts on: the size, time and
// inode of game.json, log.jsonl, state.json, mail/sent.jsonl and of the
// folders inbox/, turns/, mail/, mail/outbox/ and mail/sending/ (a folder's
// time changes when a file is added to it or removed).
std::string game_stamp(const std::filesystem::path& game);

}  // namespace adjutant::judge
