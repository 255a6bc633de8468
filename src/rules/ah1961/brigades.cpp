#include "rules/ah1961/brigades.h"

#include <set>

namespace adjutant::rules::ah1961 {

namespace {

bool substituted(const Board& b, const std::string& division) {
  if (!b.state().extra.contains("substituted")) return false;
  for (const auto& x : b.state().extra["substituted"])
    if (x == division) return true;
  return false;
}

// The brigade counters named: known, distinct; returns their factor total.
std::string brigade_total(const Board& b, const std::vector<std::string>& brigades, int& total) {
  std::set<std::string> seen;
  total = 0;
  for (const auto& br : brigades) {
    if (!b.rules().brigades.count(br)) return br + " is not a brigade substitute counter";
    if (!seen.insert(br).second) return br + " is named twice";
    total += b.def(br)->strength;
  }
  if (brigades.empty()) return "no brigades named";
  return "";
}

}  // namespace

std::string substitution_problem(const Board& b, const std::string& division,
                                 const std::vector<std::string>& brigades, bool setup) {
  const UnitDef* d = b.def(division);
  if (!d || !b.rules().divisions.count(division))
    return division + " is not a division brigade counters may replace";
  if (!setup && !b.active(division)) return division + " is not on the board";
  if (setup && (b.active(division) || substituted(b, division)))
    return division + " is already on the board or substituted";
  int total = 0;
  if (std::string why = brigade_total(b, brigades, total); !why.empty()) return why;
  for (const auto& br : brigades) {
    auto it = b.state().units.find(br);
    if (it != b.state().units.end() && it->second.status != model::UnitStatus::kWaiting)
      return br + " is already " +
             (it->second.status == model::UnitStatus::kActive ? "on the board" : "eliminated");
  }
  if (total != d->strength)
    return "the brigades total " + std::to_string(total) + " combat factors; " + division +
           " has " + std::to_string(d->strength);
  return "";
}

std::string recombination_problem(const Board& b, const std::string& division,
                                  const std::vector<std::string>& brigades, Hex& at) {
  const UnitDef* d = b.def(division);
  if (!d || !b.rules().divisions.count(division)) return division + " is not a division";
  if (!substituted(b, division)) return division + " was not removed by substitution";
  int total = 0;
  if (std::string why = brigade_total(b, brigades, total); !why.empty()) return why;
  std::optional<Hex> common;
  for (const auto& br : brigades) {
    auto h = b.square_of(br);
    if (!h) return br + " is not on the board";
    if (common && *common != *h)
      return "the brigades must be on one common square for removal: " + br + " is at " + b.sq(*h) +
             ", not " + b.sq(*common);
    common = h;
  }
  if (total != d->strength)
    return "the brigades total " + std::to_string(total) + " combat factors; " + division +
           " has " + std::to_string(d->strength);
  at = *common;
  return "";
}

}  // namespace adjutant::rules::ah1961
