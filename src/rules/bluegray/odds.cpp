#include "rules/bluegray/odds.h"

#include <charconv>

namespace adjutant::rules::bluegray {

std::optional<std::pair<int, int>> parse_odds(const std::string& text) {
  auto dash = text.find('-');
  if (dash == std::string::npos || dash == 0 || dash + 1 >= text.size()) return std::nullopt;
  int a = 0, b = 0;
  auto r1 = std::from_chars(text.data(), text.data() + dash, a);
  auto r2 = std::from_chars(text.data() + dash + 1, text.data() + text.size(), b);
  if (r1.ec != std::errc{} || r1.ptr != text.data() + dash) return std::nullopt;
  if (r2.ec != std::errc{} || r2.ptr != text.data() + text.size()) return std::nullopt;
  if (a <= 0 || b <= 0) return std::nullopt;
  return std::pair{a, b};
}

std::optional<int> column_of(const rules::hexmap::Crt& crt, const std::string& odds) {
  for (std::size_t i = 0; i < crt.columns.size(); ++i)
    if (crt.columns[i] == odds) return int(i);
  return std::nullopt;
}

int odds_column(const rules::hexmap::Crt& crt, int attack, int defence) {
  int best = 0;
  for (std::size_t i = 0; i < crt.columns.size(); ++i) {
    auto ab = parse_odds(crt.columns[i]);
    if (!ab) continue;
    if ((long long)attack * ab->second >= (long long)ab->first * defence) best = int(i);
  }
  return best;
}

std::string crt_result(const rules::hexmap::Crt& crt, int column, int die) {
  return crt.rows.at(std::size_t(die - 1)).at(std::size_t(column));
}

}  // namespace adjutant::rules::bluegray
