#include "judge/judge_pass.h"

#include <unistd.h>

#include <algorithm>
#include <set>

#include "game/adjudicate.h"
#include "game/batch_verify.h"
#include "game/ruling.h"
#include "game/secrets.h"
#include "game/sync.h"
#include "judge/journal.h"
#include "ledger/digest.h"
#include "mail/log_intake.h"
#include "mail/mail_fetch.h"
#include "mail/mime_parse.h"
#include "mail/smtp_send.h"
#include "report/judge_mail.h"
#include "report/turn_outputs.h"
#include "rules/ruleset.h"
#include "util/error.h"
#include "util/files.h"
#include "util/time_format.h"

namespace adjutant::judge {

namespace fs = std::filesystem;
using ledger::Json;

fs::path journal_file(const fs::path& dir) {
  return dir / "judge-journal.jsonl";
}

namespace {

struct Mailbox {
  std::vector<mail::RawMessage> messages;
  std::set<std::string> message_ids;  // of every message in the mailbox
};

std::string trimmed(std::string s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.erase(s.begin());
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\n')) s.pop_back();
  return s;
}

// Writes `bytes` as `file` unless it exists; two judges cannot both write it.
bool write_new(const fs::path& file, const std::string& bytes) {
  std::error_code ec;
  if (fs::exists(file, ec)) return false;
  fs::create_directories(file.parent_path());
  fs::path tmp = file.parent_path() /
                 ("." + file.filename().string() + ".tmp" + std::to_string(::getpid()) + "j");
  write_file_atomic(tmp, bytes);
  int rc = ::link(tmp.c_str(), file.c_str());
  int err = errno;
  fs::remove(tmp, ec);
  if (rc != 0 && err != EEXIST)
    throw Error("io.write", file.string() + ": " + errno_words(err), Exit::kEnvironment);
  return rc == 0;
}

// The rulings extending the phase now due (since its last adjudication).
int extensions_in_phase(const game::Archive& a) {
  int n = 0;
  for (auto it = a.log().rbegin(); it != a.log().rend(); ++it) {
    if (it->kind == "adjudication" || it->kind == "genesis") break;
    if (it->kind == "ruling" && it->body.value("ruling", "") == "extend") ++n;
  }
  return n;
}

class GameJudge {
 public:
  GameJudge(const PassOptions& o, Journal& journal, PassResult& result, const fs::path& game,
            std::string label, game::Party umpire)
      : o_(o),
        j_(journal),
        r_(result),
        dir_(game),
        label_(std::move(label)),
        umpire_(std::move(umpire)) {}

  void run(const Mailbox* mailbox) {
    if (mailbox) step("sync", [&] { sync(*mailbox); });
    // Caches a stopped run left stale (turn folders, state.json) are redrawn
    // before anything is read or mailed from them.
    step("repair", [&] { repair(); });
    if (mailbox) step("file", [&] { file_orders(*mailbox); });
    step("adjudicate", [&] { adjudicate(); });
    step("deadline", [&] { deadline(); });
    step("send", [&] { send(mailbox); });
  }

 private:
  template <class F>
  void step(const char* what, F f) {
    try {
      f();
    } catch (const Error& e) {
      // Another run holds the game: it is doing this work; nothing to record.
      if (e.id() == "archive.locked") {
        say(std::string("skipped ") + what + ": the game is locked by another run");
        return;
      }
      ++r_.errors;
      action_once(std::string("error:") + what + ":" + e.id() + ":" +
                      ledger::sha256_hex(e.what()).substr(0, 16),
                  "error", std::string(what) + ": " + e.what());
    }
  }

  void say(const std::string& line) {
    if (o_.out) *o_.out << label_ << ": " << line << "\n";
  }
  void action(const std::string& name, const std::string& detail) {
    j_.write(o_.now, label_, name, detail);
    ++r_.actions;
    say(name + ": " + detail);
  }
  void action_once(const std::string& key, const std::string& name, const std::string& detail) {
    if (j_.once(label_ + "|" + key, o_.now, label_, name, detail)) {
      ++r_.actions;
      say(name + ": " + detail);
    }
  }

  game::AdjudicateOptions ruling_options() const {
    game::AdjudicateOptions a;
    a.secrets = o_.secrets;
    a.at = o_.now;
    a.outputs = o_.outputs;
    return a;
  }

