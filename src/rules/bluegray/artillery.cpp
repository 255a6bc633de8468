#include "rules/bluegray/artillery.h"

#include "hex/los.h"

namespace adjutant::rules::bluegray {

bool clear_line(const Scenario& sc, Hex from, Hex to, std::string* blocked) {
  auto blocks = [&](Hex h) { return sc.on_map(h) && sc.terrain_at(h).blocks_los; };
  auto step = hex::blocking_step(from, to, blocks);
  if (!step) return true;
  if (blocked) {
    if (step->other)
      *blocked = "the line runs along the hexside " +
                 sc.numbers().format(hex::hexside(step->hex, *step->other)) + " between " +
                 sc.terrain_at(step->hex).name + " and " + sc.terrain_at(*step->other).name;
    else
      *blocked = "the line crosses " + sc.numbers().format(step->hex) + " (" +
                 sc.terrain_at(step->hex).name + ")";
  }
  return false;
}

Reach artillery_reach(const Scenario& sc, Hex at, const std::vector<Hex>& targets) {
  Reach r;
  for (Hex t : targets)
    if (hex::adjacent(at, t)) r.adjacent = true;
  if (r.adjacent) {
    r.in_range = r.sighted = true;
    return r;
  }
  for (Hex t : targets) {
    if (hex::distance(at, t) > kArtilleryRange) continue;
    r.in_range = true;
    std::string why;
    if (clear_line(sc, at, t, &why)) {
      r.sighted = true;
      r.target = t;
      return r;
    }
    if (r.blocked.empty()) r.blocked = why;
  }
  return r;
}

}  // namespace adjutant::rules::bluegray
