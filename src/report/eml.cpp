#include "report/eml.h"

#include <cctype>

#include "ledger/digest.h"
#include "report/mime_write.h"
#include "report/report.h"
#include "report/time_format.h"
#include "report/visibility.h"
#include "util/files.h"

namespace adjutant::report {

namespace fs = std::filesystem;

namespace {

// "=_" cannot occur in base64 or quoted-printable text, so a boundary
// starting with it never collides with a part's content.
std::string boundary(const std::string& label, const std::string& content) {
  return "=_adjutant_" + label + "_" + ledger::sha256_hex(content).substr(0, 24);
}

std::string part(const std::string& headers, const std::string& body) {
  return headers + kCrlf + body;
}

std::string multipart(const std::string& label, const std::vector<std::string>& parts,
                      std::string* boundary_out) {
  std::string all;
  for (const auto& p : parts) all += ledger::sha256_hex(p);
  std::string b = boundary(label, all);
  std::string body;
  for (const auto& p : parts) body += "--" + b + kCrlf + p;
  body += "--" + b + "--" + kCrlf;
  *boundary_out = b;
  return body;
}

std::string sanitize_name(const std::string& name) {
  std::string out;
  for (char c : name)
    out +=
        (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_') ? c : '_';
  return out;
}

}  // namespace

std::string message_id(const ReportInput& in, const std::string& recipient) {
  return "<" + std::to_string(in.adj.t) + "." + sanitize_name(in.adj.phase) + "." +
         sanitize_name(recipient) + "." + in.game.game_id.substr(0, 16) + "@adjutant.invalid>";
}

std::vector<Attachment> mail_attachments(const ReportInput& in, const fs::path& turn_folder) {
  std::vector<Attachment> out;
  fs::path map = turn_folder / ("map-" + in.side + ".png");
  std::error_code ec;
  if (fs::is_regular_file(map, ec))
    out.push_back({map.filename().string(), "image/png", read_file(map)});
  out.push_back({"state.json", "application/json",
                 visible_state(in.game, in.adj.after, in.side).canonical()});
  return out;
}

std::string build_eml(const ReportInput& in, const game::Party& recipient,
                      const std::vector<Attachment>& attachments) {
  std::string text_part = part(
      "Content-Type: text/plain; charset=utf-8\r\n"
      "Content-Transfer-Encoding: quoted-printable\r\n",
      quoted_printable(report_text(in)));
  std::string html_part = part(
      "Content-Type: text/html; charset=utf-8\r\n"
      "Content-Transfer-Encoding: quoted-printable\r\n",
      quoted_printable(report_html(in)));
  std::string alt_boundary;
  std::string alt_body = multipart("alt", {text_part, html_part}, &alt_boundary);
  std::vector<std::string> parts = {part(
      "Content-Type: multipart/alternative;\r\n boundary=\"" + alt_boundary + "\"\r\n", alt_body)};
  for (const Attachment& a : attachments) {
    std::string name = sanitize_name(a.filename);
    parts.push_back(part("Content-Type: " + a.content_type + "; name=\"" + name + "\"\r\n" +
                             "Content-Disposition: attachment; filename=\"" + name + "\"\r\n" +
                             "Content-Transfer-Encoding: base64\r\n",
                         base64_lines(a.bytes)));
  }
  std::string mixed_boundary;
  std::string mixed_body = multipart("mixed", parts, &mixed_boundary);

  std::string from_name = in.game.host_name, from_email = in.game.host_email;
  if (from_email.empty())
    if (const game::Party* p = in.game.party(in.adj.adjudicator)) {
      from_name = p->name;
      from_email = p->email;
    }
  if (from_email.empty()) {
    from_name = "adjutant";
    from_email = "adjutant@adjutant.invalid";
  }

  std::string out;
  if (!in.adj.at.empty()) out += "Date: " + format_rfc5322(parse_rfc3339(in.adj.at)) + kCrlf;
  out += header_address("From", from_name, from_email);
  out += header_address("To", recipient.name, recipient.email);
  out += header_text("Subject", report_subject(in));
  out += "Message-ID: " + message_id(in, recipient.id) + kCrlf;
  out += "MIME-Version: 1.0\r\n";
  out += "Auto-Submitted: auto-generated\r\n";
  out += header_text("X-Adjutant-Game", in.game.game_id);
  out += "X-Adjutant-Adjudication: " + std::to_string(in.adj.t) + kCrlf;
  auto head = in.game.line_hashes.find(in.adj.seq);
  if (head != in.game.line_hashes.end()) out += header_text("X-Adjutant-Log-Head", head->second);
  out += "Content-Type: multipart/mixed;\r\n boundary=\"" + mixed_boundary + "\"\r\n";
  out += kCrlf;
  out += "This is a MIME message: a turn report in text and HTML, the map and the state.\r\n";
  out += kCrlf;
  out += mixed_body;
  return out;
}

std::string build_eml(const ReportInput& in, const game::Party& recipient,
                      const fs::path& turn_folder) {
  return build_eml(in, recipient, mail_attachments(in, turn_folder));
}

}  // namespace adjutant::report
