#include "mail/refusal_record.h"

#include <algorithm>

#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "mail/mime_parse.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::mail {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

fs::path record_file(const fs::path& game) {
  return game / "mail" / "refusals.jsonl";
}

}  // namespace

std::string header_block(const std::string& raw) {
  std::size_t crlf = raw.find("\r\n\r\n"), lf = raw.find("\n\n");
  std::size_t end = std::min(crlf == std::string::npos ? raw.size() : crlf + 2,
                             lf == std::string::npos ? raw.size() : lf + 1);
  return raw.substr(0, end);
}

std::string message_identity(const std::string& headers) {
  for (const auto& [name, value] : parse_headers(headers))
    if (name == "message-id" && !value.empty()) return "id " + value;
  return "headers " + ledger::sha256_hex(headers);
}

std::string refusal_key(const std::string& message_identity, const Intake& refusal) {
  return ledger::sha256_hex(message_identity + "\n" + refusal.where + "\n" + refusal.id)
      .substr(0, 32);
}

RefusalRecord RefusalRecord::load(const fs::path& game) {
  RefusalRecord r;
  std::error_code ec;
  if (!fs::exists(record_file(game), ec)) return r;
  std::string text;
  try {
    text = read_file(record_file(game), kMaxJsonFile);
  } catch (const Error&) {
    return r;
  }
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) break;  // a torn last line: never written so
    std::string line = text.substr(at, end - at);
    at = end + 1;
    try {
      Json j = ledger::parse_strict(line, record_file(game).string());
      if (j.is_object() && j.contains("key") && j["key"].is_string() &&
          r.keys_.insert(j["key"].get<std::string>()).second)
        r.lines_.push_back(line);
    } catch (const Error&) {
    }
  }
  return r;
}

void RefusalRecord::mark(std::vector<Intake>& intakes) {
  for (Intake& i : intakes) {
    if (i.key.empty()) continue;
    if (keys_.count(i.key)) {
      i.again = true;
      continue;
    }
    keys_.insert(i.key);
    lines_.push_back(ledger::canonical(
        Json{{"id", i.id}, {"key", i.key}, {"source", i.source}, {"where", i.where}}));
    changed_ = true;
  }
}

void RefusalRecord::save(const fs::path& game) const {
  if (!changed_) return;
  std::string text;
  for (const std::string& l : lines_) text += l + "\n";
  std::error_code ec;
  fs::create_directories(game / "mail", ec);
  write_file_atomic(record_file(game), text);
}

}  // namespace adjutant::mail
