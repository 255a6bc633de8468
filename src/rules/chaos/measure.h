// Measures on the Chaos of Battle table, in integers only: a length or a
// coordinate is a whole number of hundredths of an inch, x across the table
// (west to east) and y along it (south to north). docs/rules/chaos.md
// ("Table geometry") states the limits that keep every product exact.
#pragma once

#include <cstdint>
#include <string>

namespace adjutant::rules::chaos {

// Hundredths of an inch.
using Coord = std::int64_t;
// Products of two products (squared cross products) need 128 bits.
using Wide = __int128;

inline constexpr Coord kInch = 100;
// Every point handled lies within +-2^20 hundredths (about 10,485 inches) on
// each axis: differences stay within 2^21, squared lengths and cross
// products within 2^43 (int64), squared cross products within 2^86 (Wide).
inline constexpr Coord kMaxCoord = Coord{1} << 20;

struct Point {
  Coord x = 0;
  Coord y = 0;
  auto operator<=>(const Point&) const = default;
};

inline Point operator+(Point a, Point b) {
  return {a.x + b.x, a.y + b.y};
}
inline Point operator-(Point a, Point b) {
  return {a.x - b.x, a.y - b.y};
}

// True when both coordinates are within +-kMaxCoord.
bool in_limits(Point p);

inline Coord dot(Point a, Point b) {
  return a.x * b.x + a.y * b.y;
}
// z of (a x b): positive when b turns counter-clockwise from a.
inline Coord cross(Point a, Point b) {
  return a.x * b.y - a.y * b.x;
}
inline Coord squared(Point v) {
  return dot(v, v);
}

// floor(sqrt(n)) and ceil(sqrt(n)), exact for every n >= 0.
std::uint64_t isqrt(unsigned __int128 n);
std::uint64_t isqrt_ceil(unsigned __int128 n);

// n / d rounded to the nearest integer, halves away from zero (d > 0).
Coord div_round(Wide n, Wide d);

// "12.50" (inches, two decimals), "-0.25".
std::string inches(Coord hundredths);
// "(12.50, 4.00)".
std::string format_point(Point p);

}  // namespace adjutant::rules::chaos
