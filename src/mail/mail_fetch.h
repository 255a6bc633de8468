// `adjutant mail fetch`: reads every message of an IMAP mailbox or a maildir
// and takes the order files out of them (order_intake.h). It deletes,
// moves and marks nothing: a maildir is only read, and on IMAP the \Seen
// flag that fetching sets is cleared again on the messages that had none.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "mail/curl_session.h"
#include "mail/order_intake.h"

namespace adjutant::mail {

struct RawMessage {
  std::string source;  // "maildir new/<name>", "imap uid 7"
  std::string bytes;
  std::string error;  // why it could not be read ("mail.too_large"), else ""
};

// Every file in DIR/new and DIR/cur, in name order. Error "mail.maildir"
// when DIR has neither.
std::vector<RawMessage> read_maildir(const std::filesystem::path& dir);

struct ImapOptions {
  std::string url;  // imap://host:port/MAILBOX (INBOX when none)
  Credentials credentials;
  long timeout_seconds = 60;
};

// Every message of the mailbox, by UID. Errors "mail.imap_unreachable",
// "mail.imap_auth", "mail.imap_failed" (exit 4).
std::vector<RawMessage> read_imap(const ImapOptions& options);

std::vector<Intake> take_all(const IntakeContext& ctx, const std::vector<RawMessage>& messages);

}  // namespace adjutant::mail
