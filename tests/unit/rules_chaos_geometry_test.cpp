// Chaos of Battle table geometry: the fixed-point sine table, stands as
// rectangles, least distances between bases, overlap, artillery line of
// sight as a corridor, and movement in synchronized steps.
#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "rules/chaos/bearing.h"
#include "rules/chaos/march.h"
#include "rules/chaos/shapes.h"
#include "rules/chaos/sight.h"
#include "rules/chaos/stands.h"

namespace chaos = adjutant::rules::chaos;
using chaos::Coord;
using chaos::Point;

namespace {

chaos::Outline box(Coord x0, Coord y0, Coord x1, Coord y1) {
  return chaos::polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
}

chaos::Body infantry(Point centre, int bearing, int stands = 4) {
  return chaos::Body{centre, bearing, stands, chaos::default_base(chaos::Arm::kInfantry)};
}

chaos::Body battery(Point centre, int guns) {
  return chaos::Body{centre, 0, guns, chaos::default_base(chaos::Arm::kArtillery)};
}

}  // namespace

TEST_CASE("the committed sine table is round(sin d * 2^16) for every whole degree",
          "[chaos][geometry]") {
  // The test may use floating point to check the table; the rules never do.
  for (int d = -360; d < 720; ++d) {
    double r = std::sin(d * 3.14159265358979323846 / 180.0) * 65536.0;
    INFO("degrees " << d);
    CHECK(chaos::sine(d) == static_cast<std::int32_t>(std::lround(r)));
    double c = std::cos(d * 3.14159265358979323846 / 180.0) * 65536.0;
    CHECK(chaos::cosine(d) == static_cast<std::int32_t>(std::lround(c)));
  }
  CHECK(chaos::sine(30) == 32768);
  CHECK(chaos::sine(45) == 46341);
  CHECK(chaos::sine(60) == 56756);
  CHECK(chaos::sine(90) == 65536);
  CHECK(chaos::cosine(60) == 32768);
  CHECK(chaos::cosine(180) == -65536);
  CHECK(chaos::sine(-30) == -32768);
  CHECK(chaos::normal_bearing(-90) == 270);
  CHECK(chaos::normal_bearing(725) == 5);
}

TEST_CASE("a body's own frame turns to the table's by its bearing", "[chaos][geometry]") {
  // Facing north: right is east, forward is north.
  CHECK(chaos::turn(100, 0, 0) == Point{100, 0});
  CHECK(chaos::turn(0, 100, 0) == Point{0, 100});
  // Facing east: forward is east, right is south.
  CHECK(chaos::turn(0, 100, 90) == Point{100, 0});
  CHECK(chaos::turn(100, 0, 90) == Point{0, -100});
  // Facing south-west.
  CHECK(chaos::turn(0, 100, 225) == Point{-71, -71});
  // One rounding after the division: 75 / 2 = 37.5 -> 38.
  CHECK(chaos::turn(0, 75, 0, 2) == Point{0, 38});
  CHECK(chaos::turn(0, -75, 0, 2) == Point{0, -38});
}

TEST_CASE("a right-angle turn rounds as the sine table's turn does", "[chaos][geometry]") {
  // The table's own formula: scaled by sine and cosine (65536 at 90 degrees).
  auto by_table = [](chaos::Coord right, chaos::Coord forward, long long bearing,
                     chaos::Coord divisor) {
    chaos::Wide sn = chaos::sine(bearing), cs = chaos::cosine(bearing);
    chaos::Wide d = chaos::Wide(chaos::kTrigScale) * divisor;
    return Point{chaos::div_round(chaos::Wide(right) * cs + chaos::Wide(forward) * sn, d),
                 chaos::div_round(chaos::Wide(forward) * cs - chaos::Wide(right) * sn, d)};
  };
  for (long long bearing : {0LL, 90LL, 180LL, 270LL, 360LL, -90LL, 450LL})
    for (chaos::Coord divisor : {1, 2, 3})
      for (chaos::Coord right : {-151, -150, -75, -1, 0, 1, 75, 149, 150})
        for (chaos::Coord forward : {-225, -3, 0, 5, 75, 301})
          CHECK(chaos::turn(right, forward, bearing, divisor) ==
                by_table(right, forward, bearing, divisor));
}

