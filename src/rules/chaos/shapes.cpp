#include "rules/chaos/shapes.h"

#include <algorithm>
#include <limits>

namespace adjutant::rules::chaos {

namespace {

// Every edge of an outline as a pair of points (a single point gives one
// degenerate edge, so distances to it need no special case).
template <class F>
void for_edges(const Outline& o, F&& f) {
  const auto& p = o.points;
  if (p.size() == 1) {
    f(p[0], p[0]);
    return;
  }
  for (std::size_t i = 0; i + 1 < p.size(); ++i) f(p[i], p[i + 1]);
  if (o.closed && p.size() > 2) f(p.back(), p.front());
}

bool edges_meet(const Outline& a, const Outline& b) {
  bool met = false;
  for_edges(a, [&](Point p, Point q) {
    if (met) return;
    for_edges(b, [&](Point r, Point s) { met = met || segments_meet(p, q, r, s); });
  });
  return met;
}

bool any_inside(const Outline& polygon, const Outline& other) {
  if (!polygon.closed || polygon.points.size() < 3) return false;
  return std::any_of(other.points.begin(), other.points.end(),
                     [&](Point p) { return inside(polygon, p); });
}

// The box around an outline (shapes.h), and the squared distance between
// two boxes (0 when they overlap or touch).
Box box_of(const Outline& o) {
  Box b{o.points.front().x, o.points.front().y, o.points.front().x, o.points.front().y};
  for (Point p : o.points) {
    b.lo_x = std::min(b.lo_x, p.x), b.hi_x = std::max(b.hi_x, p.x);
    b.lo_y = std::min(b.lo_y, p.y), b.hi_y = std::max(b.hi_y, p.y);
  }
  return b;
}

Wide box_gap_squared(const Box& p, const Box& q) {
  Wide dx = std::max<Coord>({0, q.lo_x - p.hi_x, p.lo_x - q.hi_x});
  Wide dy = std::max<Coord>({0, q.lo_y - p.hi_y, p.lo_y - q.hi_y});
  return dx * dx + dy * dy;
}

// The squared gap between two outlines' boxes, each box found once for the
// tests that follow (0 when either outline is empty).
struct Gap {
  Wide squared = 0;
  Gap(const Outline& a, const Outline& b) {
    if (!a.points.empty() && !b.points.empty()) squared = box_gap_squared(box_of(a), box_of(b));
  }
};

Outline doubled(const Outline& o) {
  Outline d = o;
  for (auto& p : d.points) p = {2 * p.x, 2 * p.y};
  return d;
}

}  // namespace

Outline polygon(std::vector<Point> points) {
  return Outline{std::move(points), true};
}
Outline polyline(std::vector<Point> points) {
  return Outline{std::move(points), false};
}
Outline single(Point p) {
  return Outline{{p}, false};
}

int orientation(Point a, Point b, Point c) {
  Coord v = cross(b - a, c - a);
  return (v > 0) - (v < 0);
}

bool on_segment(Point p, Point a, Point b) {
  return orientation(a, b, p) == 0 && std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) &&
         std::min(a.y, b.y) <= p.y && p.y <= std::max(a.y, b.y);
}

bool segments_meet(Point a, Point b, Point c, Point d) {
  int o1 = orientation(a, b, c), o2 = orientation(a, b, d);
  int o3 = orientation(c, d, a), o4 = orientation(c, d, b);
  if (o1 != o2 && o3 != o4) return true;
  return on_segment(c, a, b) || on_segment(d, a, b) || on_segment(a, c, d) || on_segment(b, c, d);
}

bool segments_cross(Point a, Point b, Point c, Point d) {
  int o1 = orientation(a, b, c), o2 = orientation(a, b, d);
  int o3 = orientation(c, d, a), o4 = orientation(c, d, b);
  return o1 * o2 < 0 && o3 * o4 < 0;
}

// Crossing number with the half-open rule on y, after a boundary test.
bool inside(const Outline& polygon, Point p) {
  const auto& v = polygon.points;
  std::size_t n = v.size();
  if (n < 3) return false;
  bool in = false;
  for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
    if (on_segment(p, v[j], v[i])) return true;
    bool spans = (v[i].y > p.y) != (v[j].y > p.y);
    if (!spans) continue;
    // Does the edge cross the ray to the right of p? Compare without division:
    // the crossing's x is v[j].x + (p.y - v[j].y) * dx / dy.
    Coord dy = v[i].y - v[j].y;
    Coord lhs = (p.x - v[j].x) * dy;
    Coord rhs = (p.y - v[j].y) * (v[i].x - v[j].x);
    if (dy > 0 ? lhs < rhs : lhs > rhs) in = !in;
  }
  return in;
}

bool strictly_inside(const Outline& polygon, Point p) {
  const auto& v = polygon.points;
  if (v.size() < 3) return false;
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++)
    if (on_segment(p, v[j], v[i])) return false;
  return inside(polygon, p);
}

Coord SquaredDistance::floor() const {
  return static_cast<Coord>(isqrt(static_cast<unsigned __int128>(num / den)));
}

SquaredDistance point_segment(Point p, Point a, Point b) {
  Point ab = b - a, ap = p - a;
  Coord len2 = squared(ab);
  Coord t = dot(ap, ab);
  if (len2 == 0 || t <= 0) return {squared(ap), 1};
  if (t >= len2) return {squared(p - b), 1};
  Wide c = cross(ab, ap);
  return {c * c, len2};
}

namespace {

// touch() once the boxes' gap is known.
bool touch(const Outline& a, const Outline& b, const Gap& gap) {
  if (gap.squared > 0) return false;
  return edges_meet(a, b) || any_inside(a, b) || any_inside(b, a);
}

}  // namespace

