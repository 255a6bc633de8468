// Moving a body straight toward or away from a point until a condition
// holds, in the quarter-inch steps of simultaneous movement: how the text's
// "move ... until it is within 4" of the closest enemy regiment" (a new
// fight), "withdraw ... to engagement range" (Bend, a lost fight) and "move
// Brigade commander so that it is 10" back" are carried out (docs/rules/
// chaos.md: the first step at which the condition holds).
#pragma once

#include <functional>

#include "rules/chaos/stands.h"

namespace adjutant::rules::chaos {

struct Shift {
  Body body;          // where it ends
  Coord moved = 0;    // hundredths travelled
  bool done = false;  // the condition held (else the limit came first)
};

// Steps `body` straight toward `point` (or straight away from it) by
// kMarchStep at a time, at most `limit` in all, checking `done` before the
// first step and after each; the body keeps its facing. Toward a point, it
// never passes the point.
Shift shift_until(const Body& body, Point point, bool away, Coord limit,
                  const std::function<bool(const Body&)>& done);

}  // namespace adjutant::rules::chaos
