#include "mail/game_fetch.h"

#include <optional>

#include "game/adjudicate.h"
#include "game/sync.h"
#include "mail/log_intake.h"
#include "mail/mime_parse.h"
#include "mail/refusal_record.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::mail {

namespace fs = std::filesystem;

FetchReport fetch_for_game(Mailbox& box, const fs::path& dir, const game::TurnWriter& outputs,
                           bool keep) {
  FetchReport r;
  // Syncing and filing take the game's lock again inside this one; what a
  // stopped run left half-written (an inbox file's temporary) goes first.
  FolderLock lock(dir);
  remove_stale_temporaries(dir);
  std::string game_id = game::Archive::open(dir).game_id();
  std::vector<MessageRef> refs = box.list();
  r.messages = refs.size();
  // Each message's problems, and whether it concerned this game, in order.
  std::vector<std::vector<Intake>> found(refs.size());
  std::vector<bool> ours(refs.size(), false), orders(refs.size(), false);
  // What names each message across runs, so a refusal is reported once.
  std::vector<std::string> identity(refs.size());
  auto read = [&](std::size_t n, MimePart& message) {
    try {
      std::string raw = box.read(refs[n]);
      identity[n] = message_identity(header_block(raw));
      message = parse_message(raw);
      return true;
    } catch (const Error& e) {
      // A message too large or unreadable is its own problem; any other
      // error is the mailbox's (the IMAP server gone), and ends the run.
      if (e.id() != "mail.too_large" && e.id().rfind("io.", 0) != 0) throw;
      if (e.id() == "mail.too_large") {
        try {
          identity[n] = message_identity(box.headers(refs[n]));
        } catch (const Error&) {
          // reported at every run, then
        }
      }
      found[n].push_back({refs[n].source, "message", e.id(),
                          e.id() == "mail.too_large" ? too_large_text(refs[n].size) : e.detail(),
                          "", ""});
      return false;
    }
  };
  // 1. The log lines, of every message, synced at once.
  CarriedFiles carried;
  for (std::size_t n = 0; n < refs.size(); ++n) {
    MimePart message;
    if (!read(n, message)) continue;
    std::size_t before = carried.lines.lines.size();
    take_carried(carried, message, refs[n].source, game_id);
    ours[n] = carried.lines.lines.size() > before || carried_games(message).count(game_id);
    std::vector<Intake> unused;
    orders[n] = !find_orders(message, unused, refs[n].source).empty() || !unused.empty();
    if (!orders[n])
      found[n].push_back(
          {refs[n].source, "message", "mail.no_orders", "no order file found", "", ""});
  }
  if (!carried.lines.lines.empty()) {
    game::SyncResult s = game::sync_archive(dir, carried.lines, outputs);
    r.notes = s.notes;
    r.synced = s.added;
  }
  // 2. The order files, against the head the sync left.
  std::optional<IntakeContext> ctx;
  for (std::size_t n = 0; n < refs.size(); ++n) {
    MimePart message;
    if (orders[n] && read(n, message)) {
      if (!ctx) {
        game::ReadGame g(dir);
        ctx = intake_context(g.archive, g.replay.expected_after());
      }
      for (const OrderText& order : find_orders(message, found[n], refs[n].source)) {
        Intake i = file_order(*ctx, order, refs[n].source);
        if (i.id != "mail.wrong_game") ours[n] = true;
        found[n].push_back(std::move(i));
      }
    }
    for (Intake& i : found[n])
      if (!identity[n].empty() && !i.ok() && i.id != "mail.no_orders")
        i.key = refusal_key(identity[n], i);
    r.intakes.insert(r.intakes.end(), found[n].begin(), found[n].end());
    if (ours[n] && !keep) {
      box.set_aside(refs[n]);
      ++r.set_aside;
    }
  }
  box.finish();
  RefusalRecord record = RefusalRecord::load(dir);
  record.mark(r.intakes);
  record.save(dir);
  return r;
}

}  // namespace adjutant::mail
