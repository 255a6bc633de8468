// The table's terrain as shapes: woods, hills, towns and breastworks as
// polygons, roads and creeks as polylines; and the landmarks units move
// toward. The questions the rules ask of them, in integers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/chaos/shapes.h"

namespace adjutant::rules::chaos {

enum class TerrainKind { kWoods, kHill, kTown, kBreastworks, kRoad, kCreek };

// "woods", "hill", "town", "breastworks", "road", "creek".
const char* terrain_name(TerrainKind kind);
std::optional<TerrainKind> terrain_from_name(const std::string& name);
// Woods, hills, towns and breastworks are areas; roads and creeks are lines.
bool is_area(TerrainKind kind);

struct Feature {
  std::string id;
  TerrainKind kind = TerrainKind::kWoods;
  Outline shape;  // closed for an area, open for a line
};

struct Landmark {
  std::string id;
  std::string name;
  Point at;
};

struct Terrain {
  std::vector<Feature> features;
  std::vector<Landmark> landmarks;
  // A body is on a road when any part of it is within half the road's width
  // of the road's line.
  Coord road_width = 100;
};

// The ground a brigade marker or a brigade moves by (Unengaged Movement):
// road 1D6+6", clear 1D6+3", forest 1D6+1".
enum class Going { kForest, kClear, kRoad };
const char* going_name(Going going);

// True when any part of `body` touches a feature of that kind (for a road:
// comes within half its width of the line).
bool touches_kind(const Terrain& terrain, const Outline& body, TerrainKind kind);
// True when the point lies in (or on the edge of) an area of that kind.
bool point_in_kind(const Terrain& terrain, Point p, TerrainKind kind);
// The area features of that kind that hold `p`, by id, in the order given.
std::vector<std::string> areas_holding(const Terrain& terrain, Point p, TerrainKind kind);
bool on_road(const Terrain& terrain, const Outline& body);
// True when the straight move from a to b crosses (or touches) a creek.
bool crosses_creek(const Terrain& terrain, Point a, Point b);
// True when the whole body lies inside one wood.
bool wholly_in_woods(const Terrain& terrain, const Outline& body);

// Marker movement: the best ground the marker touches at the start ("if
// they are half in the woods and half out, they move as though in the
// open"): road if it touches a road, forest only if it lies wholly in a
// wood, else clear. Towns, hills and breastworks move as clear.
Going marker_going(const Terrain& terrain, const Outline& marker);
// Deployed movement: the worst ground any regiment touches: forest if any
// touches a wood, road only if every regiment is on a road, else clear.
Going brigade_going(const Terrain& terrain, const std::vector<Outline>& regiments);

// True when a move from `from` to `to` heads directly toward `target`: it
// ends nearer the target than it began and its direction is within
// `tolerance` whole degrees (0..89) of the direction to the target.
bool heads_toward(Point from, Point to, Point target, int tolerance);

}  // namespace adjutant::rules::chaos
