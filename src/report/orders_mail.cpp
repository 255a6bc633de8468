#include "report/orders_mail.h"

#include "ledger/digest.h"
#include "report/eml.h"

namespace adjutant::report {

namespace {

std::string body_string(const ledger::Json& envelope, const char* key) {
  const ledger::Json& b = envelope.at("body");
  return b.contains(key) && b[key].is_string() ? b[key].get<std::string>() : std::string();
}

int body_turn(const ledger::Json& envelope) {
  const ledger::Json& b = envelope.at("body");
  return b.contains("turn") && b["turn"].is_number_integer() ? b["turn"].get<int>() : 0;
}

}  // namespace

std::string orders_mail_name(const ledger::Json& envelope) {
  return "orders-t" + std::to_string(body_turn(envelope)) + "-" + body_string(envelope, "side") +
         "-" + ledger::sha256_hex(ledger::canonical(envelope)).substr(0, 12) + ".eml";
}

std::string orders_mail(const GameFacts& game, const game::Party& from, const game::Party& to,
                        const ledger::Json& envelope, const std::string& at,
                        const std::string& text) {
  std::string side = body_string(envelope, "side");
  int turn = body_turn(envelope);
  MailSpec m;
  m.date = at;
  m.from_name = from.name;
  m.from_email = from.email;
  m.to_name = to.name;
  m.to_email = to.email;
  m.subject =
      "[" + game.name + "] orders of " + game.side_name(side) + " for turn " + std::to_string(turn);
  m.message_id = "<orders." + ledger::sha256_hex(ledger::canonical(envelope)).substr(0, 16) + "." +
                 game.game_id.substr(0, 16) + "@adjutant.invalid>";
  m.headers.push_back({"X-Adjutant-Game", game.game_id});
  std::string folder = game.folder.empty() ? std::string("GAME") : game.folder;
  m.text = "The signed orders of " + game.side_name(side) + " for turn " + std::to_string(turn) +
           " of " + game.name + " are attached (orders.signed.json).\n\nTo take them in:\n\n" +
           "    adjutant mail fetch " + folder + " --maildir MAILDIR    (or --imap URL)\n" +
           "    adjutant adjudicate " + folder + " orders.signed.json\n";
  m.html = "<!DOCTYPE html>\n<html><body><p>The signed orders of " + game.side_name(side) +
           " for turn " + std::to_string(turn) +
           " are attached (orders.signed.json).</p><p>Take them in with <code>adjutant mail "
           "fetch</code>, then <code>adjutant adjudicate</code>.</p></body></html>\n";
  m.attachments.push_back({"orders.signed.json", "application/json", envelope.dump(2) + "\n"});
  if (!text.empty()) {
    m.text += "\nThe text these orders were signed from is attached too (" +
              std::string(kOrdersTextName) + ").\n";
    m.attachments.push_back({kOrdersTextName, "text/plain; charset=utf-8", text});
  }
  m.preamble = "This is a MIME message: signed orders as an attachment.";
  return build_mail(m);
}

}  // namespace adjutant::report
