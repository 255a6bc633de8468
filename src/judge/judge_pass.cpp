#include "judge/judge_pass.h"

#include <unistd.h>

#include <algorithm>
#include <map>
#include <set>

#include "game/adjudicate.h"
#include "game/batch_verify.h"
#include "game/genesis.h"
#include "game/revisions.h"
#include "game/ruling.h"
#include "game/secrets.h"
#include "judge/judge_intake.h"
#include "judge/judge_state.h"
#include "ledger/digest.h"
#include "mail/imap_mailbox.h"
#include "mail/smtp_send.h"
#include "report/judge_mail.h"
#include "report/turn_outputs.h"
#include "rules/ruleset.h"
#include "util/files.h"
#include "util/time_format.h"

namespace adjutant::judge {

namespace fs = std::filesystem;
using ledger::Json;

fs::path journal_file(const fs::path& dir) {
  return dir / "judge-journal.jsonl";
}

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

void Actions::say(const std::string& game, const std::string& line) {
  if (o_.out) *o_.out << (game.empty() ? "" : game + ": ") << line << "\n";
}

void Actions::action(const std::string& game, const std::string& name, const std::string& detail) {
  j_.write(o_.now, game, name, detail);
  ++r_.actions;
  say(game, name + ": " + detail);
}

void Actions::once(const std::string& game, const std::string& key, const std::string& name,
                   const std::string& detail) {
  if (j_.once(game + "|" + key, o_.now, game, name, detail)) {
    ++r_.actions;
    say(game, name + ": " + detail);
  }
}

void Actions::error(const std::string& game, const std::string& what, const Error& e) {
  ++r_.errors;
  once(game, "error:" + what + ":" + e.id() + ":" + ledger::sha256_hex(e.what()).substr(0, 16),
       "error", what + ": " + e.what());
}

namespace {

// The rulings extending the phase now due (since its last adjudication).
int extensions_in_phase(const game::Archive& a) {
  int n = 0;
  for (auto it = a.log().rbegin(); it != a.log().rend(); ++it) {
    if (it->kind == "adjudication" || it->kind == "genesis") break;
    if (it->kind == "ruling" && it->body.value("ruling", "") == "extend") ++n;
  }
  return n;
}

// The earlier of two times ("" is never).
std::string earlier(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return parse_rfc3339(a) <= parse_rfc3339(b) ? a : b;
}

class GameJudge {
 public:
  GameJudge(Actions& actions, const JudgedGame& game)
      : a_(actions),
        o_(actions.options()),
        dir_(game.dir),
        label_(game.label),
        umpire_(game.umpire) {}

  // The steps; false when one failed (the next pass looks again).
  bool run() {
    // Caches a stopped run left stale (turn folders, state.json) are redrawn
    // before anything is read or mailed from them. A game that cannot be
    // opened so (its log does not parse or verify) is journalled once, here,
    // and nothing else is tried.
    step("repair", [&] { repair(); });
    if (!ok_) return false;
    step("adjudicate", [&] { adjudicate(); });
    step("deadline", [&] {
      // Once more after a ruling, for the deadline it set.
      for (int i = 0; i < 2 && deadline(); ++i) {
      }
    });
    step("send", [&] { send(); });
    return ok_;
  }

  // The earliest time the game's next action can fall due ("" for none
  // without a change to the game).
  const std::string& wake() const { return wake_; }

 private:
  template <class F>
  void step(const char* what, F f) {
    try {
      f();
    } catch (const Error& e) {
      ok_ = false;
      // Another run holds the game: it is doing this work; nothing to record.
      if (e.id() == "archive.locked") {
        say(std::string("skipped ") + what + ": the game is locked by another run");
        return;
      }
      a_.error(label_, what, e);
    }
  }

  void say(const std::string& line) { a_.say(label_, line); }
  void action(const std::string& name, const std::string& detail) {
    a_.action(label_, name, detail);
  }
  void action_once(const std::string& key, const std::string& name, const std::string& detail) {
    a_.once(label_, key, name, detail);
  }

  game::AdjudicateOptions ruling_options() const {
    game::AdjudicateOptions a;
    a.secrets = o_.secrets;
    a.at = o_.now;
    a.outputs = o_.outputs;
    return a;
  }

