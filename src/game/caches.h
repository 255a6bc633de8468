// What an archive holds besides its log is a cache of it: state.json, the
// turn folders and the inbox copies of adjudicated orders. A command commits
// by appending to the log; caches are written after, and whatever a crash,
// a full disk or a stale file leaves behind is rebuilt from the log by the
// next run (docs/guide.md "The archive").
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "game/archive.h"
#include "game/posts.h"
#include "game/replay.h"

namespace adjutant::game {

// Writes the drawn outputs of one post (maps, reports, mail) into `folder`;
// supplied by the layers above game/ (render, report).
using TurnWriter =
    std::function<void(const Archive& archive, const Post& post, const fs::path& folder)>;

// Draws turns/<post folder> afresh (staged, then renamed into place over
// whatever held the name).
void rebuild_turn(const Archive& archive, const Post& post, const TurnWriter& writer);

// True when state.json holds exactly the canonical form of `state`.
bool state_cache_fresh(const Archive& archive, const model::State& state);

// For verify: when state.json is stale or missing and the lock is free,
// rewrites it and removes temporaries a killed run left; returns a note for
// each thing found (none when all was fresh). Throws the Error (exit 4) of a
// lock file or state.json that cannot be written.
std::vector<std::string> repair_state_cache(const Archive& archive, const model::State& state);

// For commands that hold the lock: removes temporaries, rewrites a stale
// state.json, removes turn folders of no post of the log, and rebuilds
// every missing or stale one (its post.json names another line) through
// `writer`. Returns a note for each repair.
std::vector<std::string> repair_caches(const Archive& archive, const model::State& state,
                                       const TurnWriter& writer);

struct CommitResult {
  std::vector<Adjudication> adjudications;  // the new ones, with their states
  std::vector<std::string> warnings;        // caches that could not be written
  model::State state;                       // the state after the new lines
  std::string head;
};

// The one way anything is appended to a log: `lines` are replayed after
// `replay` (which walked the whole log) exactly as verify will replay them;
// the turn folders of their posts are drawn in staging folders;
// only then is the log appended (atomically). Any failure before the append
// leaves the archive as it was. Caches written after it (turn folders,
// state.json, `inbox_copy` into inbox/) only warn when they fail.
CommitResult commit_lines(const Archive& archive, const Replay& replay,
                          const std::vector<std::string>& lines, const TurnWriter& writer,
                          const std::string& inbox_name = "", const std::string& inbox_bytes = "");

}  // namespace adjutant::game
