// The first Chaos of Battle procedures as pure functions over fixed dice,
// each citing the text: stress tests, stands lost above stress 6, resting
// amounts, the tin of combat tokens, and unengaged movement rates with
// their commander and landmark bonuses. (The case runner reads hex
// scenarios only, so these are unit tests, not case files.)
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ledger/dice.h"
#include "rules/chaos/marker_rates.h"
#include "rules/chaos/stress.h"
#include "rules/chaos/tokens.h"
#include "support/error_id.h"

namespace chaos = adjutant::rules::chaos;
using adjutant::ledger::FixedDice;
using chaos::Point;

namespace {

chaos::Outline card(Point p) {
  return chaos::outline(chaos::Body{p, 0, 1, chaos::default_base(chaos::Arm::kMarker)});
}

chaos::Outline team(Point p) {
  return chaos::outline(chaos::Body{p, 0, 1, chaos::default_base(chaos::Arm::kCommander)});
}

chaos::Outline line_of(Point p, chaos::Arm arm) {
  return chaos::outline(chaos::Body{p, 0, 4, chaos::default_base(arm)});
}

// A road north along x = 1000, a wood at x 2000..4000, y 1000..4000, a
// landmark (a crossroads) far up the road.
chaos::Terrain ground() {
  chaos::Terrain t;
  t.features.push_back(
      {"pike", chaos::TerrainKind::kRoad, chaos::polyline({{1000, 0}, {1000, 10000}})});
  t.features.push_back({"woods", chaos::TerrainKind::kWoods,
                        chaos::polygon({{2000, 1000}, {4000, 1000}, {4000, 4000}, {2000, 4000}})});
  t.landmarks.push_back({"crossroads", "crossroads", {1000, 9000}});
  t.landmarks.push_back({"knob", "knob", {5000, 9000}});
  return t;
}

}  // namespace

TEST_CASE("a brigade stress test passes only above the brigade's stress", "[chaos][stress]") {
  // terms.stress_test: "If they get over the stress number ... success.
  // Equal to or less is a failure."
  FixedDice d({3, 3, 1});
  CHECK(chaos::brigade_test(d, 2, "t").passed);
  auto equal = chaos::brigade_test(d, 3, "t");
  CHECK_FALSE(equal.passed);
  CHECK(equal.roll == 3);
  CHECK(chaos::brigade_test(d, 0, "t").passed);  // 1 > 0
  CHECK(d.rolls().size() == 3);
}

TEST_CASE("a regimental stress test is 2D6 over regiment plus brigade stress", "[chaos][stress]") {
  FixedDice d({3, 4, 3, 4, 3, 4});
  auto pass = chaos::regiment_test(d, 4, 2, 0, "t");  // 7 > 6
  CHECK(pass.passed);
  CHECK(pass.roll == 7);
  CHECK(pass.against == 6);
  CHECK_FALSE(chaos::regiment_test(d, 4, 3, 0, "t").passed);  // 7 = 7 fails
  // Testing one's own reliable regiment while Holding the Line: +3 +2.
  auto held = chaos::regiment_test(
      d, 8, 3, chaos::quality_bonus(chaos::Quality::kReliable) + chaos::kHoldTheLine, "t");
  CHECK(held.passed);  // 7 + 5 = 12 > 11
  CHECK(held.bonus == 5);
  CHECK(chaos::quality_bonus(chaos::Quality::kUntested) == 1);
  CHECK(chaos::quality_bonus(chaos::Quality::kUnreliable) == 2);
  CHECK(chaos::quality_bonus(chaos::Quality::kReliable) == 3);
  CHECK(d.rolls().size() == 6);
}

