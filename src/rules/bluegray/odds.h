// Odds and the Combat Results Table (8.1, 8.8): integer ratios only.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "rules/hexmap/scenario.h"

namespace adjutant::rules::bluegray {

// "2-1" -> {2, 1}; nullopt unless two positive integers joined by '-'.
std::optional<std::pair<int, int>> parse_odds(const std::string& text);

// The column index of odds text in the CRT, or nullopt if it is not a column.
std::optional<int> column_of(const rules::hexmap::Crt& crt, const std::string& odds);

// 8.1: the column of attack:defence rounded in the defender's favour (the
// best column a:b with attack * b >= a * defence); beyond the last column the
// last applies, below the first the first (both still roll, GAPS CRT notes).
int odds_column(const rules::hexmap::Crt& crt, int attack, int defence);

// The result in a column for a die value (1-based).
std::string crt_result(const rules::hexmap::Crt& crt, int column, int die);

}  // namespace adjutant::rules::bluegray
