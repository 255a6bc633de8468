#include "rules/ah1961/odds.h"

#include "util/error.h"

namespace adjutant::rules::ah1961 {

Odds basic_odds(int attack, int defence) {
  Odds o;
  o.attack = attack;
  o.defence = defence;
  int high = attack >= defence ? attack : defence;
  int low = attack >= defence ? defence : attack;
  int q = high / low;  // fractions are ignored
  if (q > 6) {
    o.automatic = true;
    o.automatic_result = attack >= defence ? "DE" : "AE";
    return o;
  }
  // Equal-ish battles (2-3: 3/2 = 1) are 1-1 whichever side is larger.
  o.column = attack >= defence ? std::to_string(q) + "-1" : "1-" + std::to_string(q);
  return o;
}

std::string crt_result(const rules::hexmap::Crt& crt, const std::string& column, int die) {
  for (std::size_t c = 0; c < crt.columns.size(); ++c)
    if (crt.columns[c] == column) return crt.rows.at(die - 1).at(c);
  throw Error("scenario.ah1961", "the CRT has no column " + column);
}

}  // namespace adjutant::rules::ah1961