TEST_CASE("a regiment is its stands side by side in line", "[chaos][geometry]") {
  auto north = chaos::outline(infantry({1000, 1000}, 0));
  CHECK(north.points == std::vector<Point>{{800, 1038}, {1200, 1038}, {1200, 962}, {800, 962}});
  auto east = chaos::outline(infantry({1000, 1000}, 90));
  CHECK(east.points == std::vector<Point>{{1038, 1200}, {1038, 800}, {962, 800}, {962, 1200}});
  CHECK(chaos::front_centre(infantry({1000, 1000}, 90)) == Point{1038, 1000});
  // Stand 0 is the leftmost seen from behind; neighbours share corners.
  auto b = infantry({1000, 1000}, 30);
  for (int k = 0; k + 1 < 4; ++k) {
    auto left = chaos::stand_outline(b, k), right = chaos::stand_outline(b, k + 1);
    CHECK(left.points[1] == right.points[0]);
    CHECK(left.points[2] == right.points[3]);
    CHECK_FALSE(chaos::convex_overlap(left, right, chaos::kOverlapTolerance));
  }
  CHECK(chaos::stand_outline(b, 0).points[0] == chaos::outline(b).points[0]);
  CHECK(chaos::stand_outline(b, 3).points[1] == chaos::outline(b).points[1]);
  CHECK(chaos::default_base(chaos::Arm::kMarker) == chaos::BaseSize{300, 300});
}

TEST_CASE("the least distance between bases is compared with a range exactly",
          "[chaos][geometry]") {
  auto a = box(0, 0, 100, 100);
  // Square to square, 4" apart along x: within 4", not closer than 4".
  auto b = box(500, 0, 600, 100);
  CHECK(chaos::within(a, b, 400));
  CHECK_FALSE(chaos::within(a, b, 399));
  CHECK_FALSE(chaos::closer_than(a, b, 400));
  CHECK(chaos::closer_than(a, b, 401));
  CHECK(chaos::distance_floor(a, b) == 400);
  // Corner to corner, a 3-4-5 triangle: 5".
  auto c = box(400, 500, 450, 550);
  CHECK(chaos::within(a, c, 500));
  CHECK_FALSE(chaos::within(a, c, 499));
  CHECK(chaos::distance_floor(a, c) == 500);
  // Not a whole number of hundredths: sqrt(2) * 100 = 141.42...
  auto d = box(200, 200, 300, 300);
  CHECK(chaos::distance_floor(a, d) == 141);
  CHECK_FALSE(chaos::within(a, d, 141));
  CHECK(chaos::within(a, d, 142));
  // A corner against the middle of a slanted edge: the perpendicular.
  auto slanted = chaos::polygon({{300, 0}, {0, 300}, {300, 600}, {600, 300}});
  auto p = chaos::single({0, 0});
  CHECK(chaos::distance_floor(p, slanted) == 212);  // 300 / sqrt 2 = 212.13
  CHECK_FALSE(chaos::within(p, slanted, 212));
  CHECK(chaos::within(p, slanted, 213));
  // Touching and overlapping bases are at distance 0.
  CHECK(chaos::distance_floor(a, box(100, 0, 200, 100)) == 0);
  CHECK(chaos::distance_floor(a, box(50, 50, 60, 60)) == 0);
  CHECK(chaos::closer_than(a, box(50, 50, 60, 60), 1));
  CHECK_FALSE(chaos::closer_than(a, b, 0));
}

TEST_CASE("distances stay exact at the limits of the table coordinates", "[chaos][geometry]") {
  const Coord m = chaos::kMaxCoord;
  auto p = chaos::single({-m, m});
  auto diagonal = chaos::polyline({{-m, -m}, {m, m}});
  // The perpendicular from (-m, m) to the diagonal is m * sqrt 2 long.
  Coord expect = static_cast<Coord>(chaos::isqrt(static_cast<unsigned __int128>(2) * m * m));
  CHECK(chaos::distance_floor(p, diagonal) == expect);
  CHECK(chaos::within(p, diagonal, expect + 1));
  CHECK_FALSE(chaos::within(p, diagonal, expect));
  CHECK(chaos::distance_floor(chaos::single({-m, -m}), chaos::single({m, m})) ==
        static_cast<Coord>(chaos::isqrt(static_cast<unsigned __int128>(8) * m * m)));
  unsigned __int128 big = static_cast<unsigned __int128>(1) << 43;
  CHECK(chaos::isqrt(big * big) == (std::uint64_t{1} << 43));
  CHECK(chaos::isqrt(big * big - 1) == (std::uint64_t{1} << 43) - 1);
  CHECK(chaos::isqrt_ceil(big * big + 1) == (std::uint64_t{1} << 43) + 1);
  CHECK(chaos::isqrt(0) == 0);
  CHECK(chaos::isqrt(99) == 9);
  CHECK(chaos::isqrt_ceil(99) == 10);
  CHECK(chaos::inches(1250) == "12.50");
  CHECK(chaos::inches(-25) == "-0.25");
  CHECK(chaos::inches(5) == "0.05");
  CHECK(chaos::div_round(-5, 2) == -3);
  CHECK(chaos::div_round(5, 2) == 3);
  CHECK(chaos::div_round(4, 3) == 1);
}

