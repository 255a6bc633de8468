// Shake out (shake_out): an undeployed brigade ordered to shake out
// makes its Chaos of Battle roll and deploys at the marker that stays,
// unengaged.
#include "rules/chaos/turn_run.h"

#include <algorithm>

namespace adjutant::rules::chaos::turn_run {

void Turn::shake_out() {
  for (const auto& b : in_initiative_order()) {
    const Json& p = brigade_plan(b);
    if (!p.contains("shake_out")) continue;
    auto& bs = st_.brigades.at(b);
    if (bs.commander || bs.markers.empty()) continue;
    int n = p["shake_out"]["marker"].get<int>();
    Point at = bs.markers[std::size_t(std::min<int>(n, int(bs.markers.size())) - 1)];
    bool kept = chaos(b, at, n, "shake_out");
    if (!kept) at = bs.markers.front();
    // Version 3: the regiments take the order's places at the marker
    // ordered, if still legal; else (or at the other marker) the
    // default formation.
    if (!(kept && p["shake_out"].contains("regiments") && placed(b, p["shake_out"])))
      deploy(b, at, p["shake_out"]["facing"].get<int>(), false, true, "shake_out");
    wagons();
  }
}

// shake_out (version 3): the brigade deploys as its order places it when
// that place is still legal (on the table, on no other base, none
// within 8" of an enemy unit); false (and an event saying why) leaves
// the default formation to the caller.
bool Turn::placed(const std::string& b, const Json& order) {
  const std::string& side = st_.brigades.at(b).side;
  Group g;
  g.brigade = b;
  g.commander = point_of(order["commander"]);
  for (const auto& [r, place] : order["regiments"].items()) {
    if (st_.regiments.at(r).removed) continue;
    g.regiments[r] = point_of(place["at"]);
    g.facing[r] = place["facing"].get<int>();
  }
  std::string why = illegal(g, side);
  if (why.empty() && enemy_distance(g, side) <= kEngagementRange)
    why = "a regiment would be within 8\" of the enemy (shake out leaves a brigade unengaged)";
  if (!why.empty()) {
    events_.push_back({{"type", "placement_refused"},
                       {"brigade", b},
                       {"side", side},
                       {"reason", why + "; the default formation is used"},
                       {"rule", "shake_out"}});
    return false;
  }
  put(g);
  for (const auto& [r, at] : g.regiments) {
    st_.regiments.at(r).limbered = false;
    st_.regiments.at(r).dismounted = false;
  }
  Json e = deploy_event(g, "shake_out");
  e["placed"] = true;
  events_.push_back(e);
  return true;
}

}  // namespace adjutant::rules::chaos::turn_run