  void sync(const Mailbox& mailbox) {
    std::string game_id = game::Archive::open(dir_).game_id();
    mail::CarriedFiles carried;
    for (const auto& m : mailbox.messages)
      if (m.error.empty()) mail::take_carried(carried, m.bytes, m.source, game_id);
    if (carried.lines.lines.empty()) return;
    game::SyncResult s = game::sync_archive(dir_, carried.lines, o_.outputs);
    if (s.added)
      action("synced", std::to_string(s.added) + " log line" + (s.added == 1 ? "" : "s") +
                           " from mail; head " + s.head.substr(0, 16));
  }

  void repair() {
    game::OpenGame g(dir_, o_.outputs);
    for (const auto& n : g.notes) action("repaired", n);
  }

  void file_orders(const Mailbox& mailbox) {
    FolderLock lock(dir_);
    game::ReadGame g(dir_);
    mail::IntakeContext ctx = mail::intake_context(g.archive, g.replay.expected_after());
    for (const mail::Intake& i : mail::take_all(ctx, mailbox.messages)) {
      if (i.ok()) {
        action("filed",
               "inbox/" + i.filed + " (" + i.side + ", " + i.source + ", " + i.where + ")");
      } else if (i.id != "mail.no_orders" && i.id != "mail.duplicate" &&
                 i.id != "mail.wrong_game") {
        action_once("mail:" + i.id + ":" + i.source + ":" + i.where, "refused",
                    "[" + i.id + "] " + i.source + ", " + i.where + ": " + i.detail);
      }
    }
  }

  report::PhaseDue due_of(const game::ReadGame& g) const {
    rules::PhaseInfo phase = g.replay.phase();
    report::PhaseDue due;
    due.seq = int(g.archive.log().size()) - 1;
    due.turn = phase.turn;
    due.phase = phase.name;
    due.side = g.replay.side_due();
    due.deadline = g.replay.deadline();
    return due;
  }

  // The order files of the side due, written after the current head, oldest filed first.
  std::vector<fs::path> candidates(const game::ReadGame& g, const std::string& side) const {
    std::vector<std::pair<std::pair<fs::file_time_type, std::string>, fs::path>> found;
    std::error_code ec;
    for (const auto& f : fs::directory_iterator(dir_ / "inbox", ec)) {
      std::string name = f.path().filename().string();
      if (!f.is_regular_file() || name.rfind(side + "-", 0) != 0 || f.path().extension() != ".json")
        continue;
      Json envelope;
      try {
        envelope = game::read_order_file(f.path());
      } catch (const Error&) {
        continue;
      }
      if (!envelope.is_object() || !envelope.contains("body") || !envelope["body"].is_object() ||
          envelope["body"].value("after", "") != g.replay.expected_after())
        continue;
      found.push_back({{fs::last_write_time(f.path(), ec), name}, f.path()});
    }
    std::sort(found.begin(), found.end());
    std::vector<fs::path> out;
    for (auto& f : found) out.push_back(f.second);
    return out;
  }

  void adjudicate() {
    for (int guard = 0; guard < 1000; ++guard) {
      game::ReadGame g(dir_);
      report::PhaseDue due = due_of(g);
      if (due.side.empty()) return;
      bool done = false;
      std::vector<std::pair<std::string, fs::path>> files;
      for (const auto& side : g.replay.sides_awaited())
        for (const fs::path& file : candidates(g, side)) files.push_back({side, file});
      for (const auto& [side, file] : files) {
        std::string hash = ledger::sha256_hex(ledger::canonical(game::read_order_file(file)));
        std::string key = "orders:" + hash;
        if (j_.seen(label_ + "|" + key))
          continue;  // refused before: the same file, the same refusal
        game::AdjudicateOptions a = ruling_options();
        try {
          game::CommitResult c = game::adjudicate_file(dir_, file, a);
          if (c.adjudications.empty()) {
            // One side's file of a simultaneous phase: logged, the others awaited.
            action("taken", side + "'s orders for turn " + std::to_string(due.turn) + " " +
                                due.phase + " from inbox/" + file.filename().string());
            done = true;
            break;
          }
          const game::Adjudication& adj = c.adjudications.back();
          action("adjudicated", "turn " + std::to_string(adj.turn) + " " + adj.phase +
                                    " (t=" + std::to_string(adj.t) + ", log line " +
                                    std::to_string(adj.seq) + ") from inbox/" +
                                    file.filename().string());
          done = true;
          break;
        } catch (const rules::OrdersRefused& e) {
          refuse(g, due, file, hash, key, e.detail());
        } catch (const Error& e) {
          if (e.id() == "archive.locked") throw;
          if (e.id().rfind("orders.", 0) == 0 || e.id().rfind("envelope.", 0) == 0 ||
              e.id().rfind("chain.", 0) == 0 || e.id().rfind("json.", 0) == 0)
            refuse(g, due, file, hash, key, e.what());
          else
            throw;
        }
      }
      if (!done) return;
    }
  }

