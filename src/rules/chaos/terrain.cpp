#include "rules/chaos/terrain.h"

#include <map>

#include "rules/chaos/bearing.h"

namespace adjutant::rules::chaos {

namespace {

const std::map<TerrainKind, const char*>& terrain_names() {
  static const std::map<TerrainKind, const char*> kNames = {
      {TerrainKind::kWoods, "woods"}, {TerrainKind::kHill, "hill"},
      {TerrainKind::kTown, "town"},   {TerrainKind::kBreastworks, "breastworks"},
      {TerrainKind::kRoad, "road"},   {TerrainKind::kCreek, "creek"}};
  return kNames;
}

}  // namespace

const char* terrain_name(TerrainKind kind) {
  return terrain_names().at(kind);
}

std::optional<TerrainKind> terrain_from_name(const std::string& name) {
  for (const auto& [kind, n] : terrain_names())
    if (name == n) return kind;
  return std::nullopt;
}

bool is_area(TerrainKind kind) {
  return kind != TerrainKind::kRoad && kind != TerrainKind::kCreek;
}

const char* going_name(Going going) {
  switch (going) {
    case Going::kForest:
      return "forest";
    case Going::kClear:
      return "clear";
    case Going::kRoad:
      return "road";
  }
  return "";
}

bool touches_kind(const Terrain& terrain, const Outline& body, TerrainKind kind) {
  for (const auto& f : terrain.features) {
    if (f.kind != kind) continue;
    if (kind == TerrainKind::kRoad ? within(body, f.shape, terrain.road_width / 2)
                                   : touch(body, f.shape))
      return true;
  }
  return false;
}

bool point_in_kind(const Terrain& terrain, Point p, TerrainKind kind) {
  return !areas_holding(terrain, p, kind).empty();
}

std::vector<std::string> areas_holding(const Terrain& terrain, Point p, TerrainKind kind) {
  std::vector<std::string> out;
  for (const auto& f : terrain.features)
    if (f.kind == kind && is_area(kind) && inside(f.shape, p)) out.push_back(f.id);
  return out;
}

bool on_road(const Terrain& terrain, const Outline& body) {
  return touches_kind(terrain, body, TerrainKind::kRoad);
}

bool crosses_creek(const Terrain& terrain, Point a, Point b) {
  Outline move = polyline({a, b});
  for (const auto& f : terrain.features)
    if (f.kind == TerrainKind::kCreek && touch(move, f.shape)) return true;
  return false;
}

// Wholly inside one wood: every corner inside it, no edge of the wood
// crossing the body's edges, no corner of the wood poking into the body.
bool wholly_in_woods(const Terrain& terrain, const Outline& body) {
  for (const auto& f : terrain.features) {
    if (f.kind != TerrainKind::kWoods) continue;
    bool all = true;
    for (Point p : body.points) all = all && inside(f.shape, p);
    if (!all) continue;
    bool cut = false;
    const auto& b = body.points;
    const auto& w = f.shape.points;
    for (std::size_t i = 0; i < b.size() && !cut; ++i)
      for (std::size_t j = 0; j < w.size() && !cut; ++j)
        cut = segments_cross(b[i], b[(i + 1) % b.size()], w[j], w[(j + 1) % w.size()]);
    for (Point p : w) cut = cut || strictly_inside(body, p);
    if (!cut) return true;
  }
  return false;
}

Going marker_going(const Terrain& terrain, const Outline& marker) {
  if (on_road(terrain, marker)) return Going::kRoad;
  if (wholly_in_woods(terrain, marker)) return Going::kForest;
  return Going::kClear;
}

Going brigade_going(const Terrain& terrain, const std::vector<Outline>& regiments) {
  bool all_road = !regiments.empty();
  for (const auto& r : regiments) {
    if (touches_kind(terrain, r, TerrainKind::kWoods)) return Going::kForest;
    all_road = all_road && on_road(terrain, r);
  }
  return all_road ? Going::kRoad : Going::kClear;
}

// The angle between the move m and the way t to the target is within the
// tolerance when dot(m, t) > 0 and dot(m, t)^2 * 2^32 >= |m|^2 |t|^2 cos^2,
// cos scaled by 2^16: each side stays below 2^118, within 128 bits.
bool heads_toward(Point from, Point to, Point target, int tolerance) {
  Point m = to - from, t = target - from;
  if (squared(m) == 0 || squared(t) == 0) return false;
  if (squared(target - to) >= squared(t)) return false;
  Coord d = dot(m, t);
  if (d <= 0) return false;
  Wide c = cosine(tolerance);
  Wide lhs = Wide(d) * d * (Wide(1) << 32);
  Wide rhs = Wide(squared(m)) * squared(t) * c * c;
  return lhs >= rhs;
}

}  // namespace adjutant::rules::chaos
