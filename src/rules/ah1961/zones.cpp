#include "rules/ah1961/zones.h"

namespace adjutant::rules::ah1961 {

Pairs engaged_pairs(const State& st) {
  Pairs out;
  if (st.extra.contains("engaged"))
    for (const auto& p : st.extra["engaged"])
      out.insert(std::make_pair(p.at(0).get<std::string>(), p.at(1).get<std::string>()));
  return out;
}

bool river_pair(const Board& b, Hex x, Hex y) {
  return b.water(x) && b.water(y);
}

bool artillery_near(const Board& b, Hex h, const std::string& side) {
  for (const auto& id : b.units_of(side))
    if (is_artillery_type(*b.def(id)) && hex::distance(h, *b.square_of(id)) <= 2) return true;
  return false;
}

std::string contact_problem(const Board& b, const std::string& a, const std::string& d,
                            const std::vector<std::string>& defenders, std::string& rule) {
  Hex ha = *b.square_of(a), hd = *b.square_of(d);
  const UnitDef& da = *b.def(a);
  const UnitDef& dd = *b.def(d);
  bool aa = is_artillery_type(da), ad = is_artillery_type(dd);
  int dist = hex::distance(ha, hd);
  if (dist == 1) {
    rule = "zoc.primary";
    if (river_pair(b, ha, hd))
      return "combat is not allowed when both units are on adjacent river squares (" + b.sq(ha) +
             ", " + b.sq(hd) + ")";
    if (!aa) return "";
    if (engaged_pairs(b.state()).count({a, d})) return "";
    for (const auto& other : defenders) {
      auto ho = b.square_of(other);
      if (ho && is_artillery_type(*b.def(other)) && hex::distance(ha, *ho) == 2) return "";
    }
    rule = "artillery.primary";
    return a + " (artillery) attacks " + d +
           " from the primary zone only after a secondary-zone battle with it on a previous turn, "
           "or together with an enemy artillery unit in its secondary zone";
  }
  if (dist == 2) {
    rule = "zoc.secondary";
    if (!aa && !ad) return "no combat from the secondary zone between non-artillery units (case 4)";
    // Rule of thumb c: NA's with A's cannot fight.
    if (!aa && artillery_near(b, hd, b.side_of(a))) {
      rule = "secondary.thumb";
      return a + " (non-artillery) cannot fight " + d +
             " from the secondary zone while friendly artillery is in range of it";
    }
    return "";
  }
  rule = "zoc.primary";
  return a + " at " + b.sq(ha) + " is not in a zone of control of " + d + " at " + b.sq(hd);
}

}  // namespace adjutant::rules::ah1961