  // A refused order file: the side is told why, once.
  void refuse(const game::ReadGame& g, const report::PhaseDue& due, const fs::path& file,
              const std::string& hash, const std::string& key, const std::string& problems) {
    auto to = g.archive.party(due.side);
    report::GameFacts facts = report::game_facts(g.archive);
    fs::path mail = dir_ / "mail" / "outbox" / report::refusal_name(due, hash);
    if (to) write_new(mail, report::refusal_mail(facts, umpire_, *to, due, hash, problems, o_.now));
    action_once(key, "refused",
                "inbox/" + file.filename().string() + ": " + problems +
                    (to ? "; notice mail/outbox/" + mail.filename().string() : ""));
  }

  void deadline() {
    game::ReadGame g(dir_);
    report::PhaseDue due = due_of(g);
    if (due.side.empty() || due.deadline.empty()) return;
    std::int64_t now = parse_rfc3339(o_.now);
    std::int64_t deadline = parse_rfc3339(due.deadline);
    const NmrPolicy& p = o_.config.nmr;
    if (now >= deadline + std::int64_t(p.grace_hours) * 3600) {
      game::AdjudicateOptions a = ruling_options();
      a.expect_head = g.archive.head();
      if (g.replay.phase().simultaneous()) a.side = due.side;
      int used = extensions_in_phase(g.archive);
      std::string late = due.side + "'s orders for turn " + std::to_string(due.turn) +
                         " were due by " + due.deadline;
      try {
        if (used < p.extensions) {
          std::string reason = "no orders received: extension " + std::to_string(used + 1) +
                               " of " + std::to_string(p.extensions) + " (judge policy)";
          game::rule_extend(dir_, p.extend_hours, reason, a);
          action("extended", late + "; extended by " + std::to_string(p.extend_hours) + " hours (" +
                                 std::to_string(used + 1) + " of " + std::to_string(p.extensions) +
                                 ")");
        } else {
          game::CommitResult c =
              game::rule_nmr(dir_, "no moves received by " + due.deadline + " (judge policy)", a);
          if (c.adjudications.empty())
            action("nmr", late + "; ruled no moves received, other sides still awaited");
          else
            action("nmr", late + "; played with no moves received (t=" +
                              std::to_string(c.adjudications.back().t) + ", log line " +
                              std::to_string(c.adjudications.back().seq) + ")");
        }
      } catch (const Error& e) {
        if (e.id() == "ruling.moved" || e.id() == "ruling.before_deadline")
          return;  // another run ruled
        if (e.id() != "ruling.nmr_refused") throw;
        action_once(
            "nmr-refused:" + g.archive.head(), "nmr-refused",
            late + "; the rules refuse an empty player-turn, so the game waits: " + e.detail());
      }
      return;
    }
    if (o_.config.reminder_hours <= 0) return;
    std::int64_t remind = deadline - std::int64_t(o_.config.reminder_hours) * 3600;
    // A phase shorter than the lead time gets none: its report said the deadline.
    if (now < remind || remind <= parse_rfc3339(g.replay.phase_began())) return;
    auto to = g.archive.party(due.side);
    if (!to) return;
    fs::path mail = dir_ / "mail" / "outbox" / report::reminder_name(due);
    if (write_new(mail, report::reminder_mail(report::game_facts(g.archive), umpire_, *to, due,
                                              format_rfc3339(remind), o_.config.nmr.describe())))
      action("reminder", "to " + due.side + ": orders for turn " + std::to_string(due.turn) +
                             " due by " + due.deadline + " (mail/outbox/" +
                             mail.filename().string() + ")");
  }

