#include "rules/chaos/formation.h"

#include <algorithm>

#include "rules/chaos/bearing.h"

namespace adjutant::rules::chaos {

std::vector<Slot> default_formation(const Scenario& scenario, const Brigade& brigade,
                                    Point commander, int bearing,
                                    const std::vector<std::string>& present) {
  std::vector<const Regiment*> order;
  for (bool guns : {false, true})
    for (const auto& r : brigade.regiments)
      if ((r.arm == Arm::kArtillery) == guns &&
          (present.empty() || std::count(present.begin(), present.end(), r.id)))
        order.push_back(&r);
  std::vector<Slot> out;
  Coord front = kFormationFront;  // the front edge of the current line, ahead of the commander
  for (std::size_t first = 0; first < order.size(); first += kFormationWidth) {
    std::size_t last = std::min(order.size(), first + kFormationWidth);
    // Offsets are kept four times over, so a half of a half hundredth stays
    // exact until the one rounding in turn().
    Coord width4 = 4 * kFormationGap * Coord(last - first - 1), depth = 0;
    for (std::size_t i = first; i < last; ++i) {
      const BaseSize& b = scenario.bases.at(order[i]->arm);
      width4 += 4 * b.width * order[i]->stands;
      depth = std::max(depth, b.depth);
    }
    Coord cursor4 = -width4 / 2;  // the line's left edge
    for (std::size_t i = first; i < last; ++i) {
      const BaseSize& b = scenario.bases.at(order[i]->arm);
      Coord w = b.width * order[i]->stands;
      Point at = commander + turn(cursor4 + 2 * w, 4 * front - 2 * b.depth, bearing, 4);
      out.push_back({order[i]->id, Body{at, normal_bearing(bearing), order[i]->stands, b}});
      cursor4 += 4 * w + 4 * kFormationGap;
    }
    front -= depth + kFormationRank;
  }
  return out;
}

}  // namespace adjutant::rules::chaos
