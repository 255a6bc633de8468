// The default formation of a brigade (docs/rules/chaos.md "Conventions"):
// lines of at most three, 1/4" apart, the first 2" ahead of the commander;
// whatever the facing, no two bases overlap and every regiment is within
// 4" of its commander, as Deployment asks.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "support/chaos_fixture.h"

#include "rules/chaos/formation.h"
#include "util/files.h"

namespace chaos = adjutant::rules::chaos;
using chaos::Point;

TEST_CASE("the default formation: three abreast, batteries after, 2\" ahead of the commander",
          "[chaos][formation]") {
  auto s = adjutant::testing::chaos_meeting_scenario();
  const auto* gamble = s.brigade("gamble");
  REQUIRE(gamble);
  auto slots = chaos::default_formation(s, *gamble, {3000, 1900}, 0);
  REQUIRE(slots.size() == 4);
  // Three 4" cavalry regiments 1/4" apart: centres 4.25" apart, the line's
  // front 2" ahead (y 2100), so centres 3/4" behind it.
  CHECK(slots[0].regiment == "8il-cav");
  CHECK(slots[0].body.centre == Point{2575, 2025});
  CHECK(slots[1].body.centre == Point{3000, 2025});
  CHECK(slots[2].body.centre == Point{3425, 2025});
  // The battery leads the second line, 1" behind the first line's rear.
  CHECK(slots[3].regiment == "2us-a");
  CHECK(slots[3].body.centre == Point{3000, 1775});
  CHECK(slots[3].body.stands == 2);
  // Only the regiments still present.
  auto two = chaos::default_formation(s, *gamble, {3000, 1900}, 0, {"3in-cav", "8il-cav"});
  REQUIRE(two.size() == 2);
  CHECK(two[0].regiment == "8il-cav");
  CHECK(two[1].regiment == "3in-cav");
  CHECK(two[0].body.centre == Point{2787, 2025});  // 4.25" apart about the centre line
}

TEST_CASE("the default formation keeps every regiment within 4\" and no bases overlapping",
          "[chaos][formation]") {
  auto s = adjutant::testing::chaos_meeting_scenario();
  Point at{3000, 5000};
  auto commander = chaos::outline(chaos::Body{at, 0, 1, s.bases.at(chaos::Arm::kCommander)});
  for (const char* id : {"gamble", "meredith", "stone", "cutler", "archer", "davis"})
    for (int bearing : {0, 30, 90, 135, 225, 359}) {
      INFO(id << " facing " << bearing);
      const auto* b = s.brigade(id);
      REQUIRE(b);
      auto slots = chaos::default_formation(s, *b, at, bearing);
      REQUIRE(slots.size() == b->regiments.size());
      for (std::size_t i = 0; i < slots.size(); ++i) {
        auto o = chaos::outline(slots[i].body);
        CHECK(chaos::within(commander, o, 4 * chaos::kInch));
        CHECK(slots[i].body.bearing == bearing);
        for (std::size_t j = i + 1; j < slots.size(); ++j)
          CHECK_FALSE(
              chaos::convex_overlap(o, chaos::outline(slots[j].body), chaos::kOverlapTolerance));
      }
    }
}
