// Moving a body straight toward or away from a point until a condition
// holds, step by quarter inch: a new fight, a Bend, a withdrawal
// (docs/rules/chaos.md).
#include <catch2/catch.hpp>

#include "rules/chaos/shift.h"

namespace chaos = adjutant::rules::chaos;
using chaos::Body;
using chaos::Point;

namespace {

Body regiment_at(Point p) {
  return Body{p, 0, 4, chaos::default_base(chaos::Arm::kInfantry)};
}

}  // namespace

TEST_CASE("a regiment starting a fight stops at the first step less than 4\" from the enemy",
          "[chaos][shift]") {
  // fight.initiate: 10" apart (front to front), moving north toward the enemy.
  Body u = regiment_at({1000, 1000});
  auto enemy = chaos::outline(regiment_at({1000, 2076}));
  auto s = chaos::shift_until(u, {1000, 2076}, false, 2000, [&](const Body& b) {
    return chaos::closer_than(chaos::outline(b), enemy, 4 * chaos::kInch);
  });
  CHECK(s.done);
  CHECK(s.moved == 625);  // 25 steps: 10" - 6.25" = 3.75"
  CHECK(s.body.centre == Point{1000, 1625});
  CHECK(chaos::distance_floor(chaos::outline(s.body), enemy) == 375);
  CHECK(s.body.bearing == 0);
}

TEST_CASE("a regiment that bends goes back until 5\" from the enemy", "[chaos][shift]") {
  // fight.test, Bend: 3" apart, back to 5".
  Body u = regiment_at({1000, 1000});
  auto enemy = chaos::outline(regiment_at({1000, 1376}));
  auto s = chaos::shift_until(u, {1000, 1376}, true, 800, [&](const Body& b) {
    return !chaos::closer_than(chaos::outline(b), enemy, 5 * chaos::kInch);
  });
  CHECK(s.done);
  CHECK(s.moved == 200);
  CHECK(s.body.centre == Point{1000, 800});
  // Already there: no step at all.
  auto none = chaos::shift_until(s.body, {1000, 1376}, true, 800, [&](const Body& b) {
    return !chaos::closer_than(chaos::outline(b), enemy, 5 * chaos::kInch);
  });
  CHECK(none.done);
  CHECK(none.moved == 0);
}

TEST_CASE("a shift stops at its limit, and never passes the point it moves toward",
          "[chaos][shift]") {
  Body u = regiment_at({0, 0});
  auto never = [](const Body&) { return false; };
  auto limited = chaos::shift_until(u, {3000, 4000}, false, 100, never);
  CHECK_FALSE(limited.done);
  CHECK(limited.moved == 100);
  CHECK(limited.body.centre == Point{60, 80});
  auto short_of = chaos::shift_until(u, {0, 60}, false, 1000, never);
  CHECK_FALSE(short_of.done);
  CHECK(short_of.body.centre == Point{0, 60});
  CHECK(short_of.moved == 60);
  // Away along a diagonal: a quarter inch a step, rounded from the start.
  auto away = chaos::shift_until(u, {300, 400}, true, 50, never);
  CHECK(away.body.centre == Point{-30, -40});
  CHECK(chaos::shift_until(u, {0, 0}, false, 100, never).moved == 0);
}
