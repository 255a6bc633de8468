// Chaos of Battle terrain as shapes: roads, woods, creeks, hills, and the
// ground a marker or a brigade moves by; landmarks approached directly.
#include <catch2/catch.hpp>

#include "rules/chaos/stands.h"
#include "rules/chaos/terrain.h"

namespace chaos = adjutant::rules::chaos;
using chaos::Coord;
using chaos::Point;

namespace {

chaos::Outline square_at(Coord x0, Coord y0, Coord x1, Coord y1) {
  return chaos::polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
}

// A marker card, 3" x 3", centred on p.
chaos::Outline marker(Point p) {
  return chaos::outline(chaos::Body{p, 0, 1, chaos::default_base(chaos::Arm::kMarker)});
}

chaos::Outline regiment(Point p) {
  return chaos::outline(chaos::Body{p, 0, 4, chaos::default_base(chaos::Arm::kInfantry)});
}

// A road north along x = 1000, a wood west of it (x 0..900), a creek east
// to west across y = 5000, a hill in the north-east.
chaos::Terrain table() {
  chaos::Terrain t;
  t.features.push_back(
      {"pike", chaos::TerrainKind::kRoad, chaos::polyline({{1000, 0}, {1000, 10800}})});
  t.features.push_back({"west-woods", chaos::TerrainKind::kWoods, square_at(0, 1000, 900, 4000)});
  t.features.push_back({"run", chaos::TerrainKind::kCreek,
                        chaos::polyline({{0, 5000}, {3000, 5100}, {6000, 5000}})});
  t.features.push_back({"knob", chaos::TerrainKind::kHill, square_at(4000, 8000, 5000, 9000)});
  t.landmarks.push_back({"crossroads", "Hagan's Crossroads", {1000, 6000}});
  return t;
}

}  // namespace

TEST_CASE("terrain kinds have names, areas and lines", "[chaos][terrain]") {
  for (auto kind :
       {chaos::TerrainKind::kWoods, chaos::TerrainKind::kHill, chaos::TerrainKind::kTown,
        chaos::TerrainKind::kBreastworks, chaos::TerrainKind::kRoad, chaos::TerrainKind::kCreek})
    CHECK(chaos::terrain_from_name(chaos::terrain_name(kind)) == kind);
  CHECK_FALSE(chaos::terrain_from_name("swamp"));
  CHECK(chaos::is_area(chaos::TerrainKind::kTown));
  CHECK_FALSE(chaos::is_area(chaos::TerrainKind::kCreek));
}

TEST_CASE("a body is on a road within half the road's width of its line", "[chaos][terrain]") {
  auto t = table();
  // A marker centred 2" west of the road has its east edge 1/2" short of the
  // line: on the road (1" wide, half width 1/2"), not a hundredth farther.
  CHECK(chaos::on_road(t, marker({800, 2000})));
  CHECK_FALSE(chaos::on_road(t, marker({799, 2000})));
  CHECK(chaos::on_road(t, marker({1000, 500})));
  t.road_width = 50;
  CHECK_FALSE(chaos::on_road(t, marker({800, 2000})));
  CHECK(chaos::on_road(t, marker({825, 2000})));
}

TEST_CASE("a marker moves by the best ground it touches", "[chaos][terrain][movement]") {
  auto t = table();
  // Deep in the wood: forest.
  CHECK(chaos::marker_going(t, marker({400, 2500})) == chaos::Going::kForest);
  // Half in, half out (west edge of the wood at y = 1000): clear.
  CHECK(chaos::marker_going(t, marker({400, 1000})) == chaos::Going::kClear);
  // In the wood but touching the road: road, the best.
  t.features[1].shape = square_at(0, 1000, 1200, 4000);
  CHECK(chaos::marker_going(t, marker({1000, 2500})) == chaos::Going::kRoad);
  // Open ground.
  CHECK(chaos::marker_going(t, marker({3000, 2500})) == chaos::Going::kClear);
  // A clearing cut into the wood from its edge makes a marker on it clear.
  chaos::Terrain notched;
  notched.features.push_back({"w", chaos::TerrainKind::kWoods,
                              chaos::polygon({{0, 0},
                                              {1000, 0},
                                              {1000, 1000},
                                              {550, 1000},
                                              {550, 500},
                                              {450, 500},
                                              {450, 1000},
                                              {0, 1000}})});
  CHECK(chaos::marker_going(notched, marker({500, 300})) == chaos::Going::kForest);
  CHECK(chaos::marker_going(notched, marker({500, 700})) == chaos::Going::kClear);
  CHECK(chaos::going_name(chaos::Going::kForest) == std::string("forest"));
}

