#include "game/log.h"

#include "game/entries.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::game {

namespace {

Json unsigned_entry(int seq, const std::string& prev, const std::string& kind, const Json& body) {
  return Json{{"seq", seq}, {"prev", prev}, {"kind", kind}, {"body", body}};
}

}  // namespace

std::string make_entry_line(int seq, const std::string& prev, const std::string& kind,
                            const Json& body, const ledger::Signer& key) {
  Json entry = unsigned_entry(seq, prev, kind, body);
  std::string message = ledger::pae(ledger::kLogEntryType, ledger::canonical(entry));
  std::string pub = key.public_raw();
  entry["sig"] = {{"keyid", ledger::key_id(pub)}, {"sig", ledger::base64url(key.sign(message))}};
  return ledger::canonical(entry);
}

bool entry_signed_parts(const LogEntry& entry, std::string& message, std::string& signature) {
  const Json& s = entry.sig;
  if (!s.is_object() || s.size() != 2 || !s.contains("sig") || !s["sig"].is_string() ||
      !s.contains("keyid") || !s["keyid"].is_string())
    return false;
  try {
    signature = ledger::from_base64url(s["sig"].get<std::string>());
  } catch (const Error&) {
    return false;
  }
  // The line is canonical and "sig" sorts last, so the canonical entry
  // without it is the line up to its member: no need to canonicalise again.
  std::size_t at = entry.line.rfind(",\"sig\":{");
  if (at != std::string::npos && !entry.line.empty() && entry.line.back() == '}')
    message = entry.line.substr(0, at) + "}";
  else
    message = ledger::canonical(unsigned_entry(entry.seq, entry.prev, entry.kind, entry.body));
  message = ledger::pae(ledger::kLogEntryType, message);
  return true;
}

bool entry_signature_valid(const LogEntry& entry, const std::string& public_raw) {
  std::string message, sig;
  return entry_signed_parts(entry, message, sig) &&
         ledger::verify_signature(public_raw, message, sig) &&
         entry.sig["keyid"].get_ref<const std::string&>() == ledger::key_id(public_raw);
}

std::string entry_signature_fault(const LogEntry& entry, const std::string& public_raw,
                                  const std::string& signer) {
  std::string message, sig;
  if (!entry_signed_parts(entry, message, sig) ||
      !ledger::verify_signature(public_raw, message, sig))
    return "the entry is not signed by " + signer;
  const std::string& keyid = entry.sig["keyid"].get_ref<const std::string&>();
  if (keyid != ledger::key_id(public_raw))
    return "the signature's keyid " + printable(keyid.substr(0, 40)) + " is not " + signer +
           "'s key id " + ledger::key_id(public_raw) +
           " (the keyid is not signed: a relay may have rewritten it)";
  return "";
}

namespace {

struct BadLine {
  std::string what;
};

LogEntry read_line(const std::string& text, std::size_t& pos, int n, const std::string& source) {
  auto bad = [&](const std::string& what) { throw BadLine{what}; };
  std::size_t end = text.find('\n', pos);
  if (end == std::string::npos) bad("truncated: the last line has no newline");
  std::string line = text.substr(pos, end - pos);
  pos = end + 1;
  if (!line.empty() && line.back() == '\r')
    bad("the line ends in CR LF; log.jsonl lines end in LF alone (was the file converted "
        "by a mail program or an editor?)");
  // A line as it should be is read in one pass that also proves it
  // canonical; any other is read and judged the long way, which names what
  // is wrong with it.
  std::optional<Json> read = ledger::parse_canonical(line);
  const bool canonical = read.has_value();
  Json j;
  if (read) {
    j = std::move(*read);
  } else {
    try {
      j = ledger::parse_strict(line, source + " line " + std::to_string(n));
    } catch (const Error& e) {
      bad(std::string("not valid JSON: ") + e.what());
    }
  }
  if (!j.is_object() || j.size() != 5 || !j.contains("seq") || !j.contains("prev") ||
      !j.contains("kind") || !j.contains("body") || !j.contains("sig"))
    bad("an entry needs exactly seq, prev, kind, body and sig");
  const Json& seq = j["seq"];
  if (!seq.is_number_integer() || seq.get<long long>() < 0 || seq.get<long long>() > kMaxCount)
    bad("seq must be an integer from 0 to " + std::to_string(kMaxCount));
  if (!j["prev"].is_string() || !j["kind"].is_string() || !j["body"].is_object() ||
      !j["sig"].is_object())
    bad("prev and kind must be strings, body and sig objects");
  if (!canonical) {
    std::string canon;
    try {
      canon = ledger::canonical(j);
    } catch (const Error& e) {
      bad(e.what());
    }
    if (canon != line) bad("not in canonical form");
  }
  LogEntry e;
  e.seq = int(seq.get<long long>());
  e.prev = j["prev"].get<std::string>();
  e.kind = j["kind"].get<std::string>();
  e.body = std::move(j["body"]);
  e.sig = std::move(j["sig"]);
  e.line = std::move(line);
  e.hash = ledger::sha256_hex(e.line);
  return e;
}

}  // namespace

std::optional<LogEntry> parse_log_line(const std::string& text, std::size_t& pos, int n,
                                       const std::string& source, std::string& problem) {
  try {
    return read_line(text, pos, n, source);
  } catch (const BadLine& b) {
    problem = b.what;
    return std::nullopt;
  }
}

std::vector<LogEntry> parse_log_text(const std::string& text, const std::string& source,
                                     int& bad_line, std::string& problem) {
  bad_line = -1;
  std::vector<LogEntry> out;
  std::size_t pos = 0;
  for (int n = 0; pos < text.size(); ++n) {
    auto e = parse_log_line(text, pos, n, source, problem);
    if (!e) {
      bad_line = n;
      break;
    }
    out.push_back(std::move(*e));
  }
  return out;
}

std::vector<LogEntry> read_log_partial(const fs::path& file, int& bad_line, std::string& problem) {
  return parse_log_text(read_file(file, kMaxLogFile), file.string(), bad_line, problem);
}

std::string append_log(const fs::path& file, const std::vector<std::string>& lines) {
  std::string text = fs::exists(file) ? read_file(file, kMaxLogFile) : std::string();
  if (!text.empty() && text.back() != '\n')
    throw Error("log.malformed", file.string() + ": the last line is truncated; refusing to append",
                Exit::kVerifyFailed);
  for (const auto& l : lines) text += l + "\n";
  return commit_file_atomic(file, text);
}

}  // namespace adjutant::game
