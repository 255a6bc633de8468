#include "mail/smtp_send.h"

#include <algorithm>
#include <ctime>
#include <set>

#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "mail/mailbox.h"
#include "mail/mime_parse.h"
#include "mail/stale_mail.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::mail {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

fs::path sent_log(const fs::path& game) {
  return game / "mail" / "sent.jsonl";
}

std::vector<Json> read_sent(const fs::path& game) {
  std::vector<Json> out;
  fs::path file = sent_log(game);
  if (!fs::exists(file)) return out;
  std::string text = read_file(file, kMaxLogFile);
  std::size_t pos = 0, line = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    ++line;
    if (end > pos)
      out.push_back(ledger::parse_strict(std::string_view(text).substr(pos, end - pos),
                                         file.string() + ":" + std::to_string(line)));
    pos = end + 1;
  }
  return out;
}

std::set<std::string> sent_ids(const std::vector<Json>& sent) {
  std::set<std::string> ids;
  for (const Json& j : sent)
    if (j.is_object() && j.contains("message_id") && j["message_id"].is_string())
      ids.insert(j["message_id"].get<std::string>());
  return ids;
}

std::string now_rfc3339(const std::string& given) {
  if (!given.empty()) return given;
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

struct Reader {
  const std::string* bytes;
  std::size_t pos = 0;
};

std::size_t read_callback(char* buffer, std::size_t size, std::size_t n, void* user) {
  auto* r = static_cast<Reader*>(user);
  std::size_t take = std::min(size * n, r->bytes->size() - r->pos);
  std::copy_n(r->bytes->data() + r->pos, take, buffer);
  r->pos += take;
  return take;
}

fs::path sending_dir(const fs::path& game) {
  return game / "mail" / "sending";
}

// mail/sending/<first 16 hex of SHA-256 of the Message-ID>.json
fs::path marker_file(const fs::path& game, const std::string& message_id) {
  return sending_dir(game) / (ledger::sha256_hex(message_id).substr(0, 16) + ".json");
}

void remove_marker(const fs::path& marker) {
  std::error_code ec;
  fs::remove(marker, ec);
}

void write_sent(const fs::path& game, const std::vector<Json>& sent) {
  std::string text;
  for (const Json& j : sent) text += ledger::canonical(j) + "\n";
  write_file_atomic(sent_log(game), text);
}

// Appends one record to sent.jsonl (rewritten atomically).
void record(const fs::path& game, std::vector<Json>& sent, const std::string& file,
            const std::string& message_id, const std::vector<std::string>& to,
            const std::string& now) {
  sent.push_back({{"file", file}, {"message_id", message_id}, {"sent", now}, {"to", to}});
  write_sent(game, sent);
}

// The record of a mail that is not sent: "marked" (delivered by other
// means) or "withheld" (stale, with why).
Json unsent_record(const Outgoing& o, const std::string& now) {
  Json j = {{"file", o.relative}, {"message_id", o.message_id}, {"to", o.to}};
  if (o.withheld.empty()) {
    j["marked"] = now;
  } else {
    j["withheld"] = now;
    j["why"] = o.withheld;
  }
  return j;
}

}  // namespace

std::vector<InDoubt> in_doubt(const fs::path& game) {
  std::vector<InDoubt> out;
  std::error_code ec;
  if (!fs::is_directory(sending_dir(game), ec)) return out;
  std::set<std::string> done = sent_ids(read_sent(game));
  std::vector<fs::path> markers;
  for (const auto& f : fs::directory_iterator(sending_dir(game), ec))
    if (f.is_regular_file() && f.path().extension() == ".json" &&
        f.path().filename().string()[0] != '.')
      markers.push_back(f.path());
  std::sort(markers.begin(), markers.end());
  for (const fs::path& m : markers) {
    Json j;
    try {
      j = ledger::parse_strict(read_file(m, kMaxSmallFile), m.string());
    } catch (const Error&) {
      continue;  // a marker is only ever written whole; skip anything else
    }
    if (!j.is_object() || !j.contains("message_id") || !j["message_id"].is_string()) continue;
    InDoubt d{m, j["message_id"].get<std::string>(), j.value("file", ""), j.value("started", "")};
    if (!done.count(d.message_id)) out.push_back(std::move(d));
  }
  return out;
}

