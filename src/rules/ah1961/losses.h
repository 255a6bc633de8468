// EXCHANGE: the player with fewer combat factors (the defender's at
// original, double or triple value) removes all his units; the other
// removes units whose factors total at least as much.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace adjutant::rules::ah1961 {

// The units to remove so that their factors reach `need`: `preferred`
// first, in order, while they fall short; then the cheapest completion
// (least excess, then fewest units, then ids: docs/rules/ah1961.md).
std::vector<std::string> choose_losses(const std::map<std::string, int>& factors, int need,
                                       const std::vector<std::string>& preferred);

}  // namespace adjutant::rules::ah1961
