#include "game/inbox.h"

#include <algorithm>
#include <set>

#include "game/intake.h"
#include "util/error.h"

namespace adjutant::game {

std::vector<InboxFile> due_inbox_files(const Archive& archive, const Replay& replay) {
  return due_inbox_files(archive.dir(), replay.phase(), replay.sides_awaited(),
                         replay.expected_after());
}

std::vector<InboxFile> due_inbox_files(const fs::path& dir, const rules::PhaseInfo& phase,
                                       const std::vector<std::string>& awaited,
                                       const std::string& after) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& f : fs::directory_iterator(dir / "inbox", ec))
    if (f.is_regular_file(ec) && f.path().extension() == ".json") files.push_back(f.path());
  std::sort(files.begin(), files.end());
  std::vector<InboxFile> out;
  std::set<std::string> seen;
  for (const auto& file : files) {
    Json envelope;
    try {
      envelope = read_order_file(file);
    } catch (const Error&) {
      continue;
    }
    if (!envelope.is_object() || !envelope.contains("body") || !envelope["body"].is_object())
      continue;
    const Json& b = envelope["body"];
    auto text = [&b](const char* key) {
      return b.contains(key) && b[key].is_string() ? b[key].get<std::string>() : std::string();
    };
    std::string side = text("side");
    bool this_turn = b.contains("turn") && b["turn"].is_number_integer() && b["turn"] == phase.turn;
    if (text("after") != after || !this_turn || text("phase") != phase.name ||
        std::find(awaited.begin(), awaited.end(), side) == awaited.end())
      continue;
    if (!seen.insert(ledger::canonical(envelope)).second) continue;
    out.push_back({file, side, std::move(envelope)});
  }
  return out;
}

}  // namespace adjutant::game
