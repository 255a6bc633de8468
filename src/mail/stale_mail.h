// Mail about orders that the log has already dealt with (docs/mail.md
// "What never goes"): a player's own order mail (`adjutant sign --mail`)
// for a phase the log has passed, and the judge's reminders and refusal
// notices for a phase that is over. Such a mail is stale: sending it would
// only confuse its reader, so `mail send` and the judge record it as
// withheld instead. Results, rulings and invitations are never stale: they
// carry log lines a copy may still lack.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "game/archive.h"

namespace adjutant::mail {

class StaleMail {
 public:
  explicit StaleMail(std::filesystem::path game) : game_(std::move(game)) {}

  // Why the queued mail `file` (of Message-ID `message_id`) must not go:
  // "" when it may. The log is read (not verified) the first time a mail
  // of a kind that can be stale is asked about; a log that cannot be read
  // withholds nothing.
  std::string why(const std::filesystem::path& file, const std::string& message_id);

 private:
  const std::vector<game::LogEntry>& log();
  // Where the line of hash `hash` stands in the log; -1 when it is not there.
  int line_of(const std::string& hash);
  // Why the phase that `side`'s orders were due in since line `from` is over
  // for that side ("" while it is not): a later adjudication, an end, or a
  // ruling of no moves received for the side.
  std::string phase_over(int from, const std::string& side);
  std::string orders_mail(const std::filesystem::path& file);
  std::string judge_mail(int seq, const std::string& kind, const std::string& side);

  std::filesystem::path game_;
  std::optional<std::vector<game::LogEntry>> log_;
};

}  // namespace adjutant::mail
