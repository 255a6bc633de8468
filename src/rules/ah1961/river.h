// River Crossing: rivers are a full square wide; the four ways across
// (swim, ford, assault boat, pontoon bridge) by unit type, one unit on each
// river square, boats only through road squares and landing only at road
// squares, drifting downstream (east) one square a turn, bridges crossed
// without stopping but only to the square they point to.
#pragma once

#include <optional>

#include "rules/ah1961/movement.h"

namespace adjutant::rules::ah1961 {

struct Crossing {
  bool stop = false;
  std::string rule;
  std::string why;  // the stop's reason, or the problem when `id` is set
};

// The crossing rules for unit u stepping from path[i-1] to path[i]; `id`
// and `rule` are set for a step the rules forbid.
Crossing crossing(const Board& b, const std::string& u, const std::vector<Hex>& path, std::size_t i,
                  const std::vector<std::string>& group, const MovePhase& ph, std::string& id,
                  std::string& rule);

// The unit a boat carries when it drifts one river square downstream.
std::optional<std::string> drift_passenger(const Board& b, const std::vector<std::string>& units,
                                           const std::vector<Hex>& path, const MovePhase& ph);

// Marks the boats a unit boarded or left in this move as used this turn.
void note_boarding(const Board& b, const std::vector<std::string>& units, Hex from, Hex to,
                   MovePhase& ph);

}  // namespace adjutant::rules::ah1961
