#include "rules/ah1961/losses.h"

#include <algorithm>
#include <climits>

namespace adjutant::rules::ah1961 {

std::vector<std::string> choose_losses(const std::map<std::string, int>& factors, int need,
                                       const std::vector<std::string>& preferred) {
  std::vector<std::string> out;
  int got = 0;
  for (const auto& u : preferred) {
    if (got >= need) break;
    auto it = factors.find(u);
    if (it == factors.end() || std::find(out.begin(), out.end(), u) != out.end()) continue;
    out.push_back(u);
    got += it->second;
  }
  if (got >= need) return out;
  std::vector<std::pair<std::string, int>> rest;
  for (const auto& [u, f] : factors)
    if (std::find(out.begin(), out.end(), u) == out.end()) rest.push_back({u, f});
  // Battles are small; more than 16 candidates take them all in id order.
  if (rest.size() > 16) {
    for (const auto& [u, f] : rest) {
      if (got >= need) break;
      out.push_back(u);
      got += f;
    }
    return out;
  }
  int best_total = INT_MAX, best_count = INT_MAX;
  unsigned best = 0;
  bool found = false;
  for (unsigned mask = 0; mask < (1u << rest.size()); ++mask) {
    int total = got, count = 0;
    for (std::size_t i = 0; i < rest.size(); ++i)
      if (mask & (1u << i)) total += rest[i].second, ++count;
    if (total < need) continue;
    // Masks run in id order of the lowest bits: the first best wins ties.
    if (!found || total < best_total || (total == best_total && count < best_count)) {
      found = true;
      best_total = total;
      best_count = count;
      best = mask;
    }
  }
  if (!found) best = (1u << rest.size()) - 1;
  for (std::size_t i = 0; i < rest.size(); ++i)
    if (best & (1u << i)) out.push_back(rest[i].first);
  return out;
}

}  // namespace adjutant::rules::ah1961