TEST_CASE("stress above 6 rolls for each point, 4-6 losing a stand", "[chaos][stress]") {
  // stress.stands. From 5, three points: 5->6 rolls nothing, 6->7 and 7->8
  // roll one die each; a 4 loses a stand, a 3 does not.
  FixedDice d({4, 3});
  auto o = chaos::add_stress(d, 5, 4, 3, "stress");
  CHECK(o.stress == 8);
  CHECK(o.stands == 3);
  CHECK(o.stands_lost == 1);
  CHECK_FALSE(o.removed);
  CHECK(d.rolls().size() == 2);

  // Below 7 no die is rolled at all (FixedDice with no values would throw).
  FixedDice none({});
  auto low = chaos::add_stress(none, 2, 4, 4, "stress");
  CHECK(low.stress == 6);
  CHECK(low.stands == 4);
  CHECK(none.rolls().empty());

  // Each point above 6 rolls: three 6s cost three stands.
  FixedDice sixes({6, 6, 6});
  auto hard = chaos::add_stress(sixes, 7, 4, 3, "stress");
  CHECK(hard.stress == 10);
  CHECK(hard.stands == 1);
  CHECK(hard.stands_lost == 3);

  // The last stand lost removes the regiment; it rolls no more.
  FixedDice last({5});
  auto gone = chaos::add_stress(last, 7, 1, 3, "stress");
  CHECK(gone.removed);
  CHECK(gone.stands == 0);
  CHECK(gone.stress == 8);
  CHECK(last.rolls().size() == 1);

  // Removing stress never goes below 0 and rolls nothing.
  FixedDice rest({});
  CHECK(chaos::add_stress(rest, 3, 4, -5, "rest").stress == 0);
  CHECK(chaos::add_stress(rest, 9, 2, -2, "rest").stress == 7);
  // Asking for a die the case did not give is an error, not a silent 0.
  CHECK(adjutant::testing::error_id([&] { chaos::add_stress(rest, 6, 4, 1, "stress"); }) ==
        "dice.exhausted");
}

TEST_CASE("resting removes 1 by day and 2 by night", "[chaos][stress]") {
  CHECK(chaos::rest_amount(chaos::TurnType::kDay) == 1);
  CHECK(chaos::rest_amount(chaos::TurnType::kDawn) == 1);
  CHECK(chaos::rest_amount(chaos::TurnType::kEarlyNight) == 2);
  CHECK(chaos::rest_amount(chaos::TurnType::kLateNight) == 2);
  CHECK(chaos::movement_needs_test(chaos::TurnType::kDawn));
  CHECK(chaos::movement_needs_test(chaos::TurnType::kLateNight));
  CHECK_FALSE(chaos::movement_needs_test(chaos::TurnType::kDay));
}

TEST_CASE("the tin holds the seventeen combat tokens, two of each by default", "[chaos][tokens]") {
  const auto& all = chaos::all_tokens();
  REQUIRE(all.size() == 17);
  std::set<std::string> names;
  for (auto t : all) {
    names.insert(chaos::token_name(t));
    CHECK(chaos::token_from_name(chaos::token_name(t)) == t);
  }
  CHECK(names.size() == 17);
  CHECK(names.count("rebel_yell"));
  CHECK(names.count("like_a_stone_wall"));
  CHECK_FALSE(chaos::token_from_name("flank_march"));
  auto tin = chaos::default_tin();
  CHECK(chaos::tin_size(tin) == 34);
  auto contents = chaos::tin_contents(tin);
  REQUIRE(contents.size() == 34);
  CHECK(contents[0] == chaos::Token::kOutflank);
  CHECK(contents[1] == chaos::Token::kOutflank);
  CHECK(contents[2] == chaos::Token::kRefuseFlank);
  CHECK(contents[33] == chaos::Token::kWeightOfNumbers);
  chaos::Tin small{{chaos::Token::kWeightOfNumbers, 1}, {chaos::Token::kRebelYell, 2}};
  CHECK(chaos::tin_contents(small) == std::vector<chaos::Token>{chaos::Token::kRebelYell,
                                                                chaos::Token::kRebelYell,
                                                                chaos::Token::kWeightOfNumbers});
}

