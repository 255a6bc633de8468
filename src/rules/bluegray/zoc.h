// Zones of control (5.0-5.4).
#pragma once

#include <memory>
#include <set>
#include <string>

#include "rules/bluegray/board.h"

namespace adjutant::rules::bluegray {

// 5.0, 5.3: a unit in `from` exerts ZOC into adjacent `into` unless the
// hexside between blocks it (river, creek) or `into` is a river hex.
bool zoc_extends(const Scenario& sc, Hex from, Hex into);

// 5.0-5.2, 5.4: every hex in the ZOC of `side`'s active units (eliminated
// units are no longer on the map, so their ZOC is gone at once).
std::set<Hex> zoc_hexes(const Board& board, const std::string& side);
// The same hexes, shared with the board's index instead of copied (the
// index finds them once for each placing of the side's units).
std::shared_ptr<const std::set<Hex>> zoc_shared(const Board& board, const std::string& side);

// True when hex h is in the ZOC of a unit of `side`.
bool in_zoc_of(const Board& board, Hex h, const std::string& side);

}  // namespace adjutant::rules::bluegray
