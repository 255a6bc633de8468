// Artillery (8.7-8.76): range, line of sight, and which attackers share in
// adverse results.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/bluegray/board.h"

namespace adjutant::rules::bluegray {

// 8.7: the target hex counts, the artillery's own hex does not.
inline constexpr int kArtilleryRange = 3;

// How an artillery unit at `at` reaches the hexes of one attack.
struct Reach {
  bool adjacent = false;      // next to at least one target: attacks as an adjacent unit (8.7)
  bool in_range = false;      // some target within kArtilleryRange (8.74: one is enough)
  bool sighted = false;       // some target in range with a clear line of sight (8.71)
  std::optional<Hex> target;  // the target it fires at when not adjacent
  std::string blocked;        // why the line is blocked, for messages
};

// 8.71: forest and town hexes (TEC blocks_los) block; along a hexside only
// when both hexes block; the end hexes, rivers and units never block.
bool clear_line(const Scenario& sc, Hex from, Hex to, std::string* blocked = nullptr);

// 8.7, 8.71, 8.74: how artillery at `at` reaches `targets`.
Reach artillery_reach(const Scenario& sc, Hex at, const std::vector<Hex>& targets);

}  // namespace adjutant::rules::bluegray
