#include "rules/chaos/bearing.h"

#include <array>

namespace adjutant::rules::chaos {

namespace {

// Generated once by tools/chaos/sine_table.py: round(sin(d degrees) * 65536).
constexpr std::array<std::int32_t, 91> kSine = {
    0,     1144,  2287,  3430,  4572,  5712,  6850,  7987,  9121,  10252, 11380, 12505, 13626,
    14742, 15855, 16962, 18064, 19161, 20252, 21336, 22415, 23486, 24550, 25607, 26656, 27697,
    28729, 29753, 30767, 31772, 32768, 33754, 34729, 35693, 36647, 37590, 38521, 39441, 40348,
    41243, 42126, 42995, 43852, 44695, 45525, 46341, 47143, 47930, 48703, 49461, 50203, 50931,
    51643, 52339, 53020, 53684, 54332, 54963, 55578, 56175, 56756, 57319, 57865, 58393, 58903,
    59396, 59870, 60326, 60764, 61183, 61584, 61966, 62328, 62672, 62997, 63303, 63589, 63856,
    64104, 64332, 64540, 64729, 64898, 65048, 65177, 65287, 65376, 65446, 65496, 65526, 65536};

}  // namespace

int normal_bearing(long long degrees) {
  long long d = degrees % 360;
  return static_cast<int>(d < 0 ? d + 360 : d);
}

// The quarter-wave table serves the whole circle: sin(180 - d) = sin d,
// sin(180 + d) = -sin d.
std::int32_t sine(long long degrees) {
  int d = normal_bearing(degrees);
  if (d <= 90) return kSine[d];
  if (d <= 180) return kSine[180 - d];
  if (d <= 270) return -kSine[d - 180];
  return -kSine[360 - d];
}

std::int32_t cosine(long long degrees) {
  return sine(static_cast<long long>(degrees) + 90);
}

// forward = (sin b, cos b); right = (cos b, -sin b).
Point turn(Coord right, Coord forward, long long bearing, Coord divisor) {
  // A right angle turns by sines of 0 and 1: the same roundings of the
  // same fractions as through the table, without its scale.
  if (int b = normal_bearing(bearing); b % 90 == 0) {
    Coord s = b == 90 ? 1 : b == 270 ? -1 : 0, c = b == 0 ? 1 : b == 180 ? -1 : 0;
    return {div_round(Wide(right) * c + Wide(forward) * s, divisor),
            div_round(Wide(forward) * c - Wide(right) * s, divisor)};
  }
  Wide s = sine(bearing), c = cosine(bearing);
  Wide x = Wide(right) * c + Wide(forward) * s;
  Wide y = Wide(forward) * c - Wide(right) * s;
  return {div_round(x, Wide(kTrigScale) * divisor), div_round(y, Wide(kTrigScale) * divisor)};
}

}  // namespace adjutant::rules::chaos
