#include "hex/numbering.h"

#include <algorithm>

#include "util/error.h"

namespace adjutant::hex {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

std::string two_digits(int v) {
  return std::string{char('0' + v / 10), char('0' + v % 10)};
}

std::optional<Hex> parse_digits(std::string_view text) {
  if (text.size() != 4 || !std::all_of(text.begin(), text.end(), is_digit)) return std::nullopt;
  return Hex{(text[0] - '0') * 10 + (text[1] - '0'), (text[2] - '0') * 10 + (text[3] - '0')};
}

std::string bracketed(Hex h) {
  return "[" + std::to_string(h.col) + "," + std::to_string(h.row) + "]";
}

std::string format_digits(Hex h) {
  if (h.col < 0 || h.col > 99 || h.row < 0 || h.row > 99) return bracketed(h);
  return two_digits(h.col) + two_digits(h.row);
}

// A number on a map of several sheets: "H1301" names sheet H's hex 1301; a
// bare "1301" is refused (hex.ambiguous), since it does not say which sheet.
std::optional<Hex> parse_on_sheets(const Sheets& sheets, std::string_view text) {
  if (auto bare = parse_digits(text)) {
    std::string named;
    for (const auto& s : sheets.list())
      if (s.holds_local(*bare))
        named += std::string(named.empty() ? "" : " or ") + s.prefix + std::string(text);
    if (named.empty()) return std::nullopt;
    throw Error("hex.ambiguous", "'" + std::string(text) +
                                     "' does not say which map sheet it is on: write it with the "
                                     "sheet's letter (" +
                                     named + ")");
  }
  if (text.size() != 5) return std::nullopt;
  const Sheet* s = sheets.sheet(text[0]);
  auto local = parse_digits(text.substr(1));
  if (!s || !local || !s->holds_local(*local)) return std::nullopt;
  return s->joined(*local);
}

}  // namespace

std::optional<Hex> Numbering::parse(std::string_view text) const {
  if (sheets_) return parse_on_sheets(*sheets_, text);
  return parse_digits(text);
}

std::optional<Hex> Numbering::parse_noting(std::string_view text, std::string& id,
                                           std::string& message) const {
  try {
    return parse(text);
  } catch (const Error& e) {
    id = e.id();
    message = e.what();
    return std::nullopt;
  }
}

Hex Numbering::parse_or_throw(std::string_view text, const std::string& what) const {
  if (auto h = parse(text)) return *h;
  if (sheets_)
    throw Error("hex.bad_number", what + ": '" + std::string(text) +
                                      "' is not a hex number of this map (a sheet letter, one of " +
                                      sheets_->letters() +
                                      ", then four digits, column then row, e.g. " +
                                      sheets_->list().front().prefix + "0912)");
  throw Error("hex.bad_number",
              what + ": '" + std::string(text) +
                  "' is not a hex number (four digits, column then row, e.g. 0912)");
}

std::string Numbering::format(Hex h) const {
  if (sheets_) {
    if (const Sheet* s = sheets_->home(h)) return s->prefix + format_digits(s->local(h));
    return bracketed(h);
  }
  return format_digits(h);
}

std::string Numbering::format(Hexside s) const {
  return format(s.a) + "/" + format(s.b);
}

std::optional<Hexside> Numbering::parse_hexside(std::string_view text) const {
  auto slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  auto x = parse(text.substr(0, slash));
  auto y = parse(text.substr(slash + 1));
  if (!x || !y || !adjacent(*x, *y)) return std::nullopt;
  return hexside(*x, *y);
}

}  // namespace adjutant::hex
