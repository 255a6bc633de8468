// Combat Results Table: the text's odds formula ("divide the lowest number
// of the battle odds into the highest number and use the first digit of the
// answer"; fractions ignored: 24-11 is 2-1, 16-9 1-1, 38-12 3-1, 4-15 1-3,
// 2-3 1-1) and the table itself, from the scenario (RULE-D, completed per
// GAPS.md). Odds greater than 6 to 1 or 1 to 6 mean automatic elimination.
#pragma once

#include <string>

#include "rules/hexmap/scenario.h"

namespace adjutant::rules::ah1961 {

struct Odds {
  int attack = 0, defence = 0;
  std::string column;  // "2-1", "1-3"; "" beyond the table
  bool automatic = false;
  std::string automatic_result;  // "DE" above 6-1, "AE" below 1-6
};

// Both factors positive.
Odds basic_odds(int attack, int defence);
// The CRT cell: result code for the column and die (1-6).
std::string crt_result(const rules::hexmap::Crt& crt, const std::string& column, int die);

}  // namespace adjutant::rules::ah1961
