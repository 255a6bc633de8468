// Chaos of Battle's small dice procedures over fixed dice, and who is
// fighting whom: each case cites the text's section (docs/rules/chaos.md).
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ledger/dice.h"
#include "rules/chaos/fights.h"
#include "rules/chaos/rolls.h"
#include "rules/chaos/stands.h"

namespace chaos = adjutant::rules::chaos;
using adjutant::ledger::FixedDice;

namespace {

// A 4-stand infantry regiment facing north, centred on (x, y).
chaos::Fighter foot(const std::string& id, const std::string& side, chaos::Coord x,
                    chaos::Coord y) {
  return {id, side,
          chaos::outline(chaos::Body{{x, y}, 0, 4, chaos::default_base(chaos::Arm::kInfantry)})};
}

}  // namespace

TEST_CASE("initiative: the high die goes first, a tie rolls again", "[chaos][rolls]") {
  FixedDice d({5, 2});
  auto a = chaos::dice_off(d, "union", "confederate", "initiative");
  CHECK(a.winner == "union");
  FixedDice tie({3, 3, 1, 6});
  auto b = chaos::dice_off(tie, "union", "confederate", "initiative");
  CHECK(b.winner == "confederate");
  CHECK(b.rounds == std::vector<std::pair<int, int>>{{3, 3}, {1, 6}});
  CHECK(tie.rolls().size() == 4);
}

TEST_CASE("a Chaos of Battle roll keeps the preferred marker at the commander's rating",
          "[chaos][rolls]") {
  // terms.chaos_roll, rating 4.
  FixedDice d({4, 3, 3, 2});
  auto kept = chaos::chaos_roll(d, 4, false, "chaos");
  CHECK(kept.preferred);
  CHECK_FALSE(kept.bonus_used);
  CHECK_FALSE(chaos::chaos_roll(d, 4, false, "chaos").preferred);  // 3: OTHER
  // +1 within 6" of the player commander, taken after the roll: 3 becomes 4.
  auto helped = chaos::chaos_roll(d, 4, true, "chaos");
  CHECK(helped.preferred);
  CHECK(helped.bonus_used);
  // Not enough even with the +1.
  auto short_ = chaos::chaos_roll(d, 4, true, "chaos");
  CHECK_FALSE(short_.preferred);
  CHECK_FALSE(short_.bonus_used);
  // Not taken where it changes nothing.
  FixedDice six({6});
  CHECK_FALSE(chaos::chaos_roll(six, 4, true, "chaos").bonus_used);
}

TEST_CASE("artillery fire: a D6 per gun, 3-6 in the open, cover raises it, 1s hurt the guns",
          "[chaos][rolls]") {
  // engagement.artillery
  CHECK(chaos::artillery_needs(false, false, false) == 3);
  CHECK(chaos::artillery_needs(true, false, false) == 4);
  CHECK(chaos::artillery_needs(true, true, true) == 6);
  FixedDice d({3, 1});
  auto open = chaos::fire_volley(d, 2, 3, "fire");
  CHECK(open.hits == 1);
  CHECK(open.self_stress == 1);
  CHECK(open.rolls == std::vector<int>{3, 1});
  FixedDice w({3, 4, 1});
  auto woods = chaos::fire_volley(w, 3, chaos::artillery_needs(true, false, false), "fire");
  CHECK(woods.hits == 1);
  CHECK(woods.self_stress == 1);
}

TEST_CASE("resolving a fight: 4-6 is a stress, less on high ground or in cover, more in contact",
          "[chaos][rolls]") {
  // fight.resolve
  CHECK(chaos::resolve_stress(4, false, false, false, false, false) == 1);
  CHECK(chaos::resolve_stress(3, false, false, false, false, false) == 0);
  CHECK(chaos::resolve_stress(4, true, false, false, false, false) == 0);
  CHECK(chaos::resolve_stress(5, true, true, false, false, false) == 0);
  CHECK(chaos::resolve_stress(6, true, true, false, false, false) == 1);
  // Woods and breastworks together are one -1.
  CHECK(chaos::resolve_stress(5, false, true, true, false, false) == 1);
  // Mounted cavalry cannot claim breastworks.
  CHECK(chaos::resolve_stress(4, false, false, true, false, false) == 0);
  CHECK(chaos::resolve_stress(4, false, false, true, true, false) == 1);
  // In contact: one stress besides the die.
  CHECK(chaos::resolve_stress(1, false, false, false, false, true) == 1);
  CHECK(chaos::resolve_stress(6, false, false, false, false, true) == 2);
  CHECK(chaos::battery_self_stress(1, false));
  CHECK_FALSE(chaos::battery_self_stress(2, false));
  CHECK(chaos::battery_self_stress(2, true));
  CHECK_FALSE(chaos::battery_self_stress(3, true));
}

