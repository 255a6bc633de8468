#include "judge/judge_intake.h"

#include <map>

#include "game/adjudicate.h"
#include "game/intake.h"
#include "game/sync.h"
#include "judge/judge_state.h"
#include "ledger/digest.h"
#include "mail/log_intake.h"
#include "mail/mime_parse.h"
#include "mail/order_intake.h"
#include "mail/smtp_send.h"
#include "report/judge_mail.h"
#include "report/turn_outputs.h"
#include "rules/text_lexer.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::judge {

namespace fs = std::filesystem;

namespace {

std::string trimmed(std::string s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.erase(s.begin());
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\n')) s.pop_back();
  return s;
}

struct Headers {
  std::string from;  // the address, lower case
  std::string message_id;
  std::string subject;
  std::string game;  // X-Adjutant-Game
};

Headers header_fields(const std::string& block) {
  Headers h;
  for (const auto& [name, value] : mail::parse_headers(block)) {
    if (name == "from" && h.from.empty()) {
      auto a = mail::addresses(value);
      if (!a.empty()) h.from = rules::text::lower(a.front());
    } else if (name == "message-id" && h.message_id.empty()) {
      h.message_id = trimmed(value);
    } else if (name == "subject" && h.subject.empty()) {
      h.subject = trimmed(value);
    } else if (name == "x-adjutant-game" && h.game.empty()) {
      h.game = trimmed(value);
    }
  }
  return h;
}

class MailIntake {
 public:
  MailIntake(mail::Mailbox& box, std::vector<JudgedGame>& games, Actions& actions)
      : box_(box), games_(games), a_(actions) {}

  void take(const mail::MessageRef& m) {
    Headers h = header_fields(box_.headers(m));
    // One key per message, whatever games it concerns: a refusal is
    // journalled once for the message.
    std::string key = "mail:" + ledger::sha256_hex(m.source + "|" + h.message_id).substr(0, 16);
    std::string what = m.source + (h.from.empty() ? "" : ", from " + h.from) +
                       (h.subject.empty() ? "" : ", " + in_quotes(h.subject.substr(0, 80)));
    if (own_copy(h)) {
      settle(h);
      box_.set_aside(m);
      return;
    }
    std::string raw;
    try {
      raw = box_.read(m);
    } catch (const Error& e) {
      if (e.id() != "mail.too_large") throw;
      unread(m, h, key, what);
      box_.set_aside(m);
      return;
    }
    mail::MimePart message = mail::parse_message(raw);
    std::string().swap(raw);  // one message in memory at a time
    bool used = sync_lines(message, m, key, what);
    std::vector<mail::Intake> problems;
    std::vector<mail::OrderText> orders = mail::find_orders(message, problems, m.source);
    for (const mail::Intake& p : problems) {
      used = true;
      a_.once("", key + ":" + p.where + ":" + p.id, "refused",
              "[" + p.id + "] " + what + ", " + p.where + ": " + p.detail);
    }
    std::string text = orders_text(message);
    for (const mail::OrderText& order : orders) {
      used = true;
      file(order, m, key, what, text);
    }
    if (!used)
      a_.once("", key + ":mail.no_orders", "refused",
              "[mail.no_orders] " + what + ": no order file and no log line of a game judged here");
    box_.set_aside(m);
  }

 private:
  // The game whose id starts with `id` (16 hex digits or the whole id).
  JudgedGame* game_of(const std::string& id) {
    if (id.size() < 16) return nullptr;
    for (JudgedGame& g : games_)
      if (g.id.rfind(id, 0) == 0) return &g;
    return nullptr;
  }

  // What the judge sent comes back to its own mailbox (the blind copy).
  bool own_copy(const Headers& h) const {
    if (h.from.empty()) return false;
    for (const JudgedGame& g : games_)
      if (rules::text::lower(g.umpire.email) == h.from) return true;
    return false;
  }

  // A copy of a mail a stopped run left in doubt: it was delivered, so it
  // is recorded as sent and never sent again. The Message-ID names the game:
  // "<SEQ.KIND.RECIPIENT.GAMEID16@adjutant.invalid>".
  void settle(const Headers& h) {
    std::size_t at = h.message_id.find('@');
    std::size_t dot = h.message_id.rfind('.', at);
    if (at == std::string::npos || dot == std::string::npos) return;
    JudgedGame* g = game_of(h.message_id.substr(dot + 1, at - dot - 1));
    if (!g) return;
    for (const mail::InDoubt& d : mail::in_doubt(g->dir)) {
      if (d.message_id != h.message_id) continue;
      mail::settle(g->dir, d, true, a_.options().now);
      g->mail = true;
      a_.action(g->label, "confirmed",
                d.file + " " + d.message_id +
                    " was delivered before the last run stopped; not sent again");
    }
  }

