// Reading the Chaos of Battle state: who is engaged (within 8" of an enemy
// unit), who fights, which wagons an enemy reaches, and the Chaos of Battle
// roll settling a brigade's two markers (docs/rules/chaos.md).
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "support/chaos_fixture.h"

#include "ledger/dice.h"
#include "rules/chaos/situation.h"
#include "support/error_id.h"
#include "util/files.h"

namespace chaos = adjutant::rules::chaos;
using adjutant::ledger::FixedDice;
using chaos::Point;

TEST_CASE("a deployed brigade is engaged within 8\" of an enemy unit, a marker included",
          "[chaos][situation]") {
  auto s = adjutant::testing::chaos_meeting_scenario();
  auto st = chaos::initial_state(s);
  CHECK(chaos::units_on_table(st, s).size() == 4 + 11);  // Gamble's four, eleven markers
  CHECK(chaos::engaged_brigades(st, s).empty());
  CHECK(chaos::fighters(st, s).size() == 4);
  CHECK(chaos::fighting(chaos::fighters(st, s)).empty());
  // Archer's first marker brought to exactly 8" from Gamble's battery (its
  // front at y 2375; the card's near edge at 3175).
  st.brigades.at("archer").markers[0] = {3000, 3325};
  CHECK(chaos::engaged_brigades(st, s) == std::set<std::string>{"gamble"});
  st.brigades.at("archer").markers[0] = {3000, 3326};
  CHECK(chaos::engaged_brigades(st, s).empty());
  // A removed regiment is off the table.
  st.regiments.at("2us-a").removed = true;
  st.regiments.at("2us-a").at.reset();
  CHECK(chaos::fighters(st, s).size() == 3);
}

TEST_CASE("a supply wagon is destroyed when an enemy unit comes within 4\"", "[chaos][situation]") {
  auto s = adjutant::testing::chaos_meeting_scenario();
  auto st = chaos::initial_state(s);
  CHECK(chaos::destroy_wagons(st, s).empty());
  // The 12th Illinois rides to 4" short of the Confederate wagons (y 10500).
  st.regiments.at("12il-cav").at = Point{3000, 10025};
  CHECK(chaos::destroy_wagons(st, s) == std::vector<std::string>{"confederate-train"});
  CHECK(st.wagons.at("confederate-train").destroyed);
  CHECK(chaos::destroy_wagons(st, s).empty());  // once
  auto st2 = chaos::initial_state(s);
  st2.regiments.at("12il-cav").at = Point{3000, 10024};
  CHECK(chaos::destroy_wagons(st2, s).empty());
  // A marker is no unit for this.
  st2.brigades.at("meredith").markers[0] = {3000, 10300};
  CHECK(chaos::destroy_wagons(st2, s).empty());
}

TEST_CASE("the Chaos of Battle roll keeps one of a brigade's two markers", "[chaos][situation]") {
  auto s = adjutant::testing::chaos_meeting_scenario();
  // Meredith (rating 3) prefers marker 2.
  auto st = chaos::initial_state(s);
  FixedDice three({3});
  auto kept = chaos::resolve_markers(st, s, "meredith", 2, three);
  CHECK(kept.preferred);
  CHECK(st.brigades.at("meredith").markers == std::vector<Point>{{4800, 1200}});
  st = chaos::initial_state(s);
  FixedDice two({2});
  CHECK_FALSE(chaos::resolve_markers(st, s, "meredith", 2, two).preferred);
  CHECK(st.brigades.at("meredith").markers == std::vector<Point>{{1200, 1500}});
  // Reynolds within 6" of the preferred marker: a 2 becomes a 3.
  st = chaos::initial_state(s);
  st.commanders.at("union-hq").at = {4800, 1900};
  FixedDice two_again({2});
  auto helped = chaos::resolve_markers(st, s, "meredith", 2, two_again);
  CHECK(helped.bonus_used);
  CHECK(st.brigades.at("meredith").markers == std::vector<Point>{{4800, 1200}});
  // A brigade with one marker has nothing to settle.
  FixedDice none({});
  CHECK(adjutant::testing::error_id([&] { chaos::resolve_markers(st, s, "stone", 1, none); }) ==
        "state.bad_status");
}

namespace {

// Every field of both lists, outlines point by point.
void same_units(const std::vector<chaos::UnitBase>& a, const std::vector<chaos::UnitBase>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].id == b[i].id);
    CHECK(a[i].brigade == b[i].brigade);
    CHECK(a[i].side == b[i].side);
    CHECK(a[i].marker == b[i].marker);
    CHECK(a[i].base.closed == b[i].base.closed);
    CHECK(a[i].base.points == b[i].base.points);
  }
}

}  // namespace

TEST_CASE("the kept table units are units_on_table whatever moves, turns, loses stands or leaves",
          "[chaos][situation]") {
  auto s = adjutant::testing::chaos_meeting_scenario();
  auto st = chaos::initial_state(s);
  chaos::TableUnits kept;
  same_units(kept.now(st, s), chaos::units_on_table(st, s));
  same_units(kept.now(st, s), chaos::units_on_table(st, s));  // asked again, unchanged
  st.regiments.at("12il-cav").at = Point{3000, 9000};
  same_units(kept.now(st, s), chaos::units_on_table(st, s));
  st.regiments.at("12il-cav").facing = 135;
  same_units(kept.now(st, s), chaos::units_on_table(st, s));
  st.regiments.at("2us-a").stands -= 1;
  same_units(kept.now(st, s), chaos::units_on_table(st, s));
  st.brigades.at("archer").markers[0] = {3000, 3325};
  same_units(kept.now(st, s), chaos::units_on_table(st, s));
  // A marker resolved (one left), a regiment removed: the list shortens.
  st.brigades.at("archer").markers.pop_back();
  same_units(kept.now(st, s), chaos::units_on_table(st, s));
  st.regiments.at("2us-a").removed = true;
  st.regiments.at("2us-a").at.reset();
  same_units(kept.now(st, s), chaos::units_on_table(st, s));
  // Back on the table: the list grows in the middle.
  st.regiments.at("2us-a").removed = false;
  st.regiments.at("2us-a").at = Point{2500, 2000};
  same_units(kept.now(st, s), chaos::units_on_table(st, s));
  // And it still finds the wagons as the state's own list does.
  st.regiments.at("12il-cav").at = Point{3000, 10025};
  auto st2 = st;
  CHECK(chaos::destroy_wagons(st, s, kept.now(st, s)) == chaos::destroy_wagons(st2, s));
}