TEST_CASE("bases overlap only when they cut into each other", "[chaos][geometry]") {
  auto a = box(0, 0, 400, 75);
  CHECK_FALSE(chaos::convex_overlap(a, box(400, 0, 800, 75), chaos::kOverlapTolerance));
  CHECK_FALSE(chaos::convex_overlap(a, box(0, 75, 400, 150), chaos::kOverlapTolerance));
  CHECK_FALSE(chaos::convex_overlap(a, box(399, 0, 800, 75), chaos::kOverlapTolerance));
  CHECK(chaos::convex_overlap(a, box(398, 0, 800, 75), chaos::kOverlapTolerance));
  CHECK(chaos::convex_overlap(a, box(100, 20, 200, 40), chaos::kOverlapTolerance));
  CHECK_FALSE(chaos::convex_overlap(a, box(1000, 0, 1100, 75), chaos::kOverlapTolerance));
  // Two regiments at a slant, one behind the other (each 3/4" deep): with
  // their centres 0.8" apart they stand clear; 0.5" apart they overlap.
  auto front = chaos::outline(infantry({2000, 2000}, 40));
  Point back = chaos::turn(0, -80, 40);
  CHECK_FALSE(chaos::convex_overlap(front, chaos::outline(infantry(Point{2000, 2000} + back, 40)),
                                    chaos::kOverlapTolerance));
  Point close = chaos::turn(0, -50, 40);
  CHECK(chaos::convex_overlap(front, chaos::outline(infantry(Point{2000, 2000} + close, 40)),
                              chaos::kOverlapTolerance));
  // A regiment across another's front at right angles.
  CHECK(chaos::convex_overlap(front, chaos::outline(infantry({2000, 2000}, 130)),
                              chaos::kOverlapTolerance));
}

TEST_CASE("segments meet, cross, and points lie in polygons", "[chaos][geometry]") {
  CHECK(chaos::segments_cross({0, 0}, {10, 10}, {0, 10}, {10, 0}));
  CHECK(chaos::segments_meet({0, 0}, {10, 10}, {0, 10}, {10, 0}));
  // A T: they meet but do not cross.
  CHECK(chaos::segments_meet({0, 0}, {10, 0}, {5, 0}, {5, 10}));
  CHECK_FALSE(chaos::segments_cross({0, 0}, {10, 0}, {5, 0}, {5, 10}));
  // Collinear: overlapping meet, apart do not.
  CHECK(chaos::segments_meet({0, 0}, {10, 0}, {5, 0}, {20, 0}));
  CHECK_FALSE(chaos::segments_meet({0, 0}, {10, 0}, {11, 0}, {20, 0}));
  CHECK_FALSE(chaos::segments_meet({0, 0}, {10, 0}, {0, 1}, {10, 1}));
  // An L-shaped wood: the notch is outside.
  auto l = chaos::polygon({{0, 0}, {600, 0}, {600, 300}, {300, 300}, {300, 600}, {0, 600}});
  CHECK(chaos::inside(l, {100, 100}));
  CHECK(chaos::inside(l, {100, 500}));
  CHECK_FALSE(chaos::inside(l, {500, 500}));
  CHECK(chaos::inside(l, {300, 450}));  // on the boundary
  CHECK(chaos::inside(l, {600, 300}));  // a vertex
  CHECK_FALSE(chaos::strictly_inside(l, {300, 450}));
  // A ray through a vertex counts once: (100, 300) level with two vertices.
  CHECK(chaos::inside(l, {100, 300}));
  CHECK_FALSE(chaos::inside(l, {700, 300}));
  CHECK_FALSE(chaos::inside(l, {-1, 300}));
}

