// The mail file of one report for one recipient (RFC 5322 and MIME):
// multipart/mixed holding multipart/alternative (text and HTML), the map PNG
// and the state JSON. Every byte follows from the archive: boundaries come
// from content hashes, the Message-ID from game, adjudication and recipient,
// the Date from the log entry.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "game/archive.h"
#include "report/report_input.h"

namespace adjutant::report {

struct Attachment {
  std::string filename;
  std::string content_type;
  std::string bytes;
};

// "<t.phase.recipient.gameid16@adjutant.invalid>"
std::string message_id(const ReportInput& in, const std::string& recipient);

// The attachments of `in.side`'s mail: map-<side>.png from the turn folder
// when it exists, and the state the side may see as state.json.
std::vector<Attachment> mail_attachments(const ReportInput& in,
                                         const std::filesystem::path& turn_folder);

std::string build_eml(const ReportInput& in, const game::Party& recipient,
                      const std::vector<Attachment>& attachments);
std::string build_eml(const ReportInput& in, const game::Party& recipient,
                      const std::filesystem::path& turn_folder);

}  // namespace adjutant::report
