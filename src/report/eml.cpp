#include "report/eml.h"

#include <cctype>

#include "ledger/digest.h"
#include "report/mime_write.h"
#include "report/report.h"
#include "report/visibility.h"
#include "util/files.h"
#include "util/time_format.h"

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

// A multipart body and the header line that opens it.
std::string multipart(const std::string& type, const std::string& label,
                      const std::vector<std::string>& parts) {
  std::string all;
  for (const auto& p : parts) all += ledger::sha256_hex(p);
  std::string b = boundary(label, all);
  std::string body;
  for (const auto& p : parts) body += "--" + b + kCrlf + p;
  body += "--" + b + "--" + kCrlf;
  return part("Content-Type: " + type + ";\r\n boundary=\"" + b + "\"\r\n", body);
}

std::string sanitize_name(const std::string& name) {
  std::string out;
  for (char c : name)
    out +=
        (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_') ? c : '_';
  return out;
}

std::string attachment_part(const Attachment& a, bool inline_image) {
  std::string name = sanitize_name(a.filename);
  std::string headers = "Content-Type: " + a.content_type + "; name=\"" + name + "\"\r\n";
  if (inline_image)
    headers +=
        "Content-ID: <" + name + ">\r\nContent-Disposition: inline; filename=\"" + name + "\"\r\n";
  else
    headers += "Content-Disposition: attachment; filename=\"" + name + "\"\r\n";
  headers += "Content-Transfer-Encoding: base64\r\n";
  return part(headers, base64_lines(a.bytes));
}

}  // namespace

std::string build_mail(const MailSpec& m) {
  std::string text_part = part(
      "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n",
      quoted_printable(m.text));
  std::string html_part = part(
      "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n",
      quoted_printable(m.html));
  std::string body = multipart("multipart/alternative", "alt", {text_part, html_part});
  if (m.inline_image)
    body = multipart("multipart/related; type=\"multipart/alternative\"", "rel",
                     {body, attachment_part(*m.inline_image, true)});
  std::vector<std::string> parts = {body};
  for (const Attachment& a : m.attachments) parts.push_back(attachment_part(a, false));
  std::string mixed = multipart("multipart/mixed", "mixed", parts);

  std::string out;
  if (!m.date.empty()) out += "Date: " + format_rfc5322(parse_rfc3339(m.date)) + kCrlf;
  out += header_address("From", m.from_name, m.from_email);
  out += header_address("To", m.to_name, m.to_email);
  out += header_text("Subject", m.subject);
  out += "Message-ID: " + m.message_id + kCrlf;
  out += "MIME-Version: 1.0\r\n";
  out += "Auto-Submitted: auto-generated\r\n";
  for (const auto& [name, value] : m.headers) out += header_text(name, value);
  // The multipart header of the whole, then the preamble, then the parts.
  std::size_t end = mixed.find("\r\n\r\n");
  out += mixed.substr(0, end + 2) + kCrlf;
  out += (m.preamble.empty() ? std::string("This is a MIME message.") : m.preamble) + kCrlf;
  out += kCrlf;
  out += mixed.substr(end + 4);
  return out;
}

std::string message_id(const GameFacts& game, int seq, const std::string& kind,
                       const std::string& recipient) {
  return "<" + std::to_string(seq) + "." + sanitize_name(kind) + "." + sanitize_name(recipient) +
         "." + game.game_id.substr(0, 16) + "@adjutant.invalid>";
}

std::string build_eml(const ReportInput& in, const game::Party& recipient,
                      const fs::path& turn_folder, const std::vector<Attachment>& extra) {
  MailSpec m;
  m.date = in.adj.at;
  // From: the party that signed the adjudication.
  if (const game::Party* p = in.game.party(in.adj.adjudicator)) {
    m.from_name = p->name;
    m.from_email = p->email;
  } else {
    m.from_name = "adjutant";
    m.from_email = "adjutant@adjutant.invalid";
  }
  m.to_name = recipient.name;
  m.to_email = recipient.email;
  m.subject = report_subject(in);
  m.message_id = message_id(in.game, in.adj.seq, in.adj.phase, recipient.id);
  m.headers.push_back({"X-Adjutant-Game", in.game.game_id});
  m.headers.push_back({"X-Adjutant-Adjudication", std::to_string(in.adj.t)});
  auto head = in.game.line_hashes.find(in.adj.seq);
  if (head != in.game.line_hashes.end()) m.headers.push_back({"X-Adjutant-Log-Head", head->second});
  fs::path map = turn_folder / ("map-" + in.side + ".png");
  std::error_code ec;
  std::string image;
  if (fs::is_regular_file(map, ec)) {
    m.inline_image = Attachment{map.filename().string(), "image/png", read_file(map, kMaxMailFile)};
    image = "cid:" + map.filename().string();
  }
  ReportDoc doc = build_report(in);
  m.text = render_text(doc);
  m.html = render_html(doc, image);
  m.attachments.push_back({"state.json", "application/json",
                           visible_state(in.game, in.adj.after, in.side).canonical()});
  for (const auto& a : extra) m.attachments.push_back(a);
  m.preamble = "This is a MIME message: a turn report in text and HTML, the map and the state.";
  return build_mail(m);
}

}  // namespace adjutant::report