TEST_CASE("artillery sees along a corridor as wide as its base", "[chaos][geometry][sight]") {
  chaos::Terrain open;
  auto two = battery({1000, 1000}, 2);  // 2.5" wide
  auto one = battery({1000, 1000}, 1);  // 1.25" wide
  auto target = infantry({1000, 3000}, 180);
  CHECK(chaos::line_of_sight(two, target, open, {}));
  CHECK(chaos::corridor({0, 0}, {0, 1000}, 250).points ==
        std::vector<Point>{{-125, 0}, {-125, 1000}, {125, 1000}, {125, 0}});

  // A wood whose edge runs 1" east of the line from gun to target's centre
  // stand: it blocks the 2-gun battery's corridor (half-width 1.25") but
  // not the single gun's (0.63"). The target's own stands are 1" wide, so
  // aim at a target of one stand.
  auto single_stand = infantry({1000, 3000}, 180, 1);
  chaos::Terrain wood;
  wood.features.push_back({"copse", chaos::TerrainKind::kWoods, box(1100, 1800, 1500, 2200)});
  auto blocked = chaos::sight_blocked(two, {1000, 3000}, wood, {});
  REQUIRE(blocked);
  CHECK(blocked->by == "copse");
  CHECK_FALSE(chaos::sight_blocked(one, {1000, 3000}, wood, {}));
  CHECK_FALSE(chaos::line_of_sight(two, single_stand, wood, {}));
  CHECK(chaos::line_of_sight(one, single_stand, wood, {}));

  // A target in a wood can be seen into; a wood across the whole line blocks.
  chaos::Terrain deep;
  deep.features.push_back({"big-woods", chaos::TerrainKind::kWoods, box(0, 2500, 2000, 3500)});
  CHECK(chaos::line_of_sight(two, target, deep, {}));
  chaos::Terrain between;
  between.features.push_back({"wall", chaos::TerrainKind::kTown, box(0, 1800, 2000, 2000)});
  CHECK_FALSE(chaos::line_of_sight(two, target, between, {}));
  // A hill between them blocks; a battery on the hill sees over it.
  chaos::Terrain hill;
  hill.features.push_back({"knob", chaos::TerrainKind::kHill, box(500, 1500, 1500, 2000)});
  CHECK_FALSE(chaos::line_of_sight(two, target, hill, {}));
  CHECK(chaos::line_of_sight(battery({1000, 1600}, 2), target, hill, {}));
  // Breastworks do not block.
  chaos::Terrain works;
  works.features.push_back({"works", chaos::TerrainKind::kBreastworks, box(0, 1800, 2000, 1900)});
  CHECK(chaos::line_of_sight(two, target, works, {}));

  // A regiment in the way blocks the whole target; one beside the corridor
  // does not; one covering only the target's two western stands leaves the
  // eastern stands in sight.
  chaos::Obstacle in_way{"screen", chaos::outline(infantry({1000, 2000}, 0, 6))};
  CHECK_FALSE(chaos::line_of_sight(two, target, open, {in_way}));
  chaos::Obstacle beside{"beside", chaos::outline(infantry({1400, 2000}, 0, 2))};
  CHECK(chaos::line_of_sight(two, target, open, {beside}));
  chaos::Obstacle part{"part", chaos::outline(infantry({900, 2900}, 180, 1))};
  CHECK(chaos::line_of_sight(two, target, open, {part}));
}

TEST_CASE("movement along waypoints goes in equal synchronized steps", "[chaos][geometry][march]") {
  chaos::March m({{0, 0}, {300, 400}});
  CHECK(m.length() == 500);
  CHECK(chaos::steps_for(m.length()) == 20);
  CHECK(m.step(chaos::kMarchStep) == 25);
  CHECK(m.position() == Point{15, 20});
  for (int i = 0; i < 9; ++i) m.step(chaos::kMarchStep);
  CHECK(m.position() == Point{150, 200});
  CHECK(m.travelled() == 250);
  CHECK(m.step(1000) == 250);
  CHECK(m.position() == Point{300, 400});
  CHECK(m.done());
  CHECK(m.step(25) == 0);

  // Round a corner within one step; legs are rounded up: 141.42 -> 142.
  chaos::March corner({{0, 0}, {100, 0}, {100, 100}});
  corner.step(150);
  CHECK(corner.position() == Point{100, 50});
  chaos::March diag({{0, 0}, {100, 100}});
  CHECK(diag.length() == 142);
  diag.step(71);
  CHECK(diag.position() == Point{50, 50});
  CHECK(chaos::path_length({{0, 0}, {100, 100}, {100, 200}}) == 242);

  // Two movers stepped together: after each step both have gone the same
  // distance, so the first step bringing them within 8" is well defined.
  chaos::March north({{0, 0}, {0, 2000}}), south({{0, 4000}, {0, 2000}});
  int steps = 0;
  while (chaos::distance_floor(chaos::single(north.position()), chaos::single(south.position())) >
         800) {
    north.step(chaos::kMarchStep);
    south.step(chaos::kMarchStep);
    ++steps;
  }
  CHECK(steps == 64);  // 4000 - 2 * 25 * 64 = 800
  CHECK(north.position() == Point{0, 1600});
  CHECK(south.position() == Point{0, 2400});
  CHECK(chaos::steps_for(0) == 0);
  CHECK(chaos::steps_for(26) == 2);
}

