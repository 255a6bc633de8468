#include "game/sync.h"

#include "game/adjudicate.h"
#include "game/entries.h"
#include "game/genesis.h"
#include "game/log.h"
#include "game/secrets.h"
#include "ledger/digest.h"
#include "util/error.h"
#include "util/files.h"
#include "util/time_format.h"

namespace adjutant::game {

void add_lines(OfferedLines& offered, const std::string& text, const std::string& source) {
  int bad = -1;
  std::string problem;
  std::vector<LogEntry> entries = parse_log_text(text, source, bad, problem);
  if (bad >= 0)
    throw Error("sync.malformed", source + ": line " + std::to_string(bad + 1) +
                                      " of the file is not a log line: " + problem);
  for (const auto& e : entries) {
    auto it = offered.lines.find(e.seq);
    if (it != offered.lines.end() && it->second != e.line)
      throw Error("sync.conflict",
                  "two different lines at seq " + std::to_string(e.seq) + ": " +
                      offered.sources[e.seq] + " and " + source,
                  Exit::kVerifyFailed);
    offered.lines[e.seq] = e.line;
    offered.sources[e.seq] = source;
  }
}

namespace {

std::string short_hash(const std::string& line) {
  return ledger::sha256_hex(line).substr(0, 16);
}

}  // namespace

void refuse_future_lines(const OfferedLines& offered, int from) {
  for (auto it = offered.lines.lower_bound(from); it != offered.lines.end(); ++it) {
    int bad = -1;
    std::string problem;
    auto entries = parse_log_text(it->second + "\n", "line", bad, problem);
    if (entries.size() != 1) continue;  // the replay names a malformed line
    std::string at = entry_time(entries.front().kind, entries.front().body);
    if (at.empty() || !is_canonical_time(at)) continue;
    refuse_future(
        at,
        "log line " + std::to_string(it->first) + " (from " + offered.sources.at(it->first) + ")",
        "sync.future");
  }
}

// The lines to append after this copy's last line, checked against it.
std::vector<std::string> new_lines(const Archive& a, const OfferedLines& offered,
                                   SyncResult& result) {
  const auto& log = a.log();
  int ours = int(log.size());  // lines this copy has: 0 .. ours-1
  std::string head = "line " + std::to_string(ours - 1) + " (" + a.head().substr(0, 16) + ")";
  auto last = offered.lines.rbegin();
  std::string theirs = last == offered.lines.rend() ? std::string("nothing")
                                                    : "line " + std::to_string(last->first) + " (" +
                                                          short_hash(last->second) + ")";
  for (const auto& [seq, line] : offered.lines) {
    if (seq >= ours) break;
    if (log[std::size_t(seq)].line != line)
      throw Error("sync.fork",
                  "line " + std::to_string(seq) + " differs: this copy has " +
                      short_hash(log[std::size_t(seq)].line) + ", " + offered.sources.at(seq) +
                      " has " + short_hash(line) +
                      ". The two copies went different ways: this "
                      "copy's head is " +
                      head + ", the other's " + theirs,
                  Exit::kVerifyFailed);
    ++result.already;
  }
  std::vector<std::string> out;
  for (auto it = offered.lines.lower_bound(ours); it != offered.lines.end(); ++it) {
    int want = ours + int(out.size());
    if (it->first != want)
      throw Error("sync.gap",
                  "this copy's head is " + head + "; the lines offered " +
                      (out.empty() ? "start" : "continue") + " at line " +
                      std::to_string(it->first) + ", so lines " + std::to_string(want) + " to " +
                      std::to_string(it->first - 1) + " are missing (the other copy's head is " +
                      theirs + "): sync the mails in between first",
                  Exit::kBadInput);
    out.push_back(it->second);
  }
  refuse_future_lines(offered, ours);
  return out;
}

SyncResult sync_archive(const fs::path& dir, const OfferedLines& offered,
                        const TurnWriter& outputs) {
  OpenGame g(dir, outputs);
  SyncResult result;
  result.notes = g.notes;
  std::vector<std::string> lines = new_lines(g.archive, offered, result);
  if (!lines.empty()) {
    CommitResult c = commit_lines(g.archive, g.replay, lines, outputs);
    result.notes.insert(result.notes.end(), c.warnings.begin(), c.warnings.end());
    result.added = int(lines.size());
    result.head = c.head;
  } else {
    result.head = g.archive.head();
  }
  result.lines = int(g.archive.log().size()) + result.added;
  for (const auto& n : offered.notes) result.notes.push_back(n);
  return result;
}

SyncResult import_archive(const fs::path& dir, const OfferedLines& offered,
                          const std::string& scenario_text, const fs::path& secrets,
                          const TurnWriter& outputs) {
  auto zero = offered.lines.find(0);
  if (zero == offered.lines.end())
    throw Error("import.no_genesis",
                "no line 0 (the genesis entry) among the lines offered: import the game's "
                "invitation mail");
  int bad = -1;
  std::string problem;
  LogEntry genesis = parse_log_text(zero->second + "\n", "line 0", bad, problem).at(0);
  if (genesis.kind != "genesis") throw Error("import.no_genesis", "line 0 is not a genesis entry");
  refuse_future_lines(offered, 0);
  Json scenario = ledger::parse_strict(scenario_text, "scenario.json");
  std::string pinned = genesis.body.contains("scenario") && genesis.body["scenario"].is_object()
                           ? genesis.body["scenario"].value("sha256", "")
                           : "";
  if (ledger::sha256_hex(ledger::canonical(scenario)) != pinned)
    throw Error("import.scenario", "the scenario given is not the one genesis pins (SHA-256 " +
                                       pinned.substr(0, 16) + "...)");
  // A chain of this game already on a card of another game this user can
  // see: its revealed links would foretell this game's dice.
  for (const auto& p : genesis_parties(genesis.body)) {
    std::string used = anchor_in_use(secrets, fs::absolute(dir).parent_path(), p.anchor,
                                     genesis.body.value("name", ""), p.id, dir);
    if (!used.empty())
      throw Error("new.card_anchor", "the dice chain on " + p.id + "'s card is already in use: " +
                                         used + "; this game cannot be played safely");
  }
  if (fs::exists(dir) && !fs::is_empty(dir))
    throw Error("new.exists", dir.string() + ": exists and is not empty", Exit::kUsage);
  bool made = !fs::exists(dir);
  fs::create_directories(dir);
  SyncResult result;
  try {
    {
      FolderLock lock(dir);
      fs::create_directories(dir / "inbox");
      fs::create_directories(dir / "turns");
      write_file_atomic(dir / "scenario.json", scenario_text);
      write_file_atomic(dir / "game.json", genesis.body.dump(2) + "\n");
      write_file_atomic(dir / "log.jsonl", genesis.line + "\n");
      Archive a = Archive::open(dir);
      check_genesis(a);
      write_file_atomic(dir / "state.json", a.ruleset().initial_state().to_json().dump(2) + "\n");
    }
    result = sync_archive(dir, offered, outputs);
  } catch (...) {
    std::error_code ec;
    if (made) fs::remove_all(dir, ec);
    throw;
  }
  remember_archive(secrets, dir);
  return result;
}

}  // namespace adjutant::game
