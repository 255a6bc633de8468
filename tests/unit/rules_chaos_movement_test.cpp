// Simultaneous marker movement: equal quarter-inch steps, stopping short of
// 8" from the enemy, a CHECK halting everyone at the first step it arises,
// each marker within its rate (docs/rules/chaos.md, Unengaged Movement).
#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "support/chaos_fixture.h"

#include "rules/chaos/movement.h"
#include "util/files.h"

namespace chaos = adjutant::rules::chaos;
using chaos::Point;

TEST_CASE("markers marching head-on both stop short of 8\", at the same step",
          "[chaos][movement]") {
  auto s = adjutant::testing::chaos_meeting_scenario();
  std::vector<chaos::Mover> movers = {
      {"u#1", "union", {{1000, 1000}, {1000, 5000}}, 2000, ""},
      {"c#1", "confederate", {{1000, 5000}, {1000, 1000}}, 2000, ""},
  };
  auto m = chaos::move_markers(s, movers, {});
  // The cards' gap closes by 1/2" a step from 37": the 58th step would make
  // it 8", so both stand at 57 steps, 8.5" apart.
  CHECK(m.at.at("u#1") == Point{1000, 2425});
  CHECK(m.at.at("c#1") == Point{1000, 3575});
  CHECK(m.stopped == std::set<std::string>{"c#1", "u#1"});
  CHECK_FALSE(m.check);
  CHECK(m.steps == 58);
  CHECK(m.moved.at("u#1") == 1425);
  CHECK(m.rest.at("u#1") == std::vector<Point>{{1000, 2425}, {1000, 5000}});
  // The order the movers are given in changes nothing.
  std::reverse(movers.begin(), movers.end());
  CHECK(chaos::move_markers(s, movers, {}).at == m.at);
}

TEST_CASE("a marker ordered to engage halts all movement with a CHECK", "[chaos][movement]") {
  auto s = adjutant::testing::chaos_meeting_scenario();
  std::vector<chaos::Mover> movers = {
      {"u#1", "union", {{1000, 1000}, {1000, 5000}}, 2000, "c#1"},
      {"c#1", "confederate", {{1000, 5000}, {1000, 1000}}, 2000, ""},
      {"u#2", "union", {{5000, 1000}, {5000, 5000}}, 2000, ""},
  };
  auto m = chaos::move_markers(s, movers, {});
  REQUIRE(m.check);
  CHECK(m.check->mover == "u#1");
  CHECK(m.check->target == "c#1");
  CHECK(m.check->step == 58);
  CHECK(m.at.at("u#1") == Point{1000, 2450});  // took the step
  CHECK(m.at.at("c#1") == Point{1000, 3575});  // would not come within 8"
  CHECK(m.at.at("u#2") == Point{5000, 2450});  // halted with everyone
  CHECK(m.rest.at("u#2") == std::vector<Point>{{5000, 2450}, {5000, 5000}});
}

TEST_CASE("a marker goes no farther than its rate, and friends never stop it",
          "[chaos][movement]") {
  auto s = adjutant::testing::chaos_meeting_scenario();
  auto st = chaos::initial_state(s);
  // Stone's marker marches north past Gamble's deployed line (friends).
  std::vector<chaos::Mover> movers = {
      {"stone#1", "union", {{2000, 1500}, {2000, 2600}, {2000, 9000}}, 1700, ""}};
  auto units = chaos::units_on_table(st, s);
  std::vector<chaos::UnitBase> standing;
  for (const auto& u : units)
    if (u.brigade != "stone") standing.push_back(u);
  auto m = chaos::move_markers(s, movers, standing);
  CHECK(m.moved.at("stone#1") == 1700);
  CHECK(m.at.at("stone#1") == Point{2000, 3200});
  CHECK(m.steps == 68);
  CHECK(m.stopped.empty());
  // An enemy regiment standing ahead stops it 8" short: a Confederate
  // regiment across the road at y 4000 (its rear edge at 3962).
  standing.push_back({"rebs", "x", "confederate", false,
                      chaos::outline(chaos::Body{
                          {2000, 4000}, 180, 4, chaos::default_base(chaos::Arm::kInfantry)})});
  auto blocked = chaos::move_markers(s, movers, standing);
  CHECK(blocked.stopped == std::set<std::string>{"stone#1"});
  CHECK(blocked.at.at("stone#1") == Point{2000, 3000});  // card's front 3150: 8.12" short
}

TEST_CASE("a marker may not end within 4\" of another marker: it goes back along its path",
          "[chaos][movement]") {
  auto s = adjutant::testing::chaos_meeting_scenario();
  // A friendly marker stands at y 3400 (its card from 3250): one marching
  // to y 3000 would end 1" from it, so it ends at y 2700, 4" away.
  std::vector<chaos::UnitBase> standing = {
      {"v#1", "v", "union", true, s.marker_outline({1000, 3400})}};
  std::vector<chaos::Mover> movers = {{"u#1", "union", {{1000, 1000}, {1000, 3000}}, 2500, ""}};
  auto m = chaos::move_markers(s, movers, standing);
  CHECK(m.at.at("u#1") == Point{1000, 2700});
  CHECK(m.moved.at("u#1") == 1700);
  CHECK(m.rest.at("u#1") == std::vector<Point>{{1000, 2700}, {1000, 3000}});
  // Ending exactly 4" away is allowed.
  movers[0].path = {{1000, 1000}, {1000, 2700}};
  CHECK(chaos::move_markers(s, movers, standing).at.at("u#1") == Point{1000, 2700});
  // A regiment is no marker: deployed units and markers have no limit.
  standing[0] = {"reg", "v", "union", false, s.marker_outline({1000, 3400})};
  movers[0].path = {{1000, 1000}, {1000, 3000}};
  CHECK(chaos::move_markers(s, movers, standing).at.at("u#1") == Point{1000, 3000});
}
