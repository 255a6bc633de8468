// Mail files (RFC 5322 and MIME): multipart/mixed holding the report as text
// and HTML (multipart/alternative, inside multipart/related when the map is
// shown in the HTML), then the attachments. Every byte follows from the
// archive: boundaries come from content hashes, the Message-ID from the game,
// the log line and the recipient, the Date from the log entry.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/archive.h"
#include "report/report_input.h"

namespace adjutant::report {

struct Attachment {
  std::string filename;
  std::string content_type;
  std::string bytes;
};

struct MailSpec {
  std::string date;  // RFC 3339 (from the log), or "" for none
  std::string from_name, from_email;
  std::string to_name, to_email;
  std::string subject;
  std::string message_id;                                    // "<...@adjutant.invalid>"
  std::vector<std::pair<std::string, std::string>> headers;  // X-Adjutant-...
  std::string text;
  std::string html;                        // may show the inline image as cid:FILENAME
  std::optional<Attachment> inline_image;  // the map, shown in the HTML
  std::vector<Attachment> attachments;
  std::string preamble;  // for readers that show no MIME
};

// The whole .eml file. Error "report.bad_address" for an address that could
// inject a header.
std::string build_mail(const MailSpec& spec);

// "<seq.kind.recipient.gameid16@adjutant.invalid>": one per post and recipient.
std::string message_id(const GameFacts& game, int seq, const std::string& kind,
                       const std::string& recipient);

// The mail of adjudication `in.adj` for `recipient`: the report, the map
// map-<side>.png from `turn_folder` when it exists, the state the side may
// see, and `extra` attachments (the log lines, see post_outputs.h).
std::string build_eml(const ReportInput& in, const game::Party& recipient,
                      const std::filesystem::path& turn_folder,
                      const std::vector<Attachment>& extra = {});

}  // namespace adjutant::report