TEST_CASE("a deployed brigade moves by the worst ground any regiment touches",
          "[chaos][terrain][movement]") {
  auto t = table();
  // Both on the road: road.
  CHECK(chaos::brigade_going(t, {regiment({1000, 500}), regiment({1000, 700})}) ==
        chaos::Going::kRoad);
  // One off the road: clear.
  CHECK(chaos::brigade_going(t, {regiment({1000, 500}), regiment({2000, 500})}) ==
        chaos::Going::kClear);
  // One touching the wood's edge: forest.
  CHECK(chaos::brigade_going(t, {regiment({1000, 500}), regiment({600, 962})}) ==
        chaos::Going::kForest);
  CHECK(chaos::brigade_going(t, {regiment({1000, 500}), regiment({600, 961})}) ==
        chaos::Going::kClear);
}

TEST_CASE("creeks crossed, hills and areas holding a point", "[chaos][terrain]") {
  auto t = table();
  CHECK(chaos::crosses_creek(t, {2000, 4000}, {2000, 6000}));
  CHECK_FALSE(chaos::crosses_creek(t, {2000, 4000}, {2000, 4900}));
  CHECK(chaos::crosses_creek(t, {3000, 4000}, {3000, 5100}));  // ends on the bank
  CHECK(chaos::point_in_kind(t, {4500, 8500}, chaos::TerrainKind::kHill));
  CHECK_FALSE(chaos::point_in_kind(t, {3500, 8500}, chaos::TerrainKind::kHill));
  CHECK(chaos::areas_holding(t, {500, 2000}, chaos::TerrainKind::kWoods) ==
        std::vector<std::string>{"west-woods"});
  CHECK(chaos::touches_kind(t, regiment({3800, 8000}), chaos::TerrainKind::kHill));
  CHECK_FALSE(chaos::touches_kind(t, regiment({3799, 8000}), chaos::TerrainKind::kHill));
}

TEST_CASE("a move heads directly toward a landmark within a tolerance", "[chaos][terrain]") {
  Point lm{1000, 6000};
  // Straight at it.
  CHECK(chaos::heads_toward({1000, 2000}, {1000, 3000}, lm, 15));
  // 10 degrees off (tan 10 = 0.176: 176 across per 1000 along): within 15.
  CHECK(chaos::heads_toward({1000, 2000}, {1176, 3000}, lm, 15));
  // 20 degrees off (tan 20 = 0.364): not within 15, within 25.
  CHECK_FALSE(chaos::heads_toward({1000, 2000}, {1364, 3000}, lm, 15));
  CHECK(chaos::heads_toward({1000, 2000}, {1364, 3000}, lm, 25));
  // Away from it, or past it and farther than at the start.
  CHECK_FALSE(chaos::heads_toward({1000, 2000}, {1000, 1000}, lm, 15));
  CHECK_FALSE(chaos::heads_toward({1000, 2000}, {1000, 10500}, lm, 15));
  CHECK(chaos::heads_toward({1000, 2000}, {1000, 9000}, lm, 15));  // 3000 past, 4000 before
  CHECK_FALSE(chaos::heads_toward({1000, 2000}, {1000, 2000}, lm, 15));
}