  void repair() {
    game::OpenGame g(dir_, o_.outputs);
    for (const auto& n : g.notes) action("repaired", n);
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

  // The order files of the side due, written after the current head, oldest
  // filed first; from protocol 2 only those of the side's highest revision
  // for the phase (docs/protocol.md 5b: the adjudicator adjudicates the
  // latest revision it holds; an earlier one is superseded, never a fallback
  // when the latest is refused).
  std::vector<fs::path> candidates(const game::ReadGame& g, const std::string& side) const {
    std::vector<std::pair<std::pair<fs::file_time_type, std::string>, fs::path>> found;
    std::map<std::string, long long> revision_of;
    long long highest = 0;
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
      long long revision = 0;
      try {
        revision = game::read_revision(envelope["body"], g.archive.protocol(), name).number;
      } catch (const Error&) {
        // adjudication refuses it and names why
      }
      revision_of[name] = revision;
      highest = std::max(highest, revision);
      found.push_back({{fs::last_write_time(f.path(), ec), name}, f.path()});
    }
    std::sort(found.begin(), found.end());
    std::vector<fs::path> out;
    for (auto& f : found)
      if (revision_of[f.first.second] == highest) out.push_back(f.second);
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
        if (a_.seen(label_ + "|" + key))
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

  // One look at the deadline of the phase due; true when it ruled (the
  // phase's deadline changed), so that the caller looks again.
  bool deadline() {
    game::ReadGame g(dir_);
    report::PhaseDue due = due_of(g);
    wake_.clear();
    if (due.side.empty() || due.deadline.empty()) return false;
    std::int64_t now = parse_rfc3339(o_.now);
    std::int64_t deadline = parse_rfc3339(due.deadline);
    const NmrPolicy& p = o_.config.nmr;
    std::int64_t act = deadline + std::int64_t(p.grace_hours) * 3600;
    if (now >= act) {
      game::AdjudicateOptions a = ruling_options();
      a.expect_head = g.archive.head();
      if (g.replay.phase().simultaneous()) a.side = due.side;
      int used = extensions_in_phase(g.archive);
      std::string late = due.side + "'s orders for turn " + std::to_string(due.turn) +
                         " were due by " + due.deadline;
      try {
        if (used < p.extensions) {
          // The extension counts from now, when the judge rules, not from
          // the deadline: a judge that was down past it still grants the
          // whole extension (whole hours, so rounded up).
          std::int64_t late_hours = (now - deadline + 3599) / 3600;
          int hours = int(std::min<std::int64_t>(8760, p.extend_hours + late_hours));
          std::string reason = "no orders received: extension " + std::to_string(used + 1) +
                               " of " + std::to_string(p.extensions) + " (judge policy)";
          game::rule_extend(dir_, hours, reason, a);
          action("extended", late + "; extended by " + std::to_string(hours) + " hours to " +
                                 format_rfc3339(deadline + std::int64_t(hours) * 3600) + " (" +
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
        wake_ = o_.now;  // the new deadline: the caller looks again
        return true;
      } catch (const Error& e) {
        if (e.id() == "ruling.moved" || e.id() == "ruling.before_deadline") {
          wake_ = o_.now;  // another run ruled: look again
          return false;
        }
        if (e.id() != "ruling.nmr_refused") throw;
        // The game waits for the umpire (a ruling by hand changes the log).
        action_once(
            "nmr-refused:" + g.archive.head(), "nmr-refused",
            late + "; the rules refuse an empty player-turn, so the game waits: " + e.detail());
      }
      return false;
    }
    wake_ = format_rfc3339(act);
    if (o_.config.reminder_hours <= 0) return false;
    std::int64_t remind = deadline - std::int64_t(o_.config.reminder_hours) * 3600;
    // A phase shorter than the lead time gets none: its report said the deadline.
    if (remind <= parse_rfc3339(g.replay.phase_began())) return false;
    if (now < remind) {
      wake_ = format_rfc3339(remind);
      return false;
    }
    auto to = g.archive.party(due.side);
    if (!to) return false;
    fs::path mail = dir_ / "mail" / "outbox" / report::reminder_name(due);
    if (write_new(mail, report::reminder_mail(report::game_facts(g.archive), umpire_, *to, due,
                                              format_rfc3339(remind), o_.config.nmr.describe())))
      action("reminder", "to " + due.side + ": orders for turn " + std::to_string(due.turn) +
                             " due by " + due.deadline + " (mail/outbox/" +
                             mail.filename().string() + ")");
    return false;
  }

  void send() {
    mail::SmtpOptions s;
    s.url = o_.config.smtp.url;
    s.credentials = o_.config.smtp.credentials;
    s.timeout_seconds = o_.config.smtp.timeout_seconds;
    s.from = {umpire_.email};
    // A copy of every mail to the umpire's own mailbox: it settles a mail
    // left in doubt by a run stopped mid-send (judge_intake.h).
    s.bcc = {umpire_.email};
    s.mark_sending = true;
    s.now = o_.now;
    std::int64_t now = parse_rfc3339(o_.now);
    for (const mail::InDoubt& d : mail::in_doubt(dir_)) {
      std::int64_t started = now;
      try {
        started = parse_rfc3339(d.started);
      } catch (const Error&) {
      }
      std::int64_t resend = started + std::int64_t(o_.config.resend_after_minutes) * 60;
      if (now >= resend) {
        mail::settle(dir_, d, false, o_.now);
        action("requeued", d.file + " " + d.message_id + ": no copy delivered since " + d.started +
                               "; sending again");
        continue;
      }
      s.hold.insert(d.message_id);
      wake_ = earlier(wake_, format_rfc3339(resend));
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
      ok_ = false;
      ++a_.result().errors;
      action("send-failed", "[" + result.error_id + "] " + result.error + "; " +
                                std::to_string(result.queued.size()) + " mail(s) stay queued");
    }
  }

  Actions& a_;
  const PassOptions& o_;
  fs::path dir_;
  std::string label_;
  game::Party umpire_;
  bool ok_ = true;
  std::string wake_;
};

// The games under DIR this judge umpires: their genesis names an umpire
// whose key is in the secrets folder. Genesis alone is read here; every
// step that acts verifies the whole log first.
std::vector<JudgedGame> judged_games(Actions& a) {
  const PassOptions& o = a.options();
  std::vector<JudgedGame> out;
  std::vector<game::Skipped> skipped;
  // Whether the secrets folder holds each umpire key seen (one key serves
  // many games): looked up once a pass.
  std::map<std::string, std::string> key_problem;
  for (const fs::path& dir : game::find_archives({o.dir}, &skipped)) {
    ++a.result().games;
    std::string label = dir.lexically_relative(o.dir).generic_string();
    try {
      Json genesis = ledger::parse_strict(read_file(dir / "game.json", kMaxJsonFile),
                                          (dir / "game.json").string());
      JudgedGame g{dir, label, ledger::sha256_hex(ledger::canonical(genesis)), {}, {}, false};
      bool umpire = false;
      for (const game::Party& p : game::genesis_parties(genesis)) {
        if (p.id == "umpire") {
          g.umpire = p;
          umpire = true;
        } else {
          g.players.push_back(p);
        }
      }
      if (!umpire) {
        a.say(label, "no umpire; not judged here");
        continue;
      }
      if (!key_problem.count(g.umpire.public_key)) {
        key_problem[g.umpire.public_key] = "";
        try {
          game::key_for(g.umpire, o.secrets, {}, "the umpire");
        } catch (const Error& e) {
          key_problem[g.umpire.public_key] = e.what();
        }
      }
      if (!key_problem[g.umpire.public_key].empty()) {
        a.say(label, "not judged here: " + key_problem[g.umpire.public_key]);
        continue;
      }
      out.push_back(std::move(g));
    } catch (const Error& e) {
      // An archive whose genesis cannot be read may be one of ours: the
      // operator must hear of it (exit 4), once in the journal.
      a.error(label, "open", e);
    }
  }
  for (const auto& s : skipped)
    a.say("", s.path.lexically_relative(o.dir).generic_string() + ": " + s.why +
                  ", not searched for games");
  return out;
}

std::unique_ptr<mail::Mailbox> open_mailbox(const PassOptions& o, JudgeState& state) {
  if (!o.config.maildir.empty()) return mail::open_maildir(o.config.maildir);
  // The UIDs remembered are those of this mailbox only.
  if (state.mailbox != o.config.imap.url) {
    state.mailbox = o.config.imap.url;
    state.imap = mail::ImapSeen{};
  }
  mail::ImapOptions imap;
  imap.url = o.config.imap.url;
  imap.credentials = o.config.imap.credentials;
  imap.timeout_seconds = o.config.imap.timeout_seconds;
  imap.seen = &state.imap;
  return mail::open_imap(imap);
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
  // What a pass killed while writing its seen-state file left (DIR's own
  // temporaries only: each game's are its own lock's to remove).
  std::error_code ec;
  for (const auto& f : fs::directory_iterator(o.dir, ec))
    if (f.path().filename().string().rfind("." + state_file(o.dir).filename().string() + ".tmp",
                                           0) == 0)
      fs::remove(f.path(), ec);
  Journal journal(journal_file(o.dir));
  Actions a(journal, o, r);
  std::string note;
  JudgeState state = JudgeState::load(state_file(o.dir), note);
  if (!note.empty()) a.say("", "note: " + note);
  std::vector<JudgedGame> games = judged_games(a);
  r.umpired = int(games.size());
  if (games.empty()) return r;

  // 1. The mailbox: each new message once, for every game.
  try {
    auto box = open_mailbox(o, state);
    take_mailbox(*box, games, a);
  } catch (const Error& e) {
    ++r.errors;
    a.action("", "fetch-failed", e.what());
  }

  // 2. Each game that needs a look: changed since the last pass, mail came
  // for it, its next action fell due, or its last look failed.
  std::string policy = o.config.policy_hash();
  std::int64_t now = parse_rfc3339(o.now);
  std::set<std::string> present;
  for (const JudgedGame& g : games) {
    present.insert(g.label);
    auto held = FolderLock::try_lock(g.dir);  // the whole look under the game's lock
    if (!held) {
      a.say(g.label, "skipped: the game is locked by another run");
      state.games.erase(g.label);
      continue;
    }
    auto memo = state.games.find(g.label);
    if (!g.mail && memo != state.games.end() && memo->second.policy == policy &&
        memo->second.stamp == game_stamp(g.dir) &&
        (memo->second.wake.empty() || now < parse_rfc3339(memo->second.wake)))
      continue;
    ++r.looked_at;
    GameJudge judge(a, g);
    if (judge.run())
      state.games[g.label] = {game_stamp(g.dir), judge.wake(), policy};
    else
      state.games.erase(g.label);
  }
  for (auto it = state.games.begin(); it != state.games.end();)
    it = present.count(it->first) ? std::next(it) : state.games.erase(it);
  try {
    state.save(state_file(o.dir));
  } catch (const Error& e) {
    a.error("", "state", e);
  }
  return r;
}

}  // namespace adjutant::judge
