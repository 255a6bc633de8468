#include "rules/ah1961/stacking.h"

namespace adjutant::rules::ah1961 {

std::string stacking_problem(const Board& b, Hex h, const std::string& side, std::string& rule) {
  std::vector<std::string> here = b.units_at(h, side);
  if (b.water(h)) {
    int troops = 0;
    for (const auto& id : here)
      if (!is_detachment(*b.def(id))) ++troops;
    rule = b.terrain(h) == "ford" ? "river.ford" : "river.swim";
    // Only one counter on each ford square; a boat or bridge carries one unit.
    if (b.terrain(h) == "ford" && here.size() > 1 && !b.bridge_at(h))
      return std::to_string(here.size()) + " counters on ford square " + b.sq(h) + " (" +
             join(here) + "); only one is allowed";
    if (troops > 1)
      return std::to_string(troops) + " units on river square " + b.sq(h) + " (" + join(here) +
             "); only one is allowed";
    return "";
  }
  auto it = b.rules().stacking.find(side);
  if (it == b.rules().stacking.end()) return "";
  rule = "stacking";
  int units = 0, factors = 0;
  for (const auto& id : here) {
    const UnitDef* d = b.def(id);
    if (!is_fighting(*d)) continue;  // an HQ may be added: it has no combat value
    ++units;
    factors += d->strength;
  }
  if (it->second.units && units > it->second.units)
    return std::to_string(units) + " combat units in " + b.sq(h) + " (" + join(here) + "); " +
           std::to_string(it->second.units) + " are allowed";
  if (it->second.factors && factors > it->second.factors)
    return std::to_string(factors) + " basic combat factors in " + b.sq(h) + " (" + join(here) +
           "); " + std::to_string(it->second.factors) + " are allowed";
  return "";
}

}  // namespace adjutant::rules::ah1961
