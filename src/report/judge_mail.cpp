#include "report/judge_mail.h"

#include "report/eml.h"
#include "util/time_format.h"

namespace adjutant::report {

namespace {

std::string folder_of(const GameFacts& game) {
  return game.folder.empty() ? std::string("GAME") : game.folder;
}

std::string due_text(const GameFacts& game, const PhaseDue& due) {
  return game.phase_text(due.turn, due.phase);
}

MailSpec base(const GameFacts& game, const game::Party& from, const game::Party& to,
              const std::string& date) {
  MailSpec m;
  m.date = date;
  m.from_name = from.name;
  m.from_email = from.email;
  m.to_name = to.name;
  m.to_email = to.email;
  m.headers.push_back({"X-Adjutant-Game", game.game_id});
  return m;
}

std::string html_of(const std::string& text) {
  std::string out = "<!DOCTYPE html>\n<html><body><pre>";
  for (char c : text) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out + "</pre></body></html>\n";
}

}  // namespace

std::string reminder_name(const PhaseDue& due) {
  return "reminder-L" + std::to_string(due.seq) + "-" + due.side + ".eml";
}

std::string reminder_mail(const GameFacts& game, const game::Party& from, const game::Party& to,
                          const PhaseDue& due, const std::string& date,
                          const std::string& nmr_policy) {
  MailSpec m = base(game, from, to, date);
  std::string when = format_utc(parse_rfc3339(due.deadline));
  m.subject =
      "[" + game.name + "] reminder: orders of " + game.side_name(due.side) + " due by " + when;
  m.message_id = message_id(game, due.seq, "reminder", due.side);
  m.text = "The orders of " + game.side_name(due.side) + " for " + due_text(game, due) + " of " +
           game.name + " have not arrived yet. They are due by " + when + ".\n\n" +
           "If none arrive by then: " + nmr_policy + "\n\nSign and mail them with:\n\n" +
           "    adjutant sign ORDERS --game " + folder_of(game) + " --mail\n" +
           "    adjutant mail send " + folder_of(game) + " --smtp URL\n";
  m.html = html_of(m.text);
  m.preamble = "This is a MIME message: a reminder in text and HTML.";
  return build_mail(m);
}

std::string refusal_name(const PhaseDue& due, const std::string& orders_hash) {
  return "refused-L" + std::to_string(due.seq) + "-" + due.side + "-" + orders_hash.substr(0, 12) +
         ".eml";
}

std::string refusal_mail(const GameFacts& game, const game::Party& from, const game::Party& to,
                         const PhaseDue& due, const std::string& orders_hash,
                         const std::string& problems, const std::string& date) {
  MailSpec m = base(game, from, to, date);
  m.subject = "[" + game.name + "] orders of " + game.side_name(due.side) +
              " refused: " + due_text(game, due);
  m.message_id = message_id(game, due.seq, "refused-" + orders_hash.substr(0, 12), due.side);
  m.text = "The order file of " + game.side_name(due.side) + " for " + due_text(game, due) +
           " (SHA-256 " + orders_hash.substr(0, 16) +
           "...) was refused; nothing was adjudicated and nothing changed:\n\n" + problems +
           "\n\nCorrect the orders and mail them again before " +
           format_utc(parse_rfc3339(due.deadline)) + ". `adjutant check " + folder_of(game) +
           " ORDERS.signed.json` shows the same checks on your copy.\n";
  m.html = html_of(m.text);
  m.preamble = "This is a MIME message: a refusal in text and HTML.";
  return build_mail(m);
}

std::string unread_name(int seq, const std::string& side, const std::string& message_hash) {
  return "unread-L" + std::to_string(seq) + "-" + side + "-" + message_hash.substr(0, 12) + ".eml";
}

std::string unread_mail(const GameFacts& game, const game::Party& from, const game::Party& to,
                        int seq, const std::string& message_hash, const std::string& what,
                        const std::string& limit, const std::string& date) {
  MailSpec m = base(game, from, to, date);
  m.subject = "[" + game.name + "] your message was not read: larger than " + limit;
  m.message_id = message_id(game, seq, "unread-" + message_hash.substr(0, 12), to.id);
  m.text = "A message from you to the umpire of " + game.name + " (" + what +
           ") was not read: the umpire reads messages of at most " + limit +
           ". Nothing was filed from it and nothing changed.\n\nMail the signed order file alone, "
           "as an attachment or pasted into the text:\n\n    adjutant mail send " +
           folder_of(game) + " --smtp URL\n";
  m.html = html_of(m.text);
  m.preamble = "This is a MIME message: a notice in text and HTML.";
  return build_mail(m);
}

}  // namespace adjutant::report
