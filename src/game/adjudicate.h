// The turn pipeline's write step: take a checked order file, roll the
// phase's dice from the revealed chain links, adjudicate, and commit the
// orders and adjudication entries (game/caches.h: all or nothing).
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "game/archive.h"
#include "game/caches.h"
#include "game/intake.h"
#include "game/replay.h"
#include "ledger/chain.h"
#include "ledger/keys.h"
#include "util/files.h"

namespace adjutant::game {

// R_t from the adjudicator's link and every player's latest reveal
// (DESIGN "Dice" step 3; docs/protocol.md).
std::string adjudication_seed(const Archive& archive, int t, const std::string& adjudicator,
                              std::uint32_t i, const std::string& s_i,
                              const std::map<std::string, LatestReveal>& reveals);

// The players' reveals as logged in an adjudication entry ("reveals"), in
// ascending id order; the umpire is not a player.
Json reveals_json(const std::map<std::string, LatestReveal>& reveals);

struct AdjudicateOptions {
  fs::path key;      // the signer's private key (default: found in the secrets folder)
  fs::path chain;    // its dice chain (default: the secrets folder's, by its anchor)
  fs::path secrets;  // the secrets folder (default: game::secrets_dir())
  std::string at;    // time to record (any RFC 3339 time; default now)
  // A played-out game's times (`bot --play --at`) run ahead of the clock by
  // design: `at` is then not held against this machine's clock.
  bool simulated_time = false;
  TurnWriter outputs;  // draws maps, reports and mail into each new turn folder
  // The side a ruling concerns in a simultaneous phase ("": the one side
  // still awaited).
  std::string side;
  // For rulings decided before the lock was taken: refuse (ruling.moved)
  // unless the log head is still this one. "" checks nothing.
  std::string expect_head;
};

// A party that signs log entries, with its key (and dice chain when it
// adjudicates), checked against genesis: Error adjudicate.wrong_key /
// adjudicate.wrong_chain. `role` completes the message ("who adjudicates ...").
struct SigningParty {
  Party party;
  ledger::SigningKey key;
  ledger::ChainSecret chain;
};
SigningParty load_signing_party(const Archive& archive, const std::string& id,
                                const AdjudicateOptions& options, bool with_chain,
                                const std::string& role);

// An archive opened for writing: locked, temporaries of stopped runs removed,
// the whole log replayed and verified (nothing is built on a log that does
// not verify: Error verify.*, exit 3), caches repaired.
struct OpenGame {
  FolderLock lock;
  Archive archive;
  Replay replay;
  std::vector<std::string> notes;  // caches repaired
  explicit OpenGame(const fs::path& dir, const TurnWriter& outputs = {});
  OpenGame(const OpenGame&) = delete;
  OpenGame& operator=(const OpenGame&) = delete;
};

// An archive opened for reading: the whole log replayed and verified; no lock.
struct ReadGame {
  Archive archive;
  Replay replay;
  explicit ReadGame(const fs::path& dir, bool collect = false);
  ReadGame(const ReadGame&) = delete;
  ReadGame& operator=(const ReadGame&) = delete;
};

// Runs the whole step under the archive lock; nothing changes on disk when
// any check fails.
CommitResult adjudicate_file(const fs::path& dir, const fs::path& orders_file,
                             const AdjudicateOptions& options);
// The same for an order file already read (from a mail, say); `source`
// names it in errors.
CommitResult adjudicate_envelope(const fs::path& dir, const Json& envelope,
                                 const std::string& source, const AdjudicateOptions& options);

// The time to record: `at` as canonical RFC 3339, or now. Error time.bad.
std::string record_time(const std::string& at);

// Current UTC time as RFC 3339 ("2026-11-29T12:00:00Z"), for recording only.
std::string now_utc();

// How far ahead of this machine's clock a time may be before it is refused
// as in the future: clocks of two machines differ (docs/protocol.md 4).
inline constexpr std::int64_t kClockTolerance = 15 * 60;

// Error `id` (exit 1) when `at` lies more than kClockTolerance ahead of
// this machine's clock; `what` names it ("--at", "log line 7").
void refuse_future(const std::string& at, const std::string& what, const std::string& id);

// The time a command records (`record_time`), refused when it lies in the
// future of this machine's clock (time.future) or, from protocol 2, before
// the latest time of the log (time.before_log): verify would refuse the
// line (docs/protocol.md 4).
std::string checked_record_time(const std::string& at, const Archive& archive, const Replay& replay,
                                bool against_clock = true);

}  // namespace adjutant::game