bool touch(const Outline& a, const Outline& b) {
  return touch(a, b, Gap(a, b));
}

std::optional<Box> bounds_of(const std::vector<Outline>& outlines) {
  std::optional<Box> out;
  for (const auto& o : outlines) {
    if (o.points.empty()) return std::nullopt;
    Box b = box_of(o);
    if (!out) {
      out = b;
      continue;
    }
    out->lo_x = std::min(out->lo_x, b.lo_x), out->hi_x = std::max(out->hi_x, b.hi_x);
    out->lo_y = std::min(out->lo_y, b.lo_y), out->hi_y = std::max(out->hi_y, b.hi_y);
  }
  return out;
}

bool beyond(const std::optional<Box>& box, const Outline& b, Coord r) {
  return box && !b.points.empty() && box_gap_squared(*box, box_of(b)) > Wide(r) * r;
}

bool within(const Outline& a, const Outline& b, Coord r) {
  Gap gap(a, b);
  if (gap.squared > Wide(r) * r) return false;
  if (touch(a, b, gap)) return true;
  bool yes = false;
  auto check = [&](const Outline& from, const Outline& to) {
    for (Point p : from.points)
      for_edges(to, [&](Point s, Point t) { yes = yes || point_segment(p, s, t).at_most(r); });
  };
  check(a, b);
  check(b, a);
  return yes;
}

bool closer_than(const Outline& a, const Outline& b, Coord r) {
  if (r <= 0) return false;
  Gap gap(a, b);
  if (gap.squared >= Wide(r) * r) return false;
  if (touch(a, b, gap)) return true;
  bool yes = false;
  auto check = [&](const Outline& from, const Outline& to) {
    for (Point p : from.points)
      for_edges(to, [&](Point s, Point t) { yes = yes || point_segment(p, s, t).less_than(r); });
  };
  check(a, b);
  check(b, a);
  return yes;
}

// The least distance between two outlines that do not touch is reached at
// a vertex of one of them, so the minimum over vertex-edge pairs is exact;
// the floor of a minimum is the minimum of the floors, and the floor of a
// root is the floor of the root of the floor, so one root is taken, of the
// least whole squared distance.
Coord distance_floor(const Outline& a, const Outline& b) {
  if (touch(a, b)) return 0;
  Wide best = -1;  // none yet
  auto check = [&](const Outline& from, const Outline& to) {
    for (Point p : from.points)
      for_edges(to, [&](Point s, Point t) {
        SquaredDistance d = point_segment(p, s, t);
        constexpr Wide kFits = Wide{1} << 62;  // divide in 64 bits when it fits
        Wide whole = d.num < kFits && d.den < kFits
                         ? Wide(static_cast<std::int64_t>(d.num) / static_cast<std::int64_t>(d.den))
                         : d.num / d.den;
        if (best < 0 || whole < best) best = whole;
      });
  };
  check(a, b);
  check(b, a);
  if (best < 0) return std::numeric_limits<Coord>::max();
  return static_cast<Coord>(isqrt(static_cast<unsigned __int128>(best)));
}

bool convex_overlap(const Outline& a, const Outline& b, Coord tolerance) {
  if (a.points.size() < 3 || b.points.size() < 3) return false;
  bool separated = false;
  auto axes_of = [&](const Outline& o) {
    for_edges(o, [&](Point s, Point t) {
      if (separated) return;
      Point axis{-(t.y - s.y), t.x - s.x};
      if (axis.x == 0 && axis.y == 0) return;
      Coord lo_a = std::numeric_limits<Coord>::max(), hi_a = std::numeric_limits<Coord>::min();
      Coord lo_b = lo_a, hi_b = hi_a;
      for (Point p : a.points)
        lo_a = std::min(lo_a, dot(p, axis)), hi_a = std::max(hi_a, dot(p, axis));
      for (Point p : b.points)
        lo_b = std::min(lo_b, dot(p, axis)), hi_b = std::max(hi_b, dot(p, axis));
      // The depth of the overlap along this axis is depth / |axis|
      // hundredths; at most `tolerance` hundredths separates (compared
      // squared, so no root is taken).
      Coord depth = std::min(hi_a, hi_b) - std::max(lo_a, lo_b);
      if (depth <= 0 || Wide(depth) * depth <= Wide(tolerance) * tolerance * squared(axis))
        separated = true;
    });
  };
  axes_of(a);
  axes_of(b);
  return !separated;
}

bool insides_meet(const Outline& convex, const Outline& shape) {
  bool met = false;
  for_edges(convex, [&](Point p, Point q) {
    if (met) return;
    for_edges(shape, [&](Point r, Point s) { met = met || segments_cross(p, q, r, s); });
  });
  if (met) return true;
  for (Point p : shape.points)
    if (strictly_inside(convex, p)) return true;
  if (shape.closed && shape.points.size() >= 3)
    for (Point p : convex.points)
      if (strictly_inside(shape, p)) return true;
  Outline big = doubled(convex);
  bool mid = false;
  for_edges(shape, [&](Point r, Point s) { mid = mid || strictly_inside(big, r + s); });
  return mid;
}

Coord path_length(const std::vector<Point>& points) {
  Coord total = 0;
  for (std::size_t i = 0; i + 1 < points.size(); ++i)
    total += static_cast<Coord>(
        isqrt_ceil(static_cast<unsigned __int128>(squared(points[i + 1] - points[i]))));
  return total;
}

}  // namespace adjutant::rules::chaos