  void send(const Mailbox* mailbox) {
    mail::SmtpOptions s;
    s.url = o_.config.smtp.url;
    s.credentials = o_.config.smtp.credentials;
    s.timeout_seconds = o_.config.smtp.timeout_seconds;
    s.from = {umpire_.email};
    // A copy of every mail to the umpire's own mailbox: it settles a mail
    // left in doubt by a run stopped mid-send.
    s.bcc = {umpire_.email};
    s.mark_sending = true;
    s.now = o_.now;
    std::int64_t now = parse_rfc3339(o_.now);
    for (const mail::InDoubt& d : mail::in_doubt(dir_)) {
      if (mailbox && mailbox->message_ids.count(d.message_id)) {
        mail::settle(dir_, d, true, o_.now);
        action("confirmed", d.file + " " + d.message_id +
                                " was delivered before the last run stopped; not sent again");
        continue;
      }
      std::int64_t started = now;
      try {
        started = parse_rfc3339(d.started);
      } catch (const Error&) {
      }
      if (now - started >= std::int64_t(o_.config.resend_after_minutes) * 60) {
        mail::settle(dir_, d, false, o_.now);
        action("requeued", d.file + " " + d.message_id + ": no copy delivered since " + d.started +
                               "; sending again");
        continue;
      }
      s.hold.insert(d.message_id);
      action_once("held:" + d.message_id, "held",
                  d.file + " " + d.message_id +
                      ": a run stopped while sending it; held until a copy is found delivered "
                      "or " +
                      std::to_string(o_.config.resend_after_minutes) + " minutes pass");
    }
    if (mail::queued_mail(dir_, s.from, s.hold).empty()) return;
    mail::SendResult result = mail::send_queued(dir_, s);
    for (const auto& m : result.sent) {
      std::string to;
      for (const auto& t : m.to) to += (to.empty() ? "" : ", ") + t;
      action("sent", m.relative + " to " + to);
    }
    if (!result.error_id.empty()) {
      ++r_.errors;
      action("send-failed", "[" + result.error_id + "] " + result.error + "; " +
                                std::to_string(result.queued.size()) + " mail(s) stay queued");
    }
  }

  const PassOptions& o_;
  Journal& j_;
  PassResult& r_;
  fs::path dir_;
  std::string label_;
  game::Party umpire_;
};

Mailbox fetch(const PassOptions& o, Journal& journal, PassResult& r, bool& ok) {
  Mailbox box;
  mail::ImapOptions imap;
  imap.url = o.config.imap.url;
  imap.credentials = o.config.imap.credentials;
  imap.timeout_seconds = o.config.imap.timeout_seconds;
  try {
    box.messages = mail::read_imap(imap);
    ok = true;
  } catch (const Error& e) {
    ok = false;
    ++r.errors;
    journal.write(o.now, "", "fetch-failed", e.what());
    ++r.actions;
    if (o.out) *o.out << "fetch-failed: " << e.what() << "\n";
    return box;
  }
  for (const auto& m : box.messages) {
    if (!m.error.empty()) continue;
    for (const auto& [name, value] : mail::parse_headers(m.bytes))
      if (name == "message-id") {
        box.message_ids.insert(trimmed(value));
        break;
      }
  }
  return box;
}

}  // namespace

PassResult run_pass(const PassOptions& o) {
  PassResult r;
  // One judge at a time per DIR; a second one finds the lock held and
  // leaves the pass to the first (each game's own lock guards every step
  // against any other command as well).
  auto lock = FolderLock::try_lock(o.dir);
  if (!lock) {
    r.skipped = true;
    if (o.out) *o.out << "another judge is running on " << o.dir.string() << "; pass skipped\n";
    return r;
  }
  Journal journal(journal_file(o.dir));
  std::vector<std::pair<fs::path, game::Party>> games;
  for (const fs::path& game : game::find_archives({o.dir})) {
    ++r.games;
    std::string label = game.lexically_relative(o.dir).generic_string();
    try {
      game::Archive a = game::Archive::open(game);
      auto umpire = a.party("umpire");
      if (!umpire) {
        if (o.out) *o.out << label << ": no umpire; not judged here\n";
        continue;
      }
      game::key_for(*umpire, o.secrets, {}, "the umpire");
      games.push_back({game, *umpire});
    } catch (const Error& e) {
      if (o.out) *o.out << label << ": not judged here: " << e.what() << "\n";
    }
  }
  r.umpired = int(games.size());
  if (games.empty()) return r;
  bool fetched = false;
  Mailbox box = fetch(o, journal, r, fetched);
  for (const auto& [game, umpire] : games) {
    GameJudge judge(o, journal, r, game, game.lexically_relative(o.dir).generic_string(), umpire);
    judge.run(fetched ? &box : nullptr);
  }
  return r;
}

}  // namespace adjutant::judge
