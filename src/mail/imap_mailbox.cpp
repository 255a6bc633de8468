// An IMAP mailbox as a Mailbox (mailbox.h), over libcurl: the UIDs first, and
// which are over the size limit (UID SEARCH ... LARGER), then each message by
// UID, cut at the limit; a processed message is moved to the folder
// "adjutant-processed" (UID MOVE), or where the server cannot move, marked
// \Seen and remembered by UID.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "mail/imap_mailbox.h"
#include "util/error.h"

namespace adjutant::mail {

namespace {

struct Sink {
  std::string* out = nullptr;
  std::size_t limit = 0;
  bool cut = false;
};

std::size_t append(char* data, std::size_t size, std::size_t n, void* user) {
  auto* sink = static_cast<Sink*>(user);
  if (sink->out->size() + size * n > sink->limit) {
    sink->cut = true;
    return 0;  // aborts the transfer
  }
  sink->out->append(data, size * n);
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

// The mailbox name of such a URL, %XX decoded, as an IMAP quoted string.
std::string quoted_name(const std::string& url) {
  std::string enc = url.substr(url.find('/', url.find("://") + 3) + 1), name;
  for (std::size_t i = 0; i < enc.size(); ++i) {
    if (enc[i] == '%' && i + 2 < enc.size() &&
        std::isxdigit(static_cast<unsigned char>(enc[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(enc[i + 2]))) {
      name += char(std::stoi(enc.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      name += enc[i];
    }
  }
  std::string out = "\"";
  for (char c : name) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
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
  uids.erase(std::unique(uids.begin(), uids.end()), uids.end());
  return uids;
}

// The number after `key` in `line` ("UID 7"), or -1.
long number_after(const std::string& line, const std::string& key) {
  std::size_t at = line.find(key + " ");
  if (at == std::string::npos) return -1;
  long n = 0;
  bool digits = false;
  for (std::size_t i = at + key.size() + 1;
       i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])); ++i) {
    if (n < 1000000000000L) n = n * 10 + (line[i] - '0');
    digits = true;
  }
  return digits ? n : -1;
}

// "1,4,7:9" for sorted UIDs.
std::string uid_set(const std::vector<long>& uids) {
  std::string out;
  for (std::size_t i = 0; i < uids.size();) {
    std::size_t j = i;
    while (j + 1 < uids.size() && uids[j + 1] == uids[j] + 1) ++j;
    out += (out.empty() ? "" : ",") + std::to_string(uids[i]) +
           (j > i ? ":" + std::to_string(uids[j]) : "");
    i = j + 1;
  }
  return out;
}

class ImapBox : public Mailbox {
 public:
  explicit ImapBox(const ImapOptions& o)
      : session_(o.credentials, o.timeout_seconds, "imap,imaps"),
        box_(mailbox_url(o.url)),
        name_(quoted_name(box_)),
        seen_(o.seen),
        keep_flags_(o.keep_flags) {
    curl_api().easy_setopt(session_.get(), CURLOPT_WRITEFUNCTION, append);
  }

  std::vector<MessageRef> list() override {
    std::string status = command("STATUS " + name_ + " (UIDVALIDITY UIDNEXT)");
    long validity = number_after(status, "UIDVALIDITY"), next = number_after(status, "UIDNEXT");
    std::vector<long> uids, large;
    // The UIDs of `set`, which of them are over the size limit (a search:
    // libcurl takes the lines of a custom FETCH for response headers and
    // refuses 300 KB of them), and without a seen-state which are unread.
    auto search = [&](const std::string& set) {
      for (long uid : search_uids(command("UID SEARCH UID " + set))) uids.push_back(uid);
      for (long uid : search_uids(
               command("UID SEARCH UID " + set + " LARGER " + std::to_string(kMaxIntakeMessage))))
        large.push_back(uid);
      if (!seen_ || keep_flags_)
        for (long uid : search_uids(command("UID SEARCH UID " + set + " UNSEEN")))
          unseen_.push_back(uid);
    };
    long first = 1;
    if (seen_) {
      // Another mailbox behind the same name: its UIDs mean nothing to the
      // state kept, so every message is listed.
      if (validity != seen_->uidvalidity) *seen_ = ImapSeen{validity, 0, {}};
      first = seen_->last_uid + 1;
      std::vector<long> retry = seen_->retry;
      std::sort(retry.begin(), retry.end());
      if (!retry.empty()) search(uid_set(retry));
    }
    // In windows of UIDs, so that no answer outgrows libcurl's line buffer
    // (a server that gives no UIDNEXT in one search: "n:*" also names the
    // last message when it is below n, so it is dropped below).
    constexpr long kWindow = 20000;
    if (next < 0) search(std::to_string(first) + ":*");
    for (long from = first; from < next; from += kWindow)
      search(std::to_string(from) + ":" + std::to_string(std::min(next - 1, from + kWindow - 1)));
    if (next < 0) {
      std::vector<long> retry = seen_ ? seen_->retry : std::vector<long>{};
      std::sort(retry.begin(), retry.end());
      uids.erase(std::remove_if(uids.begin(), uids.end(),
                                [&](long uid) {
                                  return uid < first &&
                                         !std::binary_search(retry.begin(), retry.end(), uid);
                                }),
                 uids.end());
    }
    for (auto* list : {&uids, &large, &unseen_}) {
      std::sort(list->begin(), list->end());
      list->erase(std::unique(list->begin(), list->end()), list->end());
    }
    listed_ = uids;
    std::vector<MessageRef> out;
    for (long uid : uids) {
      MessageRef m;
      m.source = "imap uid " + std::to_string(uid);
      m.uid = uid;
      m.over_limit = std::binary_search(large.begin(), large.end(), uid);
      out.push_back(std::move(m));
    }
    return out;
  }

  std::string read(const MessageRef& m) override {
    if (m.over_limit || m.size > kMaxIntakeMessage)
      throw Error("mail.too_large", m.source + ": " + too_large_text(m.size));
    Sink sink;
    std::string out =
        perform(box_ + "/;UID=" + std::to_string(m.uid), nullptr, kMaxIntakeMessage, &sink);
    read_.insert(m.uid);
    return out;
  }

  std::string headers(const MessageRef& m) override {
    Sink sink;
    std::string out = perform(box_ + "/;UID=" + std::to_string(m.uid) + "/;SECTION=HEADER", nullptr,
                              kMaxHeaderBytes, &sink);
    read_.insert(m.uid);
    return out;
  }

  void set_aside(const MessageRef& m) override {
    if (!created_) {
      created_ = true;
      try {
        command("CREATE \"" + std::string(kProcessedFolder) + "\"");
      } catch (const Error& e) {
        if (e.id() != "mail.imap_failed") throw;  // it exists already
      }
    }
    std::string uid = std::to_string(m.uid);
    try {
      command("UID MOVE " + uid + " \"" + std::string(kProcessedFolder) + "\"");
    } catch (const Error& e) {
      // A server without MOVE: the message stays, read, and the seen-state
      // (the UIDs) keeps it from being read again.
      if (e.id() != "mail.imap_failed") throw;
      command("UID STORE " + uid + " +FLAGS.SILENT (\\Seen)");
    }
    done_.insert(m.uid);
  }

  void finish() override {
    if (!seen_ || keep_flags_) {
      // Fetching a body marks a message read; leave the ones that stay as
      // they were found.
      std::vector<long> restore;
      for (long uid : unseen_)
        if (read_.count(uid) && !done_.count(uid)) restore.push_back(uid);
      if (!restore.empty()) command("UID STORE " + uid_set(restore) + " -FLAGS.SILENT (\\Seen)");
    }
    if (seen_) {
      for (long uid : listed_) seen_->last_uid = std::max(seen_->last_uid, uid);
      seen_->retry.clear();
      for (long uid : listed_)
        if (!done_.count(uid)) seen_->retry.push_back(uid);
    }
  }

 private:
  std::string command(const std::string& request) {
    Sink sink;
    return perform(box_, request.c_str(), std::size_t(64) << 20, &sink);
  }

  std::string perform(const std::string& url, const char* request, std::size_t limit, Sink* sink) {
    std::string out;
    sink->out = &out;
    sink->limit = limit;
    CURL* curl = session_.get();
    // A command's answer is one line that may hold every UID a search
    // finds: a large buffer. A message is read in small ones: libcurl counts
    // what one read brings with the FETCH line as response headers, and
    // refuses more than 300 KB of them (a message with a player page is
    // about 2 MB).
    curl_api().easy_setopt(curl, CURLOPT_BUFFERSIZE, request ? 512L * 1024 : 16L * 1024);
    curl_api().easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_api().easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request);
    curl_api().easy_setopt(curl, CURLOPT_WRITEDATA, sink);
    CURLcode code = curl_api().easy_perform(curl);
    if (code == CURLE_OK) return out;
    std::string why = box_ + ": " + session_.error_text(code);
    if (sink->cut && limit == kMaxIntakeMessage)
      throw Error("mail.too_large",
                  "imap " + url.substr(url.rfind(';') + 1) + ": " + too_large_text(0));
    if (sink->cut && limit == kMaxHeaderBytes) return out;  // the headers' first part
    if (code == CURLE_LOGIN_DENIED) throw Error("mail.imap_auth", why, Exit::kEnvironment);
    if (unreachable(code)) throw Error("mail.imap_unreachable", why, Exit::kEnvironment);
    throw Error("mail.imap_failed", why, Exit::kEnvironment);
  }

  CurlSession session_;
  std::string box_;
  std::string name_;
  ImapSeen* seen_;
  bool keep_flags_ = false;
  std::vector<long> listed_, unseen_;
  std::set<long> read_, done_;
  bool created_ = false;
};

}  // namespace

std::unique_ptr<Mailbox> open_imap(const ImapOptions& options) {
  return std::make_unique<ImapBox>(options);
}

}  // namespace adjutant::mail
