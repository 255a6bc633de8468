// Text orders (docs/orders.md), the part every ruleset's notation shares:
// lines of words, `#` comments, quoted names, hex numbers, and problems that
// name their line and column. Each ruleset reads the words in its own
// notation (rules/<ruleset>/notation.cpp).
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "util/error.h"

namespace adjutant::rules::text {

struct Pos {
  int line = 0;
  int column = 0;
};

// One word of a line: a run of characters up to a space, a comma or `#`, or
// a quoted name ("1 Early"; `\"` and `\\` inside). Hex numbers joined by
// dashes as the echo writes a path ("0901-1001-1002") are split into words.
struct Token {
  std::string text;
  Pos pos;
  bool quoted = false;
  bool after_comma = false;  // a comma stood between this word and the one before
};

struct Line {
  int number = 0;
  std::vector<Token> tokens;
  Pos end;  // just past the last character (for "expected ... at the end of the line")
};

// A problem at a place of the text; thrown inside a line, collected by the
// notation, which goes on with the next line.
struct TextProblem {
  std::string id;
  Pos pos;
  std::string message;

  // "orders.txt:3:12: [text.unknown_unit] ..."
  std::string text(const std::string& source) const;
};

struct TextError {
  TextProblem problem;
};

[[noreturn]] void fail(std::string id, Pos pos, std::string message);

// Thrown when a text cannot be read; lists every problem (one per line at most).
class TextRefused : public Error {
 public:
  TextRefused(const std::string& source, std::vector<TextProblem> problems);
  const std::vector<TextProblem>& problems() const { return problems_; }

 private:
  std::vector<TextProblem> problems_;
};

// The lines that hold words; an unterminated quote is a problem of its line
// (appended to `problems`, the line dropped).
std::vector<Line> lex(std::string_view text, std::vector<TextProblem>& problems);

// True when the text is JSON rather than text orders: its first character
// that is not white space is `{`. A text order never starts with one.
bool looks_like_json(std::string_view text);

// A hex or square number as an order writes it: four digits, on a map of
// sheets with the sheet's letter first ("0402", "H0305"; the letter in
// either case).
bool is_hex(const Token& t);
std::string hex_text(const Token& t);  // the letter upper-cased

std::string lower(std::string_view s);

// Reads one line's words from left to right.
class Reader {
 public:
  Reader(const Line& line, const std::set<std::string>& keywords)
      : line_(line), keywords_(keywords) {}

  bool done() const { return i_ >= line_.tokens.size(); }
  const Token& peek() const { return line_.tokens.at(i_); }
  const Token& next() { return line_.tokens.at(i_++); }
  // Where the next word is, or the end of the line.
  Pos pos() const { return done() ? line_.end : peek().pos; }
  // An unquoted word equal to `word`, whatever its case.
  bool at(std::string_view word) const;
  bool accept(std::string_view word);
  bool at_keyword() const;
  bool at_hex() const { return !done() && is_hex(peek()); }
  void expect(std::string_view word, const std::string& what);
  // A hex number, else text.hex naming `what` ("the hex attacked").
  std::string hex(const std::string& what);
  // The words up to the next hex number or keyword (the words of names).
  std::vector<Token> words();
  // text.syntax unless the line is read to its end.
  void finish();

 private:
  const Line& line_;
  const std::set<std::string>& keywords_;
  std::size_t i_ = 0;
};

// One of `choices` (a word, whatever its case), else text.syntax listing them.
std::string choice(Reader& r, const std::vector<std::string>& choices, const std::string& what);
// yes/no (true/false, on/off).
bool yes_no(Reader& r, const std::string& what);

// A name as a printer writes it: quoted when it holds a space (`in_list`)
// or a character the reader splits on, or when a word of it is a keyword or
// could be read as a hex number.
std::string name_text(const std::string& name, const std::set<std::string>& keywords, bool in_list);

}  // namespace adjutant::rules::text
