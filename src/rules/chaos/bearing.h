// Facings in whole degrees, clockwise from north (0 faces north, 90 east),
// turned through a fixed-point sine table: no floating point anywhere.
#pragma once

#include <cstdint>

#include "rules/chaos/measure.h"

namespace adjutant::rules::chaos {

// sin and cos are scaled by 2^16: kTrigScale stands for 1.
inline constexpr std::int64_t kTrigScale = 65536;

// 0..359 for any whole number of degrees (-90 -> 270, 365 -> 5).
int normal_bearing(long long degrees);

// round(sin(d) * 2^16) and round(cos(d) * 2^16), from the committed table.
std::int32_t sine(long long degrees);
std::int32_t cosine(long long degrees);

// A vector given in a body's own frame (`right` along its front, `forward`
// the way it faces) turned to table coordinates for a body facing `bearing`,
// each coordinate divided by `divisor` and rounded once to the nearest
// hundredth (halves away from zero).
Point turn(Coord right, Coord forward, long long bearing, Coord divisor = 1);

}  // namespace adjutant::rules::chaos
