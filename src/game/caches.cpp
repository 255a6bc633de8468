#include "game/caches.h"

#include <cstdio>
#include <set>

#include "game/log.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::game {

namespace {

std::string state_text(const model::State& state) {
  return state.to_json().dump(2) + "\n";
}

// What identifies a post's folder: its log line, kind and the line's hash.
Json post_marker(const Archive& archive, const Post& post) {
  return {{"seq", post.seq}, {"kind", post.kind}, {"line", archive.log().at(post.seq).hash}};
}

// Writes the turn folder of `post` as a staging folder beside its place:
// post.json (and events.json for an adjudication), then the writer's outputs.
fs::path stage_turn(const Archive& archive, const Post& post, const TurnWriter& writer) {
  fs::path turns = archive.dir() / "turns";
  std::error_code ec;
  fs::create_directories(turns, ec);
  if (ec)
    throw Error("io.write", turns.string() + ": cannot create: " + ec.message(),
                Exit::kEnvironment);
  fs::path staging = turns / ("." + post.folder_name + ".staging");
  fs::remove_all(staging, ec);
  fs::create_directory(staging, ec);
  if (ec)
    throw Error("io.write", staging.string() + ": cannot create: " + ec.message(),
                Exit::kEnvironment);
  try {
    write_file_atomic(staging / "post.json", post_marker(archive, post).dump(2) + "\n");
    if (post.adjudication)
      write_file_atomic(staging / "events.json", post.adjudication->events.dump(2) + "\n");
    if (writer) writer(archive, post, staging);
  } catch (...) {
    fs::remove_all(staging, ec);
    throw;
  }
  return staging;
}

// Puts a staged folder in its place, replacing whatever stale file or folder
// holds the name.
void place_turn(const fs::path& staging, const fs::path& target) {
  std::error_code ec;
  fs::path old = target.parent_path() / ("." + target.filename().string() + ".old.staging");
  if (fs::exists(fs::symlink_status(target, ec))) {
    fs::remove_all(old, ec);
    fs::rename(target, old, ec);
    if (ec)
      throw Error("io.write",
                  target.string() + ": cannot move the stale copy aside: " + ec.message(),
                  Exit::kEnvironment);
  }
  fs::rename(staging, target, ec);
  if (ec)
    throw Error("io.write", target.string() + ": cannot rename into place: " + ec.message(),
                Exit::kEnvironment);
  fs::remove_all(old, ec);
}

bool turn_fresh(const Archive& archive, const fs::path& folder, const Post& post) {
  std::error_code ec;
  if (!fs::is_directory(fs::symlink_status(folder, ec))) return false;
  try {
    Json marker = ledger::parse_strict(read_file(folder / "post.json", kMaxJsonFile),
                                       (folder / "post.json").string());
    return ledger::canonical(marker) == ledger::canonical(post_marker(archive, post));
  } catch (const Error&) {
    return false;
  }
}

}  // namespace

void rebuild_turn(const Archive& archive, const Post& post, const TurnWriter& writer) {
  place_turn(stage_turn(archive, post, writer), archive.dir() / "turns" / post.folder_name);
}

bool state_cache_fresh(const Archive& archive, const model::State& state) {
  try {
    Json cached = ledger::parse_strict(read_file(archive.dir() / "state.json", kMaxLogFile),
                                       (archive.dir() / "state.json").string());
    return ledger::canonical(cached) == state.canonical();
  } catch (const Error&) {
    return false;
  }
}

std::vector<std::string> repair_state_cache(const Archive& archive, const model::State& state) {
  std::vector<std::string> notes;
  bool fresh = state_cache_fresh(archive, state);
  if (fresh && count_stale_temporaries(archive.dir()) == 0) return notes;
  auto lock = FolderLock::try_lock(archive.dir());
  if (!lock) {
    if (!fresh)
      notes.push_back("state.json is stale (a cache); not rebuilt now, another run holds the lock");
    return notes;
  }
  if (int n = remove_stale_temporaries(archive.dir()))
    notes.push_back("removed " + std::to_string(n) + " temporary file" + (n == 1 ? "" : "s") +
                    " a stopped run left behind");
  if (!fresh) {
    write_file_atomic(archive.dir() / "state.json", state_text(state));
    notes.push_back("state.json was stale (a cache); rebuilt from the log");
  }
  return notes;
}

