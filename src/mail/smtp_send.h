// `adjutant mail send`: delivers the .eml files of every turn folder and of
// GAME/mail/outbox/ that GAME/mail/sent.jsonl does not list, in log order,
// over SMTP. A mail is listed only once the server has accepted it, so a
// rerun never sends one twice and a server that is down loses nothing: the
// mail stays queued. Each copy of an archive sends only the mails its own
// parties signed (From: one of `from`).
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "mail/curl_session.h"

namespace adjutant::mail {

struct SmtpOptions {
  std::string url;  // smtp://host:port or smtps://host
  Credentials credentials;
  long timeout_seconds = 60;
  bool dry_run = false;        // list what would be sent, send nothing
  std::set<std::string> from;  // send only mails from these addresses; empty: all
};

struct Outgoing {
  std::filesystem::path file;
  std::string relative;  // "turns/001-confederate/mail-union.eml"
  std::string message_id;
  std::string from;
  std::vector<std::string> to;
};

struct SendResult {
  std::vector<Outgoing> sent;
  std::vector<Outgoing> queued;  // still unsent after this run
  std::string error_id;          // empty when everything queued was sent
  std::string error;
};

// The .eml files not yet sent (from one of `from`, or any when it is empty),
// in log order. Error "mail.bad_eml" for a file without a From or To address.
std::vector<Outgoing> queued_mail(const std::filesystem::path& game,
                                  const std::set<std::string>& from = {});

SendResult send_queued(const std::filesystem::path& game, const SmtpOptions& options);

// Throws the Error (exit 4) a failed run ends in; nothing when all was sent.
void require_sent(const SendResult& result);

}  // namespace adjutant::mail
