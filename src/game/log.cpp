#include "game/log.h"

#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::game {

namespace {

Json unsigned_entry(int seq, const std::string& prev, const std::string& kind, const Json& body) {
  return Json{{"seq", seq}, {"prev", prev}, {"kind", kind}, {"body", body}};
}

}  // namespace

std::string make_entry_line(int seq, const std::string& prev, const std::string& kind,
                            const Json& body, const ledger::SigningKey& key) {
  Json entry = unsigned_entry(seq, prev, kind, body);
  std::string message = ledger::pae(ledger::kLogEntryType, ledger::canonical(entry));
  std::string pub = key.public_raw();
  entry["sig"] = {{"keyid", ledger::key_id(pub)}, {"sig", ledger::base64url(key.sign(message))}};
  return ledger::canonical(entry);
}

bool entry_signature_valid(const LogEntry& entry, const std::string& public_raw) {
  if (!entry.sig.is_object() || !entry.sig.contains("sig") || !entry.sig["sig"].is_string())
    return false;
  std::string sig;
  try {
    sig = ledger::from_base64url(entry.sig["sig"].get<std::string>());
  } catch (const Error&) {
    return false;
  }
  Json e = unsigned_entry(entry.seq, entry.prev, entry.kind, entry.body);
  return ledger::verify_signature(public_raw,
                                  ledger::pae(ledger::kLogEntryType, ledger::canonical(e)), sig);
}

namespace {

struct BadLine {
  std::string what;
};

}  // namespace

std::vector<LogEntry> read_log_partial(const fs::path& file, int& bad_line, std::string& problem) {
  bad_line = -1;
  std::string text = read_file(file);
  std::vector<LogEntry> out;
  std::size_t pos = 0;
  int n = 0;
  auto bad = [&](const std::string& what) { throw BadLine{what}; };
  try {
    while (pos < text.size()) {
      std::size_t end = text.find('\n', pos);
      if (end == std::string::npos) bad("truncated: the last line has no newline");
      std::string line = text.substr(pos, end - pos);
      pos = end + 1;
      Json j;
      try {
        j = ledger::parse_strict(line, file.string() + " line " + std::to_string(n));
      } catch (const Error& e) {
        bad(std::string("not valid JSON: ") + e.what());
      }
      if (ledger::canonical(j) != line) bad("not in canonical form");
      if (!j.is_object() || !j.contains("seq") || !j["seq"].is_number_integer() ||
          !j.contains("prev") || !j["prev"].is_string() || !j.contains("kind") ||
          !j["kind"].is_string() || !j.contains("body") || !j.contains("sig") || j.size() != 5)
        bad("an entry needs exactly seq, prev, kind, body and sig");
      LogEntry e;
      e.seq = j["seq"].get<int>();
      e.prev = j["prev"].get<std::string>();
      e.kind = j["kind"].get<std::string>();
      e.body = j["body"];
      e.sig = j["sig"];
      e.line = line;
      e.hash = ledger::sha256_hex(line);
      out.push_back(std::move(e));
      ++n;
    }
  } catch (const BadLine& b) {
    bad_line = n;
    problem = b.what;
  }
  return out;
}

void append_log(const fs::path& file, const std::vector<std::string>& lines) {
  std::string text = fs::exists(file) ? read_file(file) : std::string();
  if (!text.empty() && text.back() != '\n')
    throw Error("log.malformed", file.string() + ": the last line is truncated; refusing to append",
                Exit::kVerifyFailed);
  for (const auto& l : lines) text += l + "\n";
  write_file_atomic(file, text);
}

}  // namespace adjutant::game