std::vector<std::string> repair_caches(const Archive& archive, const model::State& state,
                                       const TurnWriter& writer) {
  std::vector<std::string> notes;
  const fs::path& dir = archive.dir();
  if (int n = remove_stale_temporaries(dir))
    notes.push_back("removed " + std::to_string(n) + " temporary file" + (n == 1 ? "" : "s") +
                    " a stopped run left behind");
  if (!state_cache_fresh(archive, state)) {
    try {
      write_file_atomic(dir / "state.json", state_text(state));
      notes.push_back("state.json was stale (a cache); rebuilt from the log");
    } catch (const Error& e) {
      notes.push_back(std::string("state.json is stale and could not be rebuilt: ") + e.what());
    }
  }
  std::vector<Post> all = posts(archive);
  std::set<std::string> names;
  for (const auto& p : all) names.insert(p.folder_name);
  std::error_code ec;
  if (fs::is_directory(dir / "turns", ec)) {
    std::vector<fs::path> strays;
    for (const auto& entry : fs::directory_iterator(dir / "turns", ec)) {
      std::string name = entry.path().filename().string();
      if (!name.empty() && name[0] != '.' && !names.count(name)) strays.push_back(entry.path());
    }
    for (const auto& p : strays) {
      fs::remove_all(p, ec);
      notes.push_back("removed " + p.string() + ": no post of the log made it");
    }
  }
  for (const auto& post : all) {
    fs::path folder = dir / "turns" / post.folder_name;
    if (turn_fresh(archive, folder, post)) continue;
    try {
      place_turn(stage_turn(archive, post, writer), folder);
      notes.push_back("rebuilt " + folder.string() + " from the log");
    } catch (const std::exception& e) {
      notes.push_back(folder.string() +
                      " is missing or stale and could not be rebuilt: " + e.what());
    }
  }
  return notes;
}

CommitResult commit_lines(const Archive& archive, const Replay& replay,
                          const std::vector<std::string>& lines, const TurnWriter& writer,
                          const std::string& inbox_name, const std::string& inbox_bytes) {
  // Whatever is appended has first passed the replay verify will make.
  Archive after = archive.with_lines(lines);
  Replay check = replay;
  check.collect(true);
  for (std::size_t i = archive.log().size(); i < after.log().size(); ++i)
    check.step(after.log()[i]);
  CommitResult out;
  out.adjudications = check.collected();
  out.state = check.state();
  out.head = after.head();

  std::vector<std::pair<fs::path, fs::path>> staged;
  std::error_code ec;
  std::string durability;
  try {
    for (const auto& post : posts_from(after, int(archive.log().size())))
      staged.push_back(
          {stage_turn(after, post, writer), archive.dir() / "turns" / post.folder_name});
    durability = append_log(archive.dir() / "log.jsonl", lines);
  } catch (...) {
    for (const auto& s : staged) fs::remove_all(s.first, ec);
    throw;
  }
  // Committed. From here on only caches are written; the next run rebuilds
  // any that fail.
  if (!durability.empty()) out.warnings.push_back(durability);
  auto cache = [&](const std::string& what, const auto& write) {
    try {
      write();
    } catch (const std::exception& e) {
      out.warnings.push_back(what + " was not written (" + e.what() +
                             "); the log is committed and the next run rebuilds it");
    }
  };
  for (const auto& st : staged) cache(st.second.string(), [&] { place_turn(st.first, st.second); });
  cache("state.json",
        [&] { write_file_atomic(archive.dir() / "state.json", state_text(out.state)); });
  if (!inbox_name.empty())
    cache("inbox/" + inbox_name, [&] {
      fs::create_directories(archive.dir() / "inbox");
      if (!fs::exists(archive.dir() / "inbox" / inbox_name))
        write_file_atomic(archive.dir() / "inbox" / inbox_name, inbox_bytes);
    });
  return out;
}

}  // namespace adjutant::game