void settle(const fs::path& game, const InDoubt& doubt, bool accepted, const std::string& now) {
  refuse_linked_folders(game);
  FolderLock lock(game / "mail");
  std::vector<Json> sent = read_sent(game);
  if (accepted && !sent_ids(sent).count(doubt.message_id)) {
    std::vector<std::string> to;
    for (const Outgoing& o : queued_mail(game))
      if (o.message_id == doubt.message_id) to = o.to;
    record(game, sent, doubt.file, doubt.message_id, to, now_rfc3339(now));
  }
  remove_marker(doubt.marker);
}

namespace {

// The log line a post's mail goes out after: its Message-ID starts with it
// ("<12.adjudication.union.<game>@adjutant.invalid>"); -1 for any other.
long post_seq(const std::string& message_id) {
  std::size_t i = message_id.rfind('<', 0) == 0 ? 1 : 0;
  long seq = 0;
  bool digits = false;
  while (i < message_id.size() && message_id[i] >= '0' && message_id[i] <= '9' &&
         seq < 1000000000) {
    seq = seq * 10 + (message_id[i++] - '0');
    digits = true;
  }
  return digits && i < message_id.size() && message_id[i] == '.' ? seq : -1;
}

void mail_files(const fs::path& folder, std::vector<fs::path>& out) {
  std::error_code ec;
  for (const auto& f : fs::directory_iterator(folder, ec)) {
    std::string name = f.path().filename().string();
    if (f.is_regular_file() && name[0] != '.' && f.path().extension() == ".eml")
      out.push_back(f.path());
  }
}

}  // namespace