TEST_CASE("a marker's rate: its ground, a commander near it, a landmark ahead",
          "[chaos][movement]") {
  auto t = ground();
  // On the road, heading south, away from both landmarks: 1D6 + 6.
  FixedDice d({4});
  auto road = chaos::marker_rate(d, t, card({1000, 2000}), {{1000, 2000}, {1000, 1500}}, {}, "m");
  CHECK(road.going == chaos::Going::kRoad);
  CHECK(road.distance == 1000);
  // The path runs up the road toward the crossroads: +1D6.
  FixedDice d2({4, 5});
  auto ahead = chaos::marker_rate(d2, t, card({1000, 2000}), {{1000, 2000}, {1000, 5000}}, {}, "m");
  CHECK(ahead.landmark == "crossroads");
  CHECK(ahead.distance == 1500);
  CHECK(ahead.rolls == std::vector<int>{4, 5});
  // Clear ground, a player commander within 6": 1D6 + 3 + 3.
  FixedDice d3({2});
  auto near = chaos::marker_rate(d3, t, card({5000, 2000}), {{5000, 2000}, {6000, 2000}},
                                 {team({5000, 2700})}, "m");
  CHECK(near.going == chaos::Going::kClear);
  CHECK(near.near_commander);
  CHECK(near.distance == 800);
  // 6.01" away is not near.
  FixedDice d4({2});
  CHECK_FALSE(chaos::marker_rate(d4, t, card({5000, 2000}), {{5000, 2000}, {6000, 2000}},
                                 {team({5000, 2801})}, "m")
                  .near_commander);
  // Wholly in the wood: 1D6 + 1.
  FixedDice d5({6});
  auto forest =
      chaos::marker_rate(d5, t, card({3000, 2500}), {{3000, 2500}, {3000, 2000}}, {}, "m");
  CHECK(forest.going == chaos::Going::kForest);
  CHECK(forest.distance == 700);
}

TEST_CASE("a deployed brigade's rate: its worst ground, cavalry's second die",
          "[chaos][movement]") {
  auto t = ground();
  // Infantry, one regiment touching the wood's edge (x 1600..2000): forest
  // 1D6 + 1, though the other is on the road.
  FixedDice d({3});
  auto slow = chaos::brigade_rate(
      d, t,
      {line_of({1800, 2000}, chaos::Arm::kInfantry), line_of({1000, 2000}, chaos::Arm::kInfantry)},
      team({1300, 1800}), {{1300, 1800}, {1300, 1700}}, {}, false, "b");
  CHECK(slow.going == chaos::Going::kForest);
  CHECK(slow.distance == 400);
  // A hundredth clear of the wood: clear ground, 1D6 + 3.
  FixedDice d2({3});
  auto clear = chaos::brigade_rate(
      d2, t,
      {line_of({1799, 2000}, chaos::Arm::kInfantry), line_of({1000, 2000}, chaos::Arm::kInfantry)},
      team({1300, 1800}), {{1300, 1800}, {1300, 1700}}, {}, false, "b");
  CHECK(clear.going == chaos::Going::kClear);
  CHECK(clear.distance == 600);
  // Cavalry on the road: 1D6 + 6 + 1D6.
  FixedDice c({3, 5});
  auto fast = chaos::brigade_rate(
      c, t,
      {line_of({1000, 500}, chaos::Arm::kCavalry), line_of({1000, 700}, chaos::Arm::kCavalry)},
      team({1300, 400}), {{1300, 400}, {1500, 400}}, {}, true, "b");
  CHECK(fast.going == chaos::Going::kRoad);
  CHECK(fast.distance == 1400);
  CHECK(fast.rolls == std::vector<int>{3, 5});
  // The longest a move may be on each ground, before any die.
  CHECK(chaos::longest_rate(chaos::Going::kRoad, false) == 2100);
  CHECK(chaos::longest_rate(chaos::Going::kForest, false) == 1600);
  CHECK(chaos::longest_rate(chaos::Going::kClear, true) == 2400);
}

TEST_CASE("a landmark is ahead only when every leg heads straight for it", "[chaos][movement]") {
  auto t = ground();
  CHECK(chaos::landmark_ahead(t, {{1000, 2000}, {1000, 3000}, {1000, 4000}}) == "crossroads");
  // A dog-leg east first: not directly toward anything.
  CHECK_FALSE(chaos::landmark_ahead(t, {{1000, 2000}, {2000, 2000}, {1000, 4000}}));
  // Toward the knob (the second landmark).
  CHECK(chaos::landmark_ahead(t, {{5000, 2000}, {5000, 4000}}) == "knob");
  CHECK_FALSE(chaos::landmark_ahead(t, {{5000, 2000}}));
}
