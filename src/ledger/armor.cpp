#include "ledger/armor.h"

#include <cstring>

#include "ledger/digest.h"
#include "util/error.h"

namespace adjutant::ledger {

namespace {

bool is_base64url(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

[[noreturn]] void corrupt(std::size_t block, const std::string& what) {
  throw Error("armor.corrupt", "armored block " + std::to_string(block) + ": " + what +
                                   " (was the mail truncated or altered? attach the file instead)");
}

}  // namespace

std::string armor(const Json& envelope) {
  std::string text = base64url(canonical(envelope));
  std::string out = kArmorBegin;
  out += '\n';
  for (std::size_t i = 0; i < text.size(); i += kArmorWidth) {
    out += text.substr(i, kArmorWidth);
    out += '\n';
  }
  out += kArmorEnd;
  out += '\n';
  return out;
}

// The markers hold no spaces, so no re-wrapping splits them; searching for
// them anywhere (rather than as whole lines) also survives a client that
// joins a marker onto a neighbouring line or quotes it.
std::vector<std::string> dearmor(std::string_view mail_text) {
  const std::size_t begin_len = std::strlen(kArmorBegin);
  const std::size_t end_len = std::strlen(kArmorEnd);
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (true) {
    std::size_t begin = mail_text.find(kArmorBegin, pos);
    if (begin == std::string_view::npos) break;
    std::size_t block = out.size() + 1;
    std::size_t start = begin + begin_len;
    std::size_t end = mail_text.find(kArmorEnd, start);
    std::size_t next = mail_text.find(kArmorBegin, start);
    if (end == std::string_view::npos || (next != std::string_view::npos && next < end))
      corrupt(block, "no " + std::string(kArmorEnd) + " line");

    std::string encoded;
    for (char c : mail_text.substr(start, end - start)) {
      if (is_base64url(c)) encoded += c;
    }
    std::string decoded;
    try {
      decoded = from_base64url(encoded);
    } catch (const Error& err) {
      corrupt(block, "does not decode: " + err.detail());
    }
    if (decoded.size() < 2 || decoded.front() != '{' || decoded.back() != '}')
      corrupt(block, "does not decode to a JSON object");
    out.push_back(std::move(decoded));
    pos = end + end_len;
  }
  return out;
}

}  // namespace adjutant::ledger
