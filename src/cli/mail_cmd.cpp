// `adjutant mail send` and `adjutant mail fetch`: the mail loop of a game.
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "game/adjudicate.h"
#include "game/archive.h"
#include "game/secrets.h"
#include "game/sync.h"
#include "mail/game_fetch.h"
#include "mail/imap_mailbox.h"
#include "mail/mailbox.h"
#include "mail/smtp_send.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

// Options, then the environment; the password only ever from the environment.
mail::Credentials credentials(const cxxopts::ParseResult& r, const char* user_env,
                              const char* password_env) {
  mail::Credentials c;
  const char* user = std::getenv(user_env);
  if (r.count("user"))
    c.user = r["user"].as<std::string>();
  else if (user)
    c.user = user;
  std::string var = r.count("password-env") ? r["password-env"].as<std::string>() : password_env;
  const char* password = std::getenv(var.c_str());
  if (password) c.password = password;
  if (!c.user.empty() && !password)
    throw Error("mail.no_password",
                "a user is given but the environment variable " + var +
                    " holding the password is "
                    "not set",
                Exit::kUsage);
  return c;
}

int send(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant mail send",
      "Send the mails not sent yet, in log order, over SMTP: the posts of this copy's own\n"
      "parties (the results, rulings and invitations they signed; by default the parties\n"
      "whose keys are in SECRETS) and the signed orders in GAME/mail/outbox/. Each delivered\n"
      "Message-ID is recorded in GAME/mail/sent.jsonl so none goes twice. A mail about orders\n"
      "the log has dealt with (your orders for a phase adjudicated, a reminder or refusal\n"
      "notice of a phase that is over) is never sent: it is recorded as withheld. Mail that\n"
      "went by other means (files copied by hand) is recorded without sending by --mark-sent.\n"
      "The password comes from the environment (ADJUTANT_SMTP_PASSWORD, or the variable\n"
      "--password-env names).");
  options.add_options()("game", "game archive folder", cxxopts::value<std::string>())(
      "smtp", "server URL: smtp://host:587 (STARTTLS when offered) or smtps://host:465",
      cxxopts::value<std::string>())("user", "login name (default: $ADJUTANT_SMTP_USER)",
                                     cxxopts::value<std::string>())(
      "password-env", "environment variable holding the password", cxxopts::value<std::string>())(
      "timeout", "seconds per message", cxxopts::value<long>()->default_value("60"))(
      "as",
      "send the mails this party signed (repeat; default: the parties whose keys are in "
      "SECRETS)",
      cxxopts::value<std::vector<std::string>>())("all",
                                                  "send every queued mail, whoever signed it")(
      "secrets", "the folder of your keys and dice chains", cxxopts::value<std::string>())(
      "dry-run", "list what would be sent, send nothing")(
      "mark-sent",
      "record every mail now queued as delivered, without sending it (it went by other means)");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path game = required(*r, "game");
  mail::SmtpOptions o;
  o.dry_run = r->count("dry-run") > 0;
  o.mark_sent = r->count("mark-sent") > 0;
  if (o.mark_sent && r->count("smtp"))
    throw Error("usage.options", "--mark-sent sends nothing: give no --smtp with it", Exit::kUsage);
  o.url = (o.dry_run || o.mark_sent) && !r->count("smtp") ? "" : required(*r, "smtp");
  o.credentials = credentials(*r, "ADJUTANT_SMTP_USER", "ADJUTANT_SMTP_PASSWORD");
  o.timeout_seconds = (*r)["timeout"].as<long>();
  if (!r->count("all")) {
    game::ReadGame g(game);
    std::vector<game::Party> mine;
    if (r->count("as")) {
      for (const auto& id : (*r)["as"].as<std::vector<std::string>>()) {
        auto p = g.archive.party(id);
        if (!p)
          throw Error("mail.no_sender", "no party " + in_quotes(id) + " in this game",
                      Exit::kUsage);
        mine.push_back(*p);
      }
    } else {
      mine =
          game::parties_of_keys(g.archive, game::secrets_dir(optional(*r, "secrets")), {}, false);
    }
    if (mine.empty())
      throw Error("mail.no_sender",
                  "no key of any party of this game in the secrets folder: give --as PARTY "
                  "(the party whose mails this copy sends), or --all",
                  Exit::kUsage);
    for (const auto& p : mine) o.from.insert(p.email);
  }
  mail::SendResult result = mail::send_queued(game, o);
  for (const auto& m : result.withheld)
    std::cout << (o.dry_run ? "withhold " : "withheld ") << m.relative << ": never sent, "
              << m.withheld << "\n";
  for (const auto& m : result.marked)
    std::cout << (o.dry_run ? "to mark  " : "marked   ") << m.relative << " to " << m.to.front()
              << " (recorded as sent, not sent)\n";
  for (const auto& m : result.sent)
    std::cout << "sent     " << m.relative << " to " << m.to.front() << "\n";
  for (const auto& m : result.queued)
    std::cout << (o.dry_run ? "to send  " : "queued   ") << m.relative << " to " << m.to.front()
              << "\n";
  std::cout << result.sent.size() << " sent, " << result.queued.size() << " queued";
  if (o.mark_sent) std::cout << ", " << result.marked.size() << " marked sent";
  if (!result.withheld.empty()) std::cout << ", " << result.withheld.size() << " withheld";
  std::cout << "\n";
  mail::require_sent(result);
  return 0;
}

