#include "rules/name_hints.h"

#include <algorithm>
#include <cctype>

#include "util/printable.h"

namespace adjutant::rules::text {

namespace name_hints {

char low(char c) {
  return char(std::tolower(static_cast<unsigned char>(c)));
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// O for 0, l and I for 1: what a typist (or a scan of a printed order) puts
// in place of a digit.
bool digit_lookalike(char c) {
  return c == 'O' || c == 'o' || c == 'l' || c == 'I';
}

char as_digit(char c) {
  if (c == 'O' || c == 'o') return '0';
  if (c == 'l' || c == 'I') return '1';
  return c;
}

}  // namespace name_hints

int edit_distance(std::string_view a, std::string_view b, int limit) {
  using name_hints::low;
  const std::size_t n = a.size(), m = b.size();
  if (int(n > m ? n - m : m - n) > limit) return limit + 1;
  // Optimal string alignment: three rows of the table.
  std::vector<int> before(m + 1), prev(m + 1), row(m + 1);
  for (std::size_t j = 0; j <= m; ++j) prev[j] = int(j);
  for (std::size_t i = 1; i <= n; ++i) {
    row[0] = int(i);
    int least = row[0];
    for (std::size_t j = 1; j <= m; ++j) {
      int cost = low(a[i - 1]) == low(b[j - 1]) ? 0 : 1;
      int v = std::min({prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && low(a[i - 1]) == low(b[j - 2]) && low(a[i - 2]) == low(b[j - 1]))
        v = std::min(v, before[j - 2] + 1);
      row[j] = v;
      least = std::min(least, v);
    }
    if (least > limit) return limit + 1;
    before.swap(prev);
    prev.swap(row);
  }
  return std::min(prev[m], limit + 1);
}

std::vector<std::string> nearest_names(const std::string& typed,
                                       const std::vector<std::string>& names, std::size_t most) {
  if (typed.empty()) return {};
  std::string key = lookalike_key(typed);
  // (distance, place in the list): the nearest first, then as listed.
  std::vector<std::pair<int, std::size_t>> near;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    int limit = std::clamp(int(name.size()) / 3, 1, 3);
    int d = edit_distance(key, lookalike_key(name), limit);
    if (d <= limit) near.push_back({d, i});
  }
  std::sort(near.begin(), near.end());
  std::vector<std::string> out;
  for (const auto& [d, i] : near) {
    // Only the nearest: "Pegrm" suggests Pegram, not every name two edits away.
    if (!out.empty() && d > near.front().first) break;
    if (out.size() == most) break;
    out.push_back(names[i]);
  }
  return out;
}

std::string did_you_mean(const std::vector<std::string>& names) {
  if (names.empty()) return "";
  std::string out = "did you mean ";
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + printable(names[i]);
  return out + "?";
}

std::string unknown_unit_hint(const rules::hexmap::Scenario& scenario, const std::string& typed,
                              const std::string& side) {
  std::vector<std::string> ids;
  for (const auto& u : scenario.units)
    if (side.empty() || u.side == side) ids.push_back(u.id);
  std::string near = did_you_mean(nearest_names(typed, ids));
  if (near.empty())
    return "Write the unit as its id in the scenario (`adjutant status GAME --units` lists them)";
  near[0] = 'D';
  return near + " A unit is named by its id, exactly as the scenario writes it";
}

std::string lookalike_key(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    char l = name_hints::low(c);
    out += l == 'l' ? 'i' : l;
  }
  return out;
}

bool near_hex(std::string_view word) {
  using namespace name_hints;
  // A sheet letter first ("H05O6"): a letter that stands for no digit.
  if (!word.empty() && std::isalpha(static_cast<unsigned char>(word[0])) &&
      !digit_lookalike(word[0]))
    word.remove_prefix(1);
  if (word.size() < 3 || word.size() > 5) return false;
  int digits = 0, lookalikes = 0;
  for (char c : word) {
    if (is_digit(c))
      ++digits;
    else if (digit_lookalike(c))
      ++lookalikes;
    else
      return false;
  }
  if (digits < 2) return false;
  // Four digits after a sheet letter is a hex number; so is a plain one.
  return !(digits == 4 && lookalikes == 0);
}

std::string near_hex_message(std::string_view word) {
  using namespace name_hints;
  std::string w(word);
  std::string sheet;
  if (!w.empty() && std::isalpha(static_cast<unsigned char>(w[0])) && !digit_lookalike(w[0])) {
    sheet = w.substr(0, 1);
    w = w.substr(1);
  }
  std::string digits;
  std::string letters;
  for (char c : w) {
    digits += as_digit(c);
    if (digit_lookalike(c) && letters.find(c) == std::string::npos) letters += c;
  }
  std::string out = in_quotes(word) +
                    " is not a hex number: a hex number is four digits, "
                    "column then row (0506 is column 05, row 06)";
  if (!letters.empty()) {
    std::string which;
    for (std::size_t i = 0; i < letters.size(); ++i)
      which += (i ? " and " : "") + std::string("the letter ") + letters[i];
    out += "; " + which + " stand" + (letters.size() == 1 ? "s" : "") + " where a digit should";
    if (digits.size() == 4) out += ": did you mean " + sheet + digits + "?";
  } else if (digits.size() == 3) {
    out += "; it has three digits: did you mean " + sheet + "0" + digits + "?";
  } else {
    out += "; it has " + std::to_string(digits.size()) + " digits";
  }
  return out;
}

}  // namespace adjutant::rules::text