TEST_CASE("resting: certain when deployed or revealed, else 4-6; wagons add to it",
          "[chaos][rolls]") {
  FixedDice none({});
  auto day = chaos::unengaged_rest(none, chaos::TurnType::kDay, true, "rest");
  CHECK(day.regiments == 1);
  CHECK(day.brigade == 1);
  CHECK(day.roll == 0);
  auto night = chaos::unengaged_rest(none, chaos::TurnType::kLateNight, true, "rest");
  CHECK(night.regiments == 2);
  CHECK(night.brigade == 2);
  FixedDice d({3, 4});
  auto failed = chaos::unengaged_rest(d, chaos::TurnType::kEarlyNight, false, "rest");
  CHECK(failed.regiments == 0);
  CHECK(failed.brigade == 2);
  CHECK(failed.roll == 3);
  CHECK(chaos::unengaged_rest(d, chaos::TurnType::kDawn, false, "rest").regiments == 1);
  // supply: +1 for a regiment, 1D3 for a battery.
  FixedDice d3({3});
  CHECK(chaos::wagon_relief(none, chaos::Arm::kInfantry, "wagon") == 1);
  CHECK(chaos::wagon_relief(none, chaos::Arm::kCavalry, "wagon") == 1);
  CHECK(chaos::wagon_relief(d3, chaos::Arm::kArtillery, "wagon") == 3);
  REQUIRE(d3.rolls().size() == 1);
  CHECK(d3.rolls()[0].n == 3);
}

TEST_CASE("fighting is less than 4\" from an enemy; fights join within 4\"", "[chaos][fights]") {
  // Bases 3/4" deep (rounded to 76 hundredths), 4" wide: centres 376 apart
  // north-south leave a 3" gap, 476 apart exactly 4".
  std::vector<chaos::Fighter> line = {
      foot("u1", "union", 2000, 1000),        // fights c1, 3" apart
      foot("c1", "confederate", 2000, 1376),  //
      foot("u2", "union", 3000, 1000),        // 6" from c1
      foot("c9", "confederate", 3000, 1476),  // exactly 4" from u2: neither is fighting
      foot("u3", "union", 6000, 1000),        // another fight far away
      foot("c3", "confederate", 6000, 1300),
  };
  CHECK(chaos::fighting(line) == std::vector<std::string>{"c1", "c3", "u1", "u3"});
  CHECK(chaos::group_fights(line) ==
        std::vector<std::vector<std::string>>{{"c1", "u1"}, {"c3", "u3"}});
  // A pair fighting south-west of u1: u4 is 3.07" from u1 (same side) and
  // 6.35" from c1, so the two fights are one only because u1 and u4 are
  // within 4" of one another.
  line.push_back(foot("u4", "union", 1390, 700));
  line.push_back(foot("c4", "confederate", 1390, 324));
  auto fights = chaos::group_fights(line);
  REQUIRE(fights.size() == 2);
  CHECK(fights[0] == std::vector<std::string>{"c1", "c4", "u1", "u4"});
  CHECK(fights[1] == std::vector<std::string>{"c3", "u3"});
  // Moved 2" further west, u4 is more than 4" from u1: three fights.
  line[6] = foot("u4", "union", 1190, 700);
  line[7] = foot("c4", "confederate", 1190, 324);
  CHECK(chaos::group_fights(line).size() == 3);
  // In contact when the bases touch.
  CHECK(chaos::in_contact(foot("a", "union", 0, 0), foot("b", "confederate", 0, 76)));
  CHECK_FALSE(chaos::in_contact(foot("a", "union", 0, 0), foot("b", "confederate", 0, 77)));
}
