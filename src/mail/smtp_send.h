// `adjutant mail send`: delivers the .eml files of every turn folder and of
// GAME/mail/outbox/ that GAME/mail/sent.jsonl does not list, in log order,
// over SMTP. A mail is listed only once the server has accepted it, so a
// rerun never sends one twice and a server that is down loses nothing: the
// mail stays queued. Each copy of an archive sends only the mails its own
// parties signed (From: one of `from`). A mail about orders the log has
// already dealt with (mail/stale_mail.h) is never sent: it is listed as
// withheld. Mail delivered by other means is marked sent without sending
// (`mark_sent`).
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
  // Further envelope recipients of every mail (a copy to the sender's own
  // mailbox, say); they appear in no header.
  std::vector<std::string> bcc;
  // Before each transfer, write GAME/mail/sending/<id>.json, and remove it
  // once the mail is recorded as sent or known refused: a run stopped
  // between the server's acceptance and the record leaves the marker, so
  // the next run knows that mail is in doubt (in_doubt) instead of sending
  // it blindly again.
  bool mark_sending = false;
  std::set<std::string> hold;  // Message-IDs not to send in this run
  std::string now;             // the time to record (RFC 3339); "" for the clock
  // Record every mail queued as delivered (sent.jsonl: "marked") without
  // sending it: the mails went by other means (files copied by hand).
  bool mark_sent = false;
};

struct Outgoing {
  std::filesystem::path file;
  std::string relative;  // "turns/001-confederate/mail-union.eml"
  std::string message_id;
  std::string from;
  std::vector<std::string> to;
  // Why it must never go (the log has dealt with the orders it is about);
  // "" when it may.
  std::string withheld;
};

struct SendResult {
  std::vector<Outgoing> sent;
  std::vector<Outgoing> marked;    // recorded as delivered by other means (mark_sent)
  std::vector<Outgoing> withheld;  // stale: recorded, never to be sent
  std::vector<Outgoing> queued;    // still unsent after this run
  std::string error_id;            // empty when everything queued was sent
  std::string error;
};

// The .eml files not yet sent (from one of `from`, or any when it is empty;
// none whose Message-ID is in `held`), in log order, the stale ones with
// `withheld` set. Error "mail.bad_eml" for a file without a From or To
// address.
std::vector<Outgoing> queued_mail(const std::filesystem::path& game,
                                  const std::set<std::string>& from = {},
                                  const std::set<std::string>& held = {});

SendResult send_queued(const std::filesystem::path& game, const SmtpOptions& options);

// A mail whose transfer began (mail/sending/<id>.json) but that sent.jsonl
// does not list: the server may or may not have accepted it.
struct InDoubt {
  std::filesystem::path marker;
  std::string message_id;
  std::string file;     // relative to GAME
  std::string started;  // RFC 3339
};
std::vector<InDoubt> in_doubt(const std::filesystem::path& game);

// Settles a mail in doubt: `accepted` records it in sent.jsonl (a copy was
// found delivered) without sending it; either way the marker goes, so a
// mail not accepted is queued again. Under the lock of GAME/mail/.
void settle(const std::filesystem::path& game, const InDoubt& doubt, bool accepted,
            const std::string& now = "");

// Throws the Error (exit 4) a failed run ends in; nothing when all was sent.
void require_sent(const SendResult& result);

}  // namespace adjutant::mail
