// A side's sealed copy taken up to date (docs/protocol.md 10a, items 4 and
// 4b): the lines and openings of the umpire's sealed copy or sealed posts
// merged into the side's copy, in memory (the player page) or in its folder
// (`adjutant sync`), verified before anything is kept.
#include <algorithm>
#include <optional>

#include "game/adjudicate.h"
#include "game/fog.h"
#include "game/log.h"
#include "util/error.h"
#include "util/files.h"
#include "util/time_format.h"

namespace adjutant::game {

MergedCopy merge_sealed_copy(const SealedCopy* held, const SealedCopy& offered,
                             const std::string& source) {
  bool fresh = held == nullptr;
  if (fresh && (offered.log.empty() || offered.log.front().seq != 0))
    throw Error("sync.gap",
                source + ": a new sealed copy starts at line 0: sync the invitation's mail first",
                Exit::kBadInput);
  MergedCopy out;
  SealedCopy& merged = out.copy;
  merged = fresh ? SealedCopy{offered.game_json, {offered.log.front()}, offered.packet} : *held;
  if (!fresh) {
    SealedReport before = check_sealed_copy(merged);
    if (!before.ok)
      throw Error(before.error_id, "this copy: " + before.where + ": " + before.message,
                  Exit::kVerifyFailed);
  }
  SyncResult& result = out.result;
  result.made = fresh;
  int ours = int(merged.log.size());
  for (const auto& e : offered.log) {
    if (e.seq < ours) {
      if (merged.log[std::size_t(e.seq)].line != e.line)
        throw Error("sync.fork",
                    "line " + std::to_string(e.seq) +
                        " differs from this copy's: the two copies "
                        "went different ways (this copy's head is line " +
                        std::to_string(ours - 1) + ")",
                    Exit::kVerifyFailed);
      ++result.already;
      continue;
    }
    if (e.seq != int(merged.log.size()))
      throw Error("sync.gap", "the lines offered skip line " + std::to_string(merged.log.size()),
                  Exit::kBadInput);
    std::string at = entry_time(e.kind, e.body);
    if (!at.empty() && is_canonical_time(at))
      refuse_future(at, "log line " + std::to_string(e.seq) + " (from " + source + ")",
                    "sync.future");
    merged.log.push_back(e);
    ++result.added;
  }
  // The packet: this side's, for this game; the openings held grow.
  const Json& p = offered.packet;
  if (!p.is_object() || p.value("side", "") != merged.packet.value("side", "") ||
      p.value("game", "") != merged.packet.value("game", "") || !p.contains("openings") ||
      !p["openings"].is_array())
    throw Error("sync.packet", "the packet offered is not of this copy's side and game",
                Exit::kBadInput);
  std::map<std::pair<long long, std::string>, Json> openings;
  const Json* lists[] = {&merged.packet["openings"], &p["openings"]};
  for (const Json* list : lists)
    for (const auto& o : *list)
      if (o.is_object() && o.contains("line") && o["line"].is_number_integer() &&
          o.contains("kind") && o["kind"].is_string())
        openings[std::make_pair(o["line"].get<long long>(), o["kind"].get<std::string>())] = o;
  // The phase due is the one after the last line offered: an older copy's
  // (lines the copy already passed) says nothing of it.
  bool behind = !offered.log.empty() && offered.log.back().seq < ours - 1;
  if (behind) {
  } else if (p.contains("due")) {
    merged.packet["due"] = p["due"];
  } else {
    merged.packet.erase("due");
  }
  // The commitments the umpire signs outside the log (the side's part of
  // the scenario): a packet sealed before them offers none, and the copy
  // keeps its own.
  if (p.contains("commitments")) merged.packet["commitments"] = p["commitments"];
  int held_openings = int(merged.packet["openings"].size());
  merged.packet["openings"] = Json::array();
  for (const auto& [key, o] : openings) merged.packet["openings"].push_back(o);
  out.check = check_sealed_copy(merged);
  if (!out.check.ok)
    throw Error(out.check.error_id, out.check.where + ": " + out.check.message,
                Exit::kVerifyFailed);
  out.new_openings = int(merged.packet["openings"].size()) - held_openings;
  if (out.new_openings > 0)
    result.notes.push_back(std::to_string(out.new_openings) + " new opening" +
                           (out.new_openings == 1 ? "" : "s") + " taken into " + kPacketFile);
  result.head = out.check.head;
  result.lines = out.check.lines;
  return out;
}

SealedCopy sealed_post_copy(const Json& post, const std::string& source) {
  auto refuse = [&](const std::string& why) {
    throw Error("sync.packet", source + ": " + why, Exit::kBadInput);
  };
  if (!post.is_object() || post.value("format", "") != kSealedPostFormat)
    refuse(std::string("not a sealed post of ") + kSealedPostFormat);
  for (const char* key : {"game", "side"})
    if (!post.contains(key) || !post[key].is_string()) refuse(std::string("no \"") + key + "\"");
  if (!post.contains("lines") || !post["lines"].is_array() || post["lines"].empty() ||
      !post.contains("openings") || !post["openings"].is_array())
    refuse("no \"lines\" or \"openings\"");
  SealedCopy c;
  std::string text;
  for (const Json& l : post["lines"]) {
    if (!l.is_string()) refuse("a line is not a string");
    text += l.get<std::string>() + "\n";
  }
  int bad = -1;
  std::string problem;
  c.log = parse_log_text(text, source, bad, problem);
  if (bad >= 0) refuse("line " + std::to_string(bad) + " of the post: " + problem);
  if (c.log.front().seq == 0) c.game_json = c.log.front().body;
  c.packet = {{"format", kPacketFormat},
              {"game", post["game"]},
              {"side", post["side"]},
              {"openings", post["openings"]}};
  for (const char* key : {"commitments", "due"})
    if (post.contains(key)) c.packet[key] = post[key];
  return c;
}

Json sealed_copy_post(const SealedCopy& c) {
  Json post = {{"format", kSealedPostFormat},
               {"game", c.packet.value("game", "")},
               {"side", c.packet.value("side", "")},
               {"first", 0},
               {"last", c.log.empty() ? 0 : c.log.back().seq},
               {"lines", Json::array()},
               {"openings", c.packet.value("openings", Json::array())}};
  for (const auto& e : c.log) post["lines"].push_back(e.line);
  for (const char* key : {"commitments", "due"})
    if (c.packet.contains(key)) post[key] = c.packet[key];
  return post;
}

namespace {

// Merges `offered` into the copy folder `copy` (made when missing), as
// merge_sealed_copy merges it, and writes what changed (`source` names it
// in errors).
SyncResult merge_sealed(const fs::path& copy, const SealedCopy& offered,
                        const std::string& source) {
  bool fresh = !is_sealed_copy(copy);
  if (fresh && fs::exists(copy) && !fs::is_empty(copy))
    throw Error("new.exists", copy.string() + ": exists and is not a sealed copy", Exit::kUsage);
  std::unique_ptr<FolderLock> lock;
  std::optional<SealedCopy> held;
  if (!fresh) {
    lock = std::make_unique<FolderLock>(copy);
    held = read_sealed_copy(copy);
  }
  MergedCopy m = merge_sealed_copy(held ? &*held : nullptr, offered, source);
  const SealedCopy& merged = m.copy;
  bool due_changed = fresh || read_file(copy / kPacketFile) != merged.packet.dump(2) + "\n";
  if (m.result.added > 0 || m.new_openings > 0 || due_changed) {
    if (fresh) {
      fs::create_directories(copy);
      lock = std::make_unique<FolderLock>(copy);
    }
    std::string text;
    for (const auto& e : merged.log) text += e.line + "\n";
    write_file_atomic(copy / "game.json", merged.game_json.dump(2) + "\n");
    write_file_atomic(copy / kPacketFile, merged.packet.dump(2) + "\n");
    std::string warning = commit_file_atomic(copy / "log.jsonl", text);
    if (!warning.empty()) m.result.notes.insert(m.result.notes.begin(), warning);
  }
  return m.result;
}

}  // namespace

SyncResult sync_sealed(const fs::path& copy, const fs::path& from) {
  return merge_sealed(copy, read_sealed_copy(from), from.string());
}

SyncResult sync_sealed_posts(const fs::path& copy, std::vector<Json> posts,
                             const std::string& source) {
  std::stable_sort(posts.begin(), posts.end(), [](const Json& a, const Json& b) {
    return a.value("first", 0LL) < b.value("first", 0LL);
  });
  SyncResult total;
  // The posts of this copy's game and side (a maildir holds others' too);
  // a new copy takes those of the one game and side the posts are of.
  auto of = [](const Json& p, const char* key) {
    return p.is_object() && p.contains(key) && p[key].is_string() ? p[key].get<std::string>() : "";
  };
  std::string game, side;
  if (is_sealed_copy(copy)) {
    Json packet =
        ledger::parse_strict(read_file(copy / kPacketFile), (copy / kPacketFile).string());
    game = of(packet, "game");
    side = of(packet, "side");
  } else if (!posts.empty()) {
    game = of(posts.front(), "game");
    side = of(posts.front(), "side");
  }
  std::vector<Json> ours;
  for (Json& p : posts) {
    if (of(p, "game") == game && of(p, "side") == side)
      ours.push_back(std::move(p));
    else
      total.notes.push_back(source + ": a sealed post of " +
                            (of(p, "game") == game ? "side " + of(p, "side") : "another game") +
                            ", not this copy's: skipped");
  }
  if (ours.empty())
    throw Error("sync.packet",
                source + ": no sealed post of this copy's game and side (" + side + ")",
                Exit::kBadInput);
  posts = std::move(ours);
  for (const Json& post : posts) {
    SyncResult r = merge_sealed(copy, sealed_post_copy(post, source), source);
    total.made = total.made || r.made;
    total.added += r.added;
    total.already += r.already;
    total.head = r.head;
    total.lines = r.lines;
    total.notes.insert(total.notes.end(), r.notes.begin(), r.notes.end());
  }
  return total;
}

}  // namespace adjutant::game