  // A message too large to read: refused, and its sender told when it is a
  // player here (by the game its header names, else the first it plays).
  void unread(const mail::MessageRef& m, const Headers& h, const std::string& key,
              const std::string& what) {
    JudgedGame* to_game = nullptr;
    const game::Party* to = nullptr;
    for (JudgedGame& g : games_)
      for (const game::Party& p : g.players)
        if (rules::text::lower(p.email) == h.from && (!to || g.id == h.game)) {
          to_game = &g;
          to = &p;
        }
    std::string detail = "[mail.too_large] " + what + ": " + mail::too_large_text(m.size);
    if (to && !a_.seen(key + ":mail.too_large")) {
      FolderLock lock(to_game->dir);
      game::Archive archive = game::Archive::open(to_game->dir);
      int seq = int(archive.log().size()) - 1;
      std::string hash = ledger::sha256_hex(key);
      fs::path file = to_game->dir / "mail" / "outbox" / report::unread_name(seq, to->id, hash);
      write_new(file, report::unread_mail(report::game_facts(archive), to_game->umpire, *to, seq,
                                          hash, what, "16 MiB", a_.options().now));
      detail += "; notice mail/outbox/" + file.filename().string();
      to_game->mail = true;
    }
    a_.once(to_game ? to_game->label : "", key + ":mail.too_large", "refused", detail);
  }

  // The log lines the message carries for each game judged here (a
  // concession, say), each verified as `adjutant sync` does.
  bool sync_lines(const mail::MimePart& message, const mail::MessageRef& m, const std::string& key,
                  const std::string& what) {
    bool used = false;
    for (const std::string& named : mail::carried_games(message)) {
      JudgedGame* g = game_of(named);
      if (!g) continue;
      mail::CarriedFiles carried;
      mail::take_carried(carried, message, m.source, g->id);
      if (carried.lines.lines.empty()) continue;
      used = true;
      try {
        game::SyncResult s = game::sync_archive(g->dir, carried.lines, a_.options().outputs);
        if (!s.added) continue;
        g->mail = true;
        a_.action(g->label, "synced",
                  std::to_string(s.added) + " log line" + (s.added == 1 ? "" : "s") +
                      " from mail; head " + s.head.substr(0, 16));
      } catch (const Error& e) {
        // Lines that do not verify or do not fit: refused, once. The game
        // out of reach (locked, unreadable): the message waits.
        if (e.exit_code() == Exit::kEnvironment) throw;
        a_.once(g->label, key + ":lines:" + e.id(), "refused",
                "[" + e.id() + "] " + what + ", log lines: " + e.what());
      }
    }
    return used;
  }

  // The text orders a player's order mail carries beside the signed file
  // (`adjutant sign ORDERS.txt --mail`: one text/plain attachment named
  // *.txt), "" when there is none or several.
  static std::string orders_text(const mail::MimePart& message) {
    std::string found;
    int n = 0;
    for (const mail::MimePart* part : mail::leaves(message)) {
      const std::string& name = part->filename;
      if (part->content_type != "text/plain" || !part->attachment || name.size() < 5 ||
          name.compare(name.size() - 4, 4, ".txt") != 0)
        continue;
      found = part->body;
      ++n;
    }
    return n == 1 && found.size() <= game::kMaxOrderBytes ? found : "";
  }

  void file(const mail::OrderText& order, const mail::MessageRef& m, const std::string& key,
            const std::string& what, const std::string& text) {
    JudgedGame* g = game_of(mail::order_game(order));
    if (!g || g->id != mail::order_game(order)) {
      a_.once("", key + ":" + order.where + ":mail.wrong_game", "refused",
              "[mail.wrong_game] " + what + ", " + order.where +
                  ": an order file of no game judged here");
      return;
    }
    FolderLock lock(g->dir);
    // The head order files must follow, read again if the game changed.
    std::string stamp = game_stamp(g->dir);
    auto found = context_.find(g->label);
    if (found == context_.end() || found->second.first != stamp) {
      game::ReadGame read(g->dir);
      context_[g->label] = {stamp,
                            mail::intake_context(read.archive, read.replay.expected_after())};
      found = context_.find(g->label);
    }
    mail::Intake i = mail::file_order(found->second.second, order, m.source);
    // Kept beside the order file, so a refusal notice can name the lines
    // the player wrote (judge_pass.cpp, refuse()); whether it is the text
    // of these orders is checked then, by reading it.
    if (!text.empty() && !i.filed.empty())
      write_new(g->dir / "inbox" / (fs::path(i.filed).stem().string() + ".txt"), text);
    if (i.ok()) {
      g->mail = true;
      a_.action(g->label, "filed",
                "inbox/" + i.filed + " (" + i.side + ", " + m.source + ", " + i.where + ")");
    } else if (i.id != "mail.duplicate") {
      a_.once(g->label, key + ":" + i.where + ":" + i.id, "refused",
              "[" + i.id + "] " + what + ", " + i.where + ": " + i.detail);
    }
  }

  mail::Mailbox& box_;
  std::vector<JudgedGame>& games_;
  Actions& a_;
  // Each game's intake context (its head) with the game's stamp when it
  // was made: made once a pass, and again when the game changed.
  std::map<std::string, std::pair<std::string, mail::IntakeContext>> context_;
};

}  // namespace

void take_mailbox(mail::Mailbox& box, std::vector<JudgedGame>& games, Actions& actions) {
  MailIntake intake(box, games, actions);
  for (const mail::MessageRef& m : box.list()) {
    ++actions.result().messages;
    try {
      intake.take(m);
    } catch (const Error& e) {
      // The message stays where it is and the next pass takes it again.
      if (e.id() == "archive.locked") {
        actions.say("", m.source + ": left for the next pass, a game it concerns is locked");
        continue;
      }
      actions.error("", "fetch " + m.source, e);
    }
  }
  box.finish();
}

}  // namespace adjutant::judge
