// Points, polylines and polygons on the table, and the exact integer tests
// the rules ask of them: crossing, containment, least distance compared with
// a range, overlap. Every coordinate must be within kMaxCoord (measure.h).
#pragma once

#include <optional>
#include <vector>

#include "rules/chaos/measure.h"

namespace adjutant::rules::chaos {

// One point, an open polyline (a road, a creek, a path) or a closed polygon
// (a stand's base, a wood); a polygon's vertices in either turning order.
struct Outline {
  std::vector<Point> points;
  bool closed = false;
};

Outline polygon(std::vector<Point> points);
Outline polyline(std::vector<Point> points);
Outline single(Point p);

// Sign of the turn a -> b -> c: 1 counter-clockwise, -1 clockwise, 0 straight.
int orientation(Point a, Point b, Point c);

// True when segment ab and segment cd share at least one point (touching
// and collinear overlap included).
bool segments_meet(Point a, Point b, Point c, Point d);
// True when they cross at one point interior to both.
bool segments_cross(Point a, Point b, Point c, Point d);

// True when p lies on segment ab.
bool on_segment(Point p, Point a, Point b);

// True when p lies inside the closed polygon or on its boundary.
bool inside(const Outline& polygon, Point p);
// True when p lies inside the polygon and not on its boundary.
bool strictly_inside(const Outline& polygon, Point p);

// The squared least distance from p to segment ab as an exact fraction
// num / den (den > 0); num < 2^87, den < 2^44.
struct SquaredDistance {
  Wide num = 0;
  Wide den = 1;
  bool at_most(Coord r) const { return num <= Wide(r) * r * den; }
  bool less_than(Coord r) const { return num < Wide(r) * r * den; }
  // floor of the distance, in hundredths.
  Coord floor() const;
};
SquaredDistance point_segment(Point p, Point a, Point b);

// True when the two outlines share a point: an edge of one meets an edge of
// the other, or one lies (partly) inside the other, closed polygon.
bool touch(const Outline& a, const Outline& b);

// The least distance between any point of `a` and any point of `b`
// ("any part within 4 inches"): 0 when they touch. within: <= r;
// closer_than: < r; distance_floor: the distance rounded down, in hundredths.
bool within(const Outline& a, const Outline& b, Coord r);
bool closer_than(const Outline& a, const Outline& b, Coord r);
Coord distance_floor(const Outline& a, const Outline& b);

// An axis-aligned box. No point of an outline is nearer a point of another
// than their boxes are, so a gap between boxes settles a distance test
// before any edge is looked at.
struct Box {
  Coord lo_x, lo_y, hi_x, hi_y;
};
// The box around every point of several outlines; nullopt when there is no
// outline, or one without points.
std::optional<Box> bounds_of(const std::vector<Outline>& outlines);
// True when within(a, b, r) is false for every outline a inside `box`, by
// the very test within() makes first: all of them settled at once.
bool beyond(const std::optional<Box>& box, const Outline& b, Coord r);

// Two convex polygons overlap when their insides intersect deeper than
// `tolerance` hundredths along every axis (separating axis test); bases
// placed edge to edge, or apart by a rounding of their turned corners, do
// not overlap.
bool convex_overlap(const Outline& a, const Outline& b, Coord tolerance);

// True when the inside of a convex polygon and the inside of any polygon
// share a point: edges crossing, a vertex of one strictly inside the other,
// or the midpoint of an edge of `shape` strictly inside `convex`. Grazing
// contact along a boundary does not count.
bool insides_meet(const Outline& convex, const Outline& shape);

// The sum of a polyline's segment lengths, each rounded up to a hundredth.
Coord path_length(const std::vector<Point>& points);

}  // namespace adjutant::rules::chaos
