#include "report/mime_write.h"

#include <vector>

#include "ledger/digest.h"
#include "util/error.h"

namespace adjutant::report {

namespace {

constexpr std::size_t kFold = 76;
constexpr std::size_t kWordBytes = 39;  // raw bytes per encoded word: 52 base64 characters

bool is_ascii(std::string_view text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

std::string drop_controls(std::string_view text) {
  std::string out;
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    out += (u < 0x20 || u == 0x7f) ? ' ' : c;
  }
  return out;
}

// Encoded words of at most kWordBytes bytes each, never splitting a UTF-8 sequence.
std::vector<std::string> encoded_words(std::string_view text) {
  std::vector<std::string> words;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = std::min(text.size(), pos + kWordBytes);
    while (end < text.size() && end > pos + 1 &&
           (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
      --end;
    words.push_back("=?utf-8?B?" + ledger::base64(text.substr(pos, end - pos)) + "?=");
    pos = end;
  }
  return words;
}

std::vector<std::string> split_spaces(std::string_view text) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find(' ', pos);
    if (end == std::string_view::npos) end = text.size();
    if (end > pos) out.emplace_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

// Joins tokens with single spaces, folding (CRLF SP) where a line would pass 76 columns.
std::string fold(std::string_view name, const std::vector<std::string>& tokens) {
  std::string out(name);
  out += ":";
  std::size_t line = out.size();
  for (const std::string& t : tokens) {
    if (line + 1 + t.size() > kFold) {
      out += "\r\n";
      line = 0;
    }
    out += " " + t;
    line += 1 + t.size();
  }
  return out + kCrlf;
}

bool is_atext_phrase(std::string_view text) {
  static const std::string kSpecials = "()<>[]:;@\\,.\"";
  for (char c : text)
    if (kSpecials.find(c) != std::string::npos) return false;
  return true;
}

// Words that need no encoding stay plain; each run of words that do becomes
// encoded words holding the run's inner spaces, because decoders drop the
// space between two encoded words (and some, wrongly, keep it).
std::vector<std::string> phrase_tokens(std::string_view text, bool structured) {
  std::vector<std::string> out;
  std::string run;
  auto flush = [&] {
    if (run.empty()) return;
    for (std::string& w : encoded_words(run)) out.push_back(std::move(w));
    run.clear();
  };
  for (const std::string& word : split_spaces(text)) {
    bool plain = is_ascii(word) && word.find("=?") == std::string::npos &&
                 (!structured || is_atext_phrase(word));
    if (plain) {
      flush();
      out.push_back(word);
    } else {
      run += (run.empty() ? "" : " ") + word;
    }
  }
  flush();
  return out;
}

}  // namespace

std::string base64_lines(std::string_view bytes) {
  std::string text = ledger::base64(bytes);
  std::string out;
  out.reserve(text.size() + text.size() / 76 * 2 + 2);
  for (std::size_t i = 0; i < text.size(); i += 76) {
    out.append(text, i, 76);
    out += kCrlf;
  }
  return out;
}

std::string quoted_printable(std::string_view text) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    bool last = end == std::string_view::npos;
    if (last) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (last && line.empty()) break;
    std::string encoded_line;
    std::size_t width = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
      unsigned char c = static_cast<unsigned char>(line[i]);
      bool at_end = i + 1 == line.size();
      bool from = i == 0 && line.substr(0, 5) == "From ";
      std::string piece;
      if ((c >= 33 && c <= 126 && c != '=' && !(from && c == 'F')) ||
          ((c == ' ' || c == '\t') && !at_end))
        piece = std::string(1, char(c));
      else
        piece = {'=', kHex[c >> 4], kHex[c & 15]};
      if (width + piece.size() > 75) {
        encoded_line += "=\r\n";
        width = 0;
      }
      encoded_line += piece;
      width += piece.size();
    }
    out += encoded_line + kCrlf;
    if (last) break;
    start = end + 1;
  }
  return out;
}

std::string header_text(std::string_view name, std::string_view value) {
  std::string clean = drop_controls(value);
  return fold(name, phrase_tokens(clean, false));
}

void check_address(std::string_view email) {
  std::size_t at = email.find('@');
  bool ok = !email.empty() && email.size() <= 254 && at != std::string_view::npos && at > 0 &&
            at + 1 < email.size() && email.find('@', at + 1) == std::string_view::npos;
  for (char c : email) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u >= 0x7f || c == '<' || c == '>' || c == '(' || c == ')' || c == ',' ||
        c == ';' || c == '"' || c == '\\')
      ok = false;
  }
  if (!ok)
    throw Error("report.bad_address", "\"" + drop_controls(email) + "\" is not a mail address");
}

std::string header_address(std::string_view name, std::string_view display,
                           std::string_view email) {
  check_address(email);
  std::string clean = drop_controls(display);
  while (!clean.empty() && clean.back() == ' ') clean.pop_back();
  while (!clean.empty() && clean.front() == ' ') clean.erase(0, 1);
  std::vector<std::string> tokens;
  if (clean.empty()) {
  } else if (!is_ascii(clean)) {
    tokens = phrase_tokens(clean, true);
  } else if (is_atext_phrase(clean)) {
    tokens = split_spaces(clean);
  } else {
    std::string quoted = "\"";
    for (char c : clean) {
      if (c == '"' || c == '\\') quoted += '\\';
      quoted += c;
    }
    tokens.push_back(quoted + "\"");
  }
  tokens.push_back("<" + std::string(email) + ">");
  return fold(name, tokens);
}

}  // namespace adjutant::report
