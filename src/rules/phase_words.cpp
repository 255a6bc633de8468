#include <algorithm>

#include "rules/ruleset.h"

namespace adjutant::rules {

std::string phase_words(const Ruleset& ruleset, int turn, const std::string& phase) {
  std::string out = "turn " + std::to_string(turn);
  if (phase.empty() || phase == "turn") return out;
  auto sides = ruleset.sides();
  if (std::find(sides.begin(), sides.end(), phase) != sides.end())
    return out + ", " + phase + " player-turn";
  return out + ", " + phase;
}

}  // namespace adjutant::rules
