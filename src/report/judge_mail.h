// The mails an unattended host writes besides the posts (docs/judge.md):
// a reminder to the side whose orders are due, a notice that an order file
// it mailed was refused, and a notice that a message it mailed was too large
// to read. Both go into GAME/mail/outbox/ and out with the
// posts; their bytes follow from the log and the order file alone, and their
// Message-IDs from the log line, the kind and the recipient, so writing one
// twice gives the same file and sending is recorded once.
#pragma once

#include <string>
#include <vector>

#include "report/report_input.h"

namespace adjutant::report {

struct PhaseDue {
  int seq = 0;  // the log line the phase (or its last extension) began with
  int turn = 0;
  std::string phase;
  std::string side;      // whose orders are due
  std::string deadline;  // RFC 3339
};

// "reminder-L<seq>-<side>.eml"; Message-ID "<seq.reminder.side.game@...>".
std::string reminder_name(const PhaseDue& due);
// `date` (RFC 3339) is when the reminder fell due: the deadline less the lead time.
std::string reminder_mail(const GameFacts& game, const game::Party& from, const game::Party& to,
                          const PhaseDue& due, const std::string& date,
                          const std::string& nmr_policy);

// "refused-L<seq>-<side>-<12 hex of the order file's hash>.eml".
std::string refusal_name(const PhaseDue& due, const std::string& orders_hash);
// `problems` are the refusal's lines (error ids, orders, units, rules).
std::string refusal_mail(const GameFacts& game, const game::Party& from, const game::Party& to,
                         const PhaseDue& due, const std::string& orders_hash,
                         const std::string& problems, const std::string& date);

// "unread-L<seq>-<side>-<12 hex of the message's hash>.eml".
std::string unread_name(int seq, const std::string& side, const std::string& message_hash);
// A message from `to` (`what`: its source, subject and size) that the judge
// did not read: larger than its limit (`limit`, "16 MiB").
std::string unread_mail(const GameFacts& game, const game::Party& from, const game::Party& to,
                        int seq, const std::string& message_hash, const std::string& what,
                        const std::string& limit, const std::string& date);

}  // namespace adjutant::report
