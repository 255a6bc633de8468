// An IMAP mailbox as a Mailbox (mailbox.h), over libcurl.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "mail/curl_session.h"
#include "mail/mailbox.h"

namespace adjutant::mail {

// What an IMAP mailbox's reader remembers between runs (the judge's
// seen-state file): the mailbox's UIDVALIDITY, the highest UID listed, and
// the UIDs listed but not dealt with, to read again.
struct ImapSeen {
  long uidvalidity = 0;
  long last_uid = 0;
  std::vector<long> retry;
};

struct ImapOptions {
  std::string url;  // imap://host:port/MAILBOX (INBOX when none)
  Credentials credentials;
  long timeout_seconds = 60;
  // With a seen-state: list only the UIDs after it (and those to retry),
  // and update it as messages are set aside. Without: list every message,
  // and leave the \Seen flag as it was found on the ones not set aside.
  ImapSeen* seen = nullptr;
  // With a seen-state too, leave the \Seen flag as it was found on the
  // messages not set aside (a judge's rehearsal reads and keeps).
  bool keep_flags = false;
};

// Errors "mail.imap_url" (exit 2), "mail.imap_unreachable", "mail.imap_auth",
// "mail.imap_failed" (exit 4).
std::unique_ptr<Mailbox> open_imap(const ImapOptions& options);

}  // namespace adjutant::mail
