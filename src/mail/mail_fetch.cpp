#include "mail/mail_fetch.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "util/error.h"
#include "util/files.h"

namespace adjutant::mail {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxMessage = 32u << 20;

std::size_t append(char* data, std::size_t size, std::size_t n, void* user) {
  auto* out = static_cast<std::string*>(user);
  if (out->size() + size * n > kMaxMessage) return 0;  // aborts the transfer
  out->append(data, size * n);
  return size * n;
}

// "imap://host:port/Box" with INBOX as the mailbox when the URL names none.
std::string mailbox_url(const std::string& url) {
  require_scheme(url, {"imap://", "imaps://"}, "mail.imap_url", "--imap");
  std::size_t scheme = url.find("://");
  std::size_t slash = url.find('/', scheme + 3);
  std::string base = slash == std::string::npos ? url : url.substr(0, slash);
  std::string box = slash == std::string::npos ? "" : url.substr(slash + 1);
  while (!box.empty() && box.back() == '/') box.pop_back();
  return base + "/" + (box.empty() ? "INBOX" : box);
}

std::vector<long> search_uids(const std::string& response) {
  std::vector<long> uids;
  std::istringstream lines(response);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("* SEARCH", 0) != 0) continue;
    std::istringstream words(line.substr(8));
    for (long uid; words >> uid;) uids.push_back(uid);
  }
  std::sort(uids.begin(), uids.end());
  return uids;
}

class Imap {
 public:
  explicit Imap(const ImapOptions& o)
      : session_(o.credentials, o.timeout_seconds, "imap,imaps"), box_(mailbox_url(o.url)) {
    curl_api().easy_setopt(session_.get(), CURLOPT_WRITEFUNCTION, append);
  }

  std::string command(const std::string& request) { return perform(box_, request.c_str()); }
  std::string message(long uid) { return perform(box_ + "/;UID=" + std::to_string(uid), nullptr); }

 private:
  std::string perform(const std::string& url, const char* request) {
    std::string out;
    CURL* curl = session_.get();
    curl_api().easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_api().easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request);
    curl_api().easy_setopt(curl, CURLOPT_WRITEDATA, &out);
    CURLcode code = curl_api().easy_perform(curl);
    if (code == CURLE_OK) return out;
    std::string why = box_ + ": " + session_.error_text(code);
    if (code == CURLE_LOGIN_DENIED) throw Error("mail.imap_auth", why, Exit::kEnvironment);
    if (unreachable(code)) throw Error("mail.imap_unreachable", why, Exit::kEnvironment);
    throw Error("mail.imap_failed", why, Exit::kEnvironment);
  }

  CurlSession session_;
  std::string box_;
};

}  // namespace

std::vector<RawMessage> read_maildir(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir / "new", ec) && !fs::is_directory(dir / "cur", ec))
    throw Error("mail.maildir", dir.string() + ": not a maildir (no new/ or cur/)",
                Exit::kEnvironment);
  std::vector<std::pair<std::string, fs::path>> files;
  for (const char* sub : {"cur", "new"}) {
    if (!fs::is_directory(dir / sub, ec)) continue;
    for (const auto& f : fs::directory_iterator(dir / sub)) {
      std::string name = f.path().filename().string();
      if (f.is_regular_file() && !name.empty() && name[0] != '.')
        files.push_back({std::string(sub) + "/" + name, f.path()});
    }
  }
  std::sort(files.begin(), files.end());
  std::vector<RawMessage> out;
  for (const auto& [name, path] : files) {
    // One message that cannot be read is reported; the others are still taken.
    try {
      out.push_back({"maildir " + name, read_file(path, kMaxMessage), ""});
    } catch (const Error& e) {
      out.push_back({"maildir " + name, "", e.id() == "io.too_large" ? "mail.too_large" : e.id()});
    }
  }
  return out;
}

std::vector<RawMessage> read_imap(const ImapOptions& options) {
  Imap imap(options);
  std::vector<long> all = search_uids(imap.command("UID SEARCH ALL"));
  std::vector<long> unseen = search_uids(imap.command("UID SEARCH UNSEEN"));
  std::vector<RawMessage> out;
  std::string restore;
  for (long uid : all) {
    std::string source = "imap uid " + std::to_string(uid);
    try {
      out.push_back({source, imap.message(uid), ""});
    } catch (const Error& e) {
      // Over 32 MiB (the transfer is cut) or unreadable: reported, and the
      // rest of the mailbox is still taken.
      if (e.id() == "mail.imap_auth" || e.id() == "mail.imap_unreachable") throw;
      out.push_back({source, "", "mail.too_large"});
    }
    if (std::binary_search(unseen.begin(), unseen.end(), uid))
      restore += (restore.empty() ? "" : ",") + std::to_string(uid);
  }
  // Fetching BODY[] marks a message read; leave the mailbox as it was found.
  if (!restore.empty()) imap.command("UID STORE " + restore + " -FLAGS.SILENT (\\Seen)");
  return out;
}

std::vector<Intake> take_all(const IntakeContext& ctx, const std::vector<RawMessage>& messages) {
  std::vector<Intake> out;
  for (const RawMessage& m : messages) {
    if (!m.error.empty()) {
      out.push_back({m.source, "message", m.error,
                     m.error == "mail.too_large"
                         ? "larger than 32 MiB: skipped, the rest of the mailbox is taken"
                         : "cannot be read: skipped, the rest of the mailbox is taken",
                     "", ""});
      continue;
    }
    std::vector<Intake> found = take_orders(ctx, m.bytes, m.source);
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

}  // namespace adjutant::mail
