#include "rules/chaos/text_inches.h"

#include "util/printable.h"

namespace adjutant::rules::chaos::text_orders {

namespace {

// Whole inches written with more digits than this are refused: the table
// is at most a few hundred inches, and the value stays far inside Coord.
constexpr std::size_t kMaxWholeDigits = 6;

bool digit(char c) {
  return c >= '0' && c <= '9';
}

// The word without the brackets an echo writes round a point.
std::string bare(const std::string& word) {
  std::string s = word;
  if (!s.empty() && s.front() == '(') s.erase(0, 1);
  if (!s.empty() && s.back() == ')') s.pop_back();
  return s;
}

std::string found(const text::Reader& r) {
  return r.done() ? "the end of the line" : in_quotes(r.peek().text);
}

}  // namespace

bool is_number(const text::Token& t) {
  if (t.quoted) return false;
  std::string s = bare(t.text);
  std::size_t i = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i < s.size() && s[i] == '.') ++i;
  if (i >= s.size() || !digit(s[i])) return false;
  for (; i < s.size(); ++i)
    if (!digit(s[i]) && s[i] != '.') return false;
  return true;
}

Coord read_inches(const text::Token& t, const std::string& what) {
  std::string s = bare(t.text);
  auto refuse = [&](const std::string& why) {
    text::fail(
        "text.inches", t.pos,
        "expected " + what + " in inches (such as 12 or 12.25), found " + in_quotes(t.text) + why);
  };
  if (!is_number(t)) refuse("");
  bool negative = s[0] == '-';
  std::size_t i = s[0] == '-' || s[0] == '+' ? 1 : 0;
  std::size_t dot = s.find('.', i);
  std::string whole = s.substr(i, dot == std::string::npos ? std::string::npos : dot - i);
  std::string frac = dot == std::string::npos ? "" : s.substr(dot + 1);
  if (frac.find('.') != std::string::npos) refuse(": one decimal point at most");
  if (dot != std::string::npos && frac.empty()) refuse(": digits after the decimal point");
  if (whole.empty()) whole = "0";
  std::size_t lead = whole.find_first_not_of('0');
  if (lead != std::string::npos && whole.size() - lead > kMaxWholeDigits)
    refuse(": too large for the table");
  if (frac.size() > 2) {
    if (frac.find_first_not_of('0', 2) != std::string::npos)
      text::fail("text.precision", t.pos,
                 what + ": " + in_quotes(t.text) +
                     " is more precise than a hundredth of an inch, which the rules measure in");
    frac.resize(2);
  }
  while (frac.size() < 2) frac += '0';
  Coord v = 0;
  for (char c : whole) v = v * 10 + (c - '0');
  v = v * kInch + (frac[0] - '0') * 10 + (frac[1] - '0');
  return negative ? -v : v;
}

Point read_point(text::Reader& r, const std::string& what) {
  if (r.done() || !is_number(r.peek()))
    text::fail("text.inches", r.pos(),
               "expected " + what + " (x,y in inches, such as 12.5,30), found " + found(r));
  Coord x = read_inches(r.next(), "the x of " + what);
  if (r.done() || !is_number(r.peek()))
    text::fail("text.inches", r.pos(),
               "expected the y of " + what + " after its x (x,y in inches), found " + found(r));
  Coord y = read_inches(r.next(), "the y of " + what);
  return {x, y};
}

int read_whole(text::Reader& r, const std::string& what) {
  if (!r.done() && !r.peek().quoted) {
    const std::string& w = r.peek().text;
    bool ok = !w.empty() && w.size() <= 4;
    for (char c : w) ok = ok && digit(c);
    if (ok) {
      r.next();
      return std::stoi(w);
    }
  }
  text::fail("text.syntax", r.pos(), "expected " + what + " (a whole number), found " + found(r));
}

std::string inches_text(Coord hundredths) {
  bool negative = hundredths < 0;
  std::uint64_t v =
      negative ? static_cast<std::uint64_t>(-hundredths) : static_cast<std::uint64_t>(hundredths);
  std::string out = (negative ? "-" : "") + std::to_string(v / 100);
  std::uint64_t frac = v % 100;
  if (frac != 0) {
    out += "." + std::to_string(frac / 10);
    if (frac % 10 != 0) out += std::to_string(frac % 10);
  }
  return out;
}

std::string point_text(Point p) {
  return inches_text(p.x) + "," + inches_text(p.y);
}

}  // namespace adjutant::rules::chaos::text_orders