int fetch(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant mail fetch",
      "Collect order files (attachments or armored blocks) and log lines from an IMAP mailbox\n"
      "or a maildir, one message at a time (at most 16 MiB each), verify them against the game,\n"
      "sync the log lines and file the good order files in GAME/inbox/. Each message that\n"
      "carried anything of this game is then moved to the folder adjutant-processed (--keep:\n"
      "none is moved); other mail stays. Each refusal is reported once: a later run counts\n"
      "it among those already reported (GAME/mail/refusals.jsonl). The password comes from\n"
      "the environment (ADJUTANT_IMAP_PASSWORD, or the variable --password-env names).");
  options.add_options()("game", "game archive folder", cxxopts::value<std::string>())(
      "imap", "mailbox URL: imap://host/INBOX or imaps://host:993/Orders",
      cxxopts::value<std::string>())("maildir", "read a maildir folder instead",
                                     cxxopts::value<std::string>())(
      "user", "login name (default: $ADJUTANT_IMAP_USER)", cxxopts::value<std::string>())(
      "password-env", "environment variable holding the password", cxxopts::value<std::string>())(
      "timeout", "seconds per request", cxxopts::value<long>()->default_value("60"))(
      "keep", "move no message out of the mailbox")("json", "machine-readable output");
  options.parse_positional({"game"});
  options.positional_help("GAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  fs::path dir = required(*r, "game");
  if (r->count("imap") == r->count("maildir"))
    throw Error("usage.source", "give exactly one of --imap URL and --maildir DIR", Exit::kUsage);
  std::unique_ptr<mail::Mailbox> box;
  if (r->count("maildir")) {
    box = mail::open_maildir((*r)["maildir"].as<std::string>());
  } else {
    mail::ImapOptions o;
    o.url = (*r)["imap"].as<std::string>();
    o.credentials = credentials(*r, "ADJUTANT_IMAP_USER", "ADJUTANT_IMAP_PASSWORD");
    o.timeout_seconds = (*r)["timeout"].as<long>();
    box = mail::open_imap(o);
  }
  mail::FetchReport report = mail::fetch_for_game(*box, dir, turn_writer(), r->count("keep") > 0);
  print_notes(report.notes);
  if (r->count("json")) {
    Json out = Json::array();
    for (const auto& i : report.intakes)
      out.push_back({{"source", i.source},
                     {"where", i.where},
                     {"id", i.id},
                     {"side", i.side},
                     {"filed", i.filed},
                     {"detail", i.detail},
                     {"reported_before", i.again}});
    print_json(out);
    return 0;
  }
  std::size_t filed = 0, again = 0;
  for (const auto& i : report.intakes) {
    if (i.ok()) {
      ++filed;
      std::cout << "filed    inbox/" << i.filed << "  (" << i.source << ", " << i.where << ")\n";
    } else if (i.again) {
      ++again;  // said by an earlier run
    } else if (i.id != "mail.no_orders") {
      std::cout << "refused  [" << i.id << "] " << i.source << ", " << i.where << ": "
                << printable(i.detail) << "\n";
    }
  }
  std::string synced = report.synced
                           ? std::to_string(report.synced) +
                                 (report.synced == 1 ? " log line" : " log lines") + " synced, "
                           : "";
  if (again) std::cout << again << (again == 1 ? " refusal" : " refusals") << " already reported\n";
  std::cout << report.messages << (report.messages == 1 ? " message" : " messages") << " read, "
            << synced << filed << (filed == 1 ? " order file" : " order files") << " filed, "
            << report.set_aside << " set aside\n";
  return 0;
}

}  // namespace

int cmd_mail(int argc, char** argv) {
  std::string sub = argc > 1 ? argv[1] : "";
  if (sub == "send") return send(argc - 1, argv + 1);
  if (sub == "fetch") return fetch(argc - 1, argv + 1);
  if (sub == "--help" || sub == "-h") {
    std::cout << "usage: adjutant mail send GAME --smtp URL [--user U] [--password-env VAR]\n"
                 "       adjutant mail send GAME --mark-sent\n"
                 "       adjutant mail fetch GAME (--imap URL | --maildir DIR) [--json]\n"
                 "(adjutant mail send --help, adjutant mail fetch --help)\n";
    return 0;
  }
  throw Error("usage.subcommand", "adjutant mail needs send or fetch (see --help)", Exit::kUsage);
}

}  // namespace adjutant::cli
