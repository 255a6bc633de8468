#include "rules/chaos/sight.h"

namespace adjutant::rules::chaos {

Outline corridor(Point from, Point to, Coord width) {
  Point d = to - from;
  Coord len = static_cast<Coord>(isqrt(static_cast<unsigned __int128>(squared(d))));
  if (len == 0) return single(from);
  // Half the width along the unit normal (-dy, dx) / |d|, rounded once.
  Point off{div_round(Wide(-d.y) * width, Wide(2) * len),
            div_round(Wide(d.x) * width, Wide(2) * len)};
  return polygon({from + off, to + off, to - off, from - off});
}

std::optional<Blocked> sight_blocked(const Body& battery, Point target, const Terrain& terrain,
                                     const std::vector<Obstacle>& obstacles) {
  Coord width = battery.base.width * battery.stands;
  Outline lane = corridor(battery.centre, target, width);
  if (lane.points.size() < 4) return std::nullopt;
  for (const auto& f : terrain.features) {
    bool blocks = f.kind == TerrainKind::kWoods || f.kind == TerrainKind::kTown ||
                  f.kind == TerrainKind::kHill;
    if (!blocks) continue;
    if (inside(f.shape, battery.centre) || inside(f.shape, target)) continue;
    if (insides_meet(lane, f.shape)) return Blocked{f.id};
  }
  for (const auto& o : obstacles)
    if (insides_meet(lane, o.shape)) return Blocked{o.id};
  return std::nullopt;
}

bool line_of_sight(const Body& battery, const Body& target, const Terrain& terrain,
                   const std::vector<Obstacle>& obstacles) {
  for (int k = 0; k < target.stands; ++k) {
    const auto& corners = stand_outline(target, k).points;
    // The stand's centre: the midpoint of a diagonal, rounded.
    Point c{div_round(Wide(corners[0].x) + corners[2].x, 2),
            div_round(Wide(corners[0].y) + corners[2].y, 2)};
    if (!sight_blocked(battery, c, terrain, obstacles)) return true;
  }
  return false;
}

}  // namespace adjutant::rules::chaos