// The least-distance tests settle far pairs by their bounding boxes and
// take one root: they must agree with the plain definition (every vertex
// against every edge, each distance floored) for bodies anywhere, turned
// any way, near and far.
TEST_CASE("distance tests agree with the vertex-edge definition", "[chaos][geometry]") {
  std::uint64_t seed = 12345;
  auto next = [&](std::uint64_t n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<long long>((seed >> 33) % n);
  };
  auto reference = [](const chaos::Outline& a, const chaos::Outline& b) {
    if (chaos::touch(a, b)) return chaos::Coord{0};
    chaos::Coord best = -1;
    auto check = [&](const chaos::Outline& from, const chaos::Outline& to) {
      const auto& q = to.points;
      for (auto p : from.points)
        for (std::size_t i = 0; i < q.size(); ++i) {
          chaos::Coord d = chaos::point_segment(p, q[i], q[(i + 1) % q.size()]).floor();
          if (best < 0 || d < best) best = d;
        }
    };
    check(a, b);
    check(b, a);
    return best;
  };
  int near = 0;
  for (int i = 0; i < 2000; ++i) {
    chaos::Body a{{next(3000), next(3000)}, int(next(360)), int(1 + next(4)), {100, 75}};
    chaos::Body b{{next(3000), next(3000)}, int(next(360)), int(1 + next(4)), {125, 150}};
    auto oa = chaos::outline(a), ob = chaos::outline(b);
    chaos::Coord d = reference(oa, ob);
    INFO(i << ": " << d);
    REQUIRE(chaos::distance_floor(oa, ob) == d);
    chaos::Coord r = next(1200);
    // within: <= r; the floor is <= r exactly when the distance is < r + 1.
    if (d < r) CHECK(chaos::within(oa, ob, r));
    if (d > r) CHECK_FALSE(chaos::within(oa, ob, r));
    if (d >= r) CHECK_FALSE(chaos::closer_than(oa, ob, r));
    if (d < r) CHECK(chaos::closer_than(oa, ob, r));
    if (d < 400) ++near;
  }
  CHECK(near > 20);  // the sample holds near pairs, not only far ones
}

// A brigade's outlines tested against a unit all at once: beyond() may
// answer only where within() is false for every one of them, and says
// something of pairs that are far apart (the point of it).
TEST_CASE("the box around several outlines settles only what within() settles",
          "[chaos][geometry]") {
  std::uint64_t seed = 777;
  auto next = [&](std::uint64_t n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<long long>((seed >> 33) % n);
  };
  int settled = 0;
  for (int i = 0; i < 1000; ++i) {
    std::vector<chaos::Outline> group;
    Point centre{next(3000), next(3000)};
    for (int k = 0, n = int(1 + next(4)); k < n; ++k)
      group.push_back(chaos::outline(chaos::Body{
          centre + Point{next(600) - 300, next(600) - 300}, int(next(360)), 2, {100, 75}}));
    auto other =
        chaos::outline(chaos::Body{{next(3000), next(3000)}, int(next(360)), 3, {125, 150}});
    chaos::Coord r = next(1200);
    if (!chaos::beyond(chaos::bounds_of(group), other, r)) continue;
    ++settled;
    for (const auto& o : group) {
      INFO(i);
      CHECK_FALSE(chaos::within(o, other, r));
    }
  }
  CHECK(settled > 100);
  // No outline, or one without points: nothing is settled.
  chaos::Outline far = box(5000, 5000, 5100, 5100);
  CHECK_FALSE(chaos::beyond(chaos::bounds_of({}), far, 10));
  CHECK_FALSE(chaos::beyond(chaos::bounds_of({box(0, 0, 10, 10), chaos::Outline{}}), far, 10));
  CHECK(chaos::beyond(chaos::bounds_of({box(0, 0, 10, 10)}), far, 10));
  CHECK_FALSE(
      chaos::beyond(chaos::bounds_of({box(0, 0, 10, 10), box(4990, 4990, 4995, 4995)}), far, 10));
}
