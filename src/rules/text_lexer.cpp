#include "rules/text_lexer.h"

#include <cctype>

#include "rules/name_hints.h"
#include "util/printable.h"

namespace adjutant::rules::text {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

bool continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

bool hex_word(std::string_view w) {
  if (w.size() == 5 && std::isalpha(static_cast<unsigned char>(w[0]))) w.remove_prefix(1);
  if (w.size() != 4) return false;
  for (char c : w)
    if (c < '0' || c > '9') return false;
  return true;
}

// "0901-1001-1002" as three words; any other word as it is.
void push_word(Line& line, Token t) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= t.text.size(); ++i)
    if (i == t.text.size() || t.text[i] == '-') {
      parts.push_back(t.text.substr(start, i - start));
      start = i + 1;
    }
  bool split = !t.quoted && parts.size() > 1;
  for (const auto& p : parts) split = split && hex_word(p);
  if (!split) {
    line.tokens.push_back(std::move(t));
    return;
  }
  int column = t.pos.column;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    Token part{parts[i], {t.pos.line, column}, false, i == 0 && t.after_comma};
    column += int(parts[i].size()) + 1;
    line.tokens.push_back(std::move(part));
  }
}

}  // namespace

std::string TextProblem::text(const std::string& source) const {
  return printable(source) + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) +
         ": [" + id + "] " + printable(message);
}

void fail(std::string id, Pos pos, std::string message) {
  throw TextError{TextProblem{std::move(id), pos, std::move(message)}};
}

namespace {

std::string summary(const std::string& source, const std::vector<TextProblem>& problems) {
  std::string out;
  for (std::size_t i = 0; i < problems.size(); ++i) {
    if (i) out += "\n";
    out += problems[i].text(source);
  }
  return out;
}

}  // namespace

TextRefused::TextRefused(const std::string& source, std::vector<TextProblem> problems)
    : Error(Verbatim{}, problems.empty() ? "text.syntax" : problems.front().id,
            summary(source, problems)),
      problems_(std::move(problems)) {}

std::vector<Line> lex(std::string_view text, std::vector<TextProblem>& problems) {
  std::vector<Line> lines;
  int number = 0;
  std::size_t i = 0;
  while (i <= text.size()) {
    std::size_t eol = text.find('\n', i);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view raw = text.substr(i, eol - i);
    i = eol + 1;
    ++number;
    Line line;
    line.number = number;
    int column = 1;
    bool comma = false;
    std::size_t k = 0;
    auto advance = [&] {
      ++k;
      while (k < raw.size() && continuation(raw[k])) ++k;
      ++column;
    };
    bool bad = false;
    while (k < raw.size() && !bad) {
      char c = raw[k];
      if (c == '#') break;
      if (is_space(c)) {
        advance();
        continue;
      }
      if (c == ',') {
        comma = true;
        advance();
        continue;
      }
      Token t;
      t.pos = {number, column};
      t.after_comma = comma;
      comma = false;
      if (c == '"') {
        t.quoted = true;
        advance();
        bool closed = false;
        while (k < raw.size()) {
          char d = raw[k];
          if (d == '"') {
            closed = true;
            advance();
            break;
          }
          if (d == '\\' && k + 1 < raw.size() && (raw[k + 1] == '"' || raw[k + 1] == '\\')) {
            t.text += raw[k + 1];
            k += 2;
            column += 2;
            continue;
          }
          std::size_t from = k;
          advance();
          t.text += raw.substr(from, k - from);
        }
        if (!closed) {
          problems.push_back({"text.quote", t.pos, "a quoted name is not closed on its line"});
          bad = true;
          break;
        }
      } else {
        while (k < raw.size() && !is_space(raw[k]) && raw[k] != ',' && raw[k] != '#' &&
               raw[k] != '"') {
          std::size_t from = k;
          advance();
          t.text += raw.substr(from, k - from);
        }
      }
      push_word(line, std::move(t));
    }
    if (bad) continue;
    line.end = {number, column};
    if (!line.tokens.empty()) lines.push_back(std::move(line));
    if (eol == text.size()) break;
  }
  return lines;
}

bool looks_like_json(std::string_view text) {
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
    return c == '{';
  }
  return false;
}

bool is_hex(const Token& t) {
  return !t.quoted && hex_word(t.text);
}

std::string hex_text(const Token& t) {
  std::string out = t.text;
  if (out.size() == 5) out[0] = char(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool Reader::at(std::string_view word) const {
  return !done() && !peek().quoted && lower(peek().text) == word;
}

bool Reader::accept(std::string_view word) {
  if (!at(word)) return false;
  ++i_;
  return true;
}

bool Reader::at_keyword() const {
  return !done() && !peek().quoted && keywords_.count(lower(peek().text)) > 0;
}

void Reader::expect(std::string_view word, const std::string& what) {
  if (accept(word)) return;
  fail("text.syntax", pos(),
       "expected \"" + std::string(word) + "\" " + what +
           (done() ? ", found the end of the line" : ", found " + in_quotes(peek().text)));
}

std::string Reader::hex(const std::string& what) {
  if (at_hex()) return hex_text(next());
  if (!done() && !peek().quoted && near_hex(peek().text))
    fail("text.hex", pos(), near_hex_message(peek().text) + " (expected " + what + ")");
  fail("text.hex", pos(),
       "expected " + what + " (a hex number such as 0402" +
           std::string(done() ? "), found the end of the line"
                              : "), found " + in_quotes(peek().text)));
}

std::vector<Token> Reader::words() {
  std::vector<Token> out;
  while (!done() && !at_hex() && !at_keyword()) out.push_back(next());
  return out;
}

void Reader::finish() {
  if (!done() && !peek().quoted && near_hex(peek().text))
    fail("text.hex", pos(), near_hex_message(peek().text));
  if (!done()) fail("text.syntax", pos(), "unexpected " + in_quotes(peek().text));
}

std::string choice(Reader& r, const std::vector<std::string>& choices, const std::string& what) {
  for (const auto& c : choices)
    if (r.accept(c)) return c;
  std::string list;
  for (std::size_t i = 0; i < choices.size(); ++i)
    list += (i ? (i + 1 == choices.size() ? " or " : ", ") : "") + choices[i];
  fail("text.syntax", r.pos(),
       what + ": expected " + list +
           (r.done() ? ", found the end of the line" : ", found " + in_quotes(r.peek().text)));
}

bool yes_no(Reader& r, const std::string& what) {
  std::string c = choice(r, {"yes", "no", "true", "false", "on", "off"}, what);
  return c == "yes" || c == "true" || c == "on";
}

std::string name_text(const std::string& name, const std::set<std::string>& keywords,
                      bool in_list) {
  if (name.find_first_of("\r\n") != std::string::npos)
    throw Error("text.unprintable", "the name " + in_quotes(name) + " holds a line break");
  bool quote = name.empty() || has_control(name);
  std::vector<std::string> words;
  std::string w;
  for (char c : name) {
    if (c == '"' || c == '\\' || c == ',' || c == '#' || c == '\t') quote = true;
    if (c == ' ') {
      words.push_back(w);
      w.clear();
    } else {
      w += c;
    }
  }
  words.push_back(w);
  if (words.size() > 1 && in_list) quote = true;
  for (const auto& word : words) {
    if (word.empty() || keywords.count(lower(word))) quote = true;
    // A word the lexer would split or read as hex numbers.
    Line probe;
    push_word(probe, Token{word, {}, false, false});
    for (const auto& t : probe.tokens) quote = quote || is_hex(t);
  }
  if (!quote) return name;
  std::string out = "\"";
  for (char c : name) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace adjutant::rules::text
