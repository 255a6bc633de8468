// Line of sight between hex centres (Blue & Gray rule 8.71), in exact integer
// arithmetic. docs/hex-geometry.md explains the method.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "hex/hex.h"

namespace adjutant::hex {

// One stretch of the line: through the inside of `hex`, or, when `other` is set, exactly
// along the hexside between `hex` and `other` (hex < other), inside neither.
struct LosStep {
  Hex hex;
  std::optional<Hex> other;
  bool operator==(const LosStep&) const = default;
};

// Every hex whose inside the straight line from a's centre to b's centre crosses, and
// every hexside it runs along, in order from a (first) to b (last). A line that only
// touches a corner does not cross that hex; a line that crosses a hexside at a single
// point enters both hexes and lists both.
std::vector<LosStep> line(Hex a, Hex b);

// Rule 8.71: the first step that blocks the line: a crossed hex that blocks, or a
// hexside whose two hexes both block. The end hexes never block.
std::optional<LosStep> blocking_step(Hex a, Hex b, const std::function<bool(Hex)>& blocks);

// Rule 8.71: true when no step of line(a, b) blocks.
bool line_of_sight(Hex a, Hex b, const std::function<bool(Hex)>& blocks);

}  // namespace adjutant::hex