std::vector<Outgoing> queued_mail(const fs::path& game, const std::set<std::string>& from,
                                  const std::set<std::string>& held) {
  std::set<std::string> done = sent_ids(read_sent(game));
  std::vector<fs::path> files;
  std::error_code ec;
  mail_files(game / "mail" / "outbox", files);
  if (fs::is_directory(game / "turns", ec))
    for (const auto& turn : fs::directory_iterator(game / "turns", ec))
      if (turn.is_directory() && turn.path().filename().string()[0] != '.') {
        std::vector<fs::path> mails;
        mail_files(turn.path(), mails);
        for (const auto& m : mails)
          if (m.filename().string().rfind("mail-", 0) == 0) files.push_back(m);
      }
  std::vector<std::pair<std::pair<long, std::string>, Outgoing>> found;
  StaleMail stale(game);
  for (const fs::path& file : files) {
    // The headers say all this needs: a queue of many posts with maps is
    // not read whole.
    std::string raw = read_headers(file);
    Outgoing o;
    o.file = file;
    o.relative = file.lexically_relative(game).generic_string();
    std::string from_header, to;
    for (const auto& [name, value] : parse_headers(raw)) {
      if (name == "message-id" && o.message_id.empty()) o.message_id = value;
      if (name == "from" && from_header.empty()) from_header = value;
      if (name == "to" || name == "cc") to += (to.empty() ? "" : ", ") + value;
    }
    std::vector<std::string> senders = addresses(from_header);
    o.to = addresses(to);
    if (senders.empty() || o.to.empty())
      throw Error("mail.bad_eml", o.relative + ": no From or To address");
    o.from = senders.front();
    if (o.message_id.empty())
      o.message_id = "<sha256." + ledger::sha256_hex(read_file(file, kMaxMailFile)) + ">";
    // Each copy of the archive sends what its own parties signed.
    if (!from.empty() && !from.count(o.from)) continue;
    if (done.count(o.message_id)) continue;
    if (held.count(o.message_id)) continue;
    o.withheld = stale.why(file, o.message_id);
    found.push_back({{post_seq(o.message_id), o.relative}, std::move(o)});
  }
  // In log order: the orders a player mails, then each post after its line.
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Outgoing> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

SendResult send_queued(const fs::path& game, const SmtpOptions& options) {
  if (!options.dry_run && !options.mark_sent)
    require_scheme(options.url, {"smtp://", "smtps://"}, "mail.smtp_url", "--smtp");
  refuse_linked_folders(game);
  // A dry run reads (sent.jsonl is replaced whole, never torn) and writes
  // nothing, not even a lock file.
  std::unique_ptr<FolderLock> lock;
  if (!options.dry_run) {
    std::error_code ec;
    fs::create_directories(game / "mail", ec);
    if (ec)
      throw Error("mail.write", (game / "mail").string() + ": " + ec.message(), Exit::kEnvironment);
    lock = std::make_unique<FolderLock>(game / "mail");
    // What a run killed while recording a sent mail left behind.
    remove_stale_temporaries(game / "mail");
  }
  SendResult result;
  std::vector<Outgoing> queued = queued_mail(game, options.from, options.hold);
  // What never goes, and (mark_sent) what went by other means, is recorded
  // first, all in one write.
  for (Outgoing& o : queued)
    (!o.withheld.empty() ? result.withheld
     : options.mark_sent ? result.marked
                         : result.queued)
        .push_back(std::move(o));
  if (options.dry_run) return result;
  std::vector<Json> sent = read_sent(game);
  if (!result.withheld.empty() || !result.marked.empty()) {
    std::string now = now_rfc3339(options.now);
    for (const auto* list : {&result.withheld, &result.marked})
      for (const Outgoing& o : *list) sent.push_back(unsent_record(o, now));
    write_sent(game, sent);
  }
  if (result.queued.empty()) return result;

  CurlSession session(options.credentials, options.timeout_seconds, "smtp,smtps");
  CURL* curl = session.get();
  curl_api().easy_setopt(curl, CURLOPT_URL, options.url.c_str());
  curl_api().easy_setopt(curl, CURLOPT_UPLOAD, 1L);
  curl_api().easy_setopt(curl, CURLOPT_READFUNCTION, read_callback);

  std::vector<Outgoing> left;
  for (std::size_t i = 0; i < result.queued.size(); ++i) {
    const Outgoing& o = result.queued[i];
    std::string bytes = read_file(o.file, kMaxMailFile);
    Reader reader{&bytes};
    std::string from = "<" + o.from + ">";
    curl_slist* rcpt = nullptr;
    std::vector<std::string> envelope_to = o.to;
    for (const std::string& b : options.bcc)
      if (std::find(envelope_to.begin(), envelope_to.end(), b) == envelope_to.end())
        envelope_to.push_back(b);
    for (const std::string& to : envelope_to)
      rcpt = curl_api().slist_append(rcpt, ("<" + to + ">").c_str());
    fs::path marker;
    if (options.mark_sending) {
      marker = marker_file(game, o.message_id);
      fs::create_directories(sending_dir(game));
      write_file_atomic(marker, ledger::canonical(Json{{"file", o.relative},
                                                       {"message_id", o.message_id},
                                                       {"started", now_rfc3339(options.now)}}) +
                                    "\n");
    }
    curl_api().easy_setopt(curl, CURLOPT_MAIL_FROM, from.c_str());
    curl_api().easy_setopt(curl, CURLOPT_MAIL_RCPT, rcpt);
    curl_api().easy_setopt(curl, CURLOPT_READDATA, &reader);
    curl_api().easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, curl_off_t(bytes.size()));
    CURLcode code = curl_api().easy_perform(curl);
    curl_api().easy_setopt(curl, CURLOPT_MAIL_RCPT, nullptr);
    curl_api().slist_free_all(rcpt);
    long reply = 0;
    curl_api().easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply);
    if (code == CURLE_OK) {
      // Recorded at once, so a crash later in the run cannot send this one again.
      record(game, sent, o.relative, o.message_id, o.to, now_rfc3339(options.now));
      if (!marker.empty()) remove_marker(marker);
      result.sent.push_back(o);
      continue;
    }
    // Refused outright or never connected: the server did not take it. Any
    // other failure (a reply lost after the data went) leaves it in doubt.
    if (!marker.empty() && (reply >= 400 || unreachable(code) || code == CURLE_LOGIN_DENIED))
      remove_marker(marker);
    std::string why = o.relative + ": " + session.error_text(code);
    if (code == CURLE_LOGIN_DENIED) {
      result.error_id = "mail.smtp_auth";
    } else if (reply >= 400) {
      // The server refused this one mail; the others may still go.
      left.push_back(o);
      if (result.error_id.empty()) {
        result.error_id = "mail.smtp_rejected";
        result.error = why + " (server reply " + std::to_string(reply) + ")";
      }
      continue;
    } else {
      result.error_id = unreachable(code) ? "mail.smtp_unreachable" : "mail.smtp_failed";
    }
    result.error = why;
    left.insert(left.end(), result.queued.begin() + std::ptrdiff_t(i), result.queued.end());
    break;
  }
  result.queued = left;
  return result;
}

void require_sent(const SendResult& result) {
  if (result.error_id.empty()) return;
  throw Error(result.error_id,
              result.error + "; " + std::to_string(result.queued.size()) +
                  " mail(s) stay queued and go with the next `adjutant mail send`",
              Exit::kEnvironment);
}

}  // namespace adjutant::mail
