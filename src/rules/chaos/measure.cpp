#include "rules/chaos/measure.h"

namespace adjutant::rules::chaos {

bool in_limits(Point p) {
  return p.x >= -kMaxCoord && p.x <= kMaxCoord && p.y >= -kMaxCoord && p.y <= kMaxCoord;
}

std::uint64_t isqrt(unsigned __int128 n) {
  if (n == 0) return 0;
  // Newton's method from above: x_{k+1} = (x_k + n / x_k) / 2 decreases to
  // floor(sqrt(n)) and stops there.
  unsigned __int128 x = n;
  int bits = 0;
  for (unsigned __int128 t = n; t > 0; t >>= 1) ++bits;
  x = static_cast<unsigned __int128>(1) << ((bits + 1) / 2);  // >= sqrt(n)
  for (;;) {
    unsigned __int128 y = (x + n / x) / 2;
    if (y >= x) break;
    x = y;
  }
  return static_cast<std::uint64_t>(x);
}

std::uint64_t isqrt_ceil(unsigned __int128 n) {
  std::uint64_t r = isqrt(n);
  return static_cast<unsigned __int128>(r) * r == n ? r : r + 1;
}

Coord div_round(Wide n, Wide d) {
  // The same sums in 64 bits when they fit (2|n| + d < 2^63): 128-bit
  // division is a library call, and this one is in every turned corner.
  constexpr Wide kFits = Wide{1} << 61;
  if (n > -kFits && n < kFits && d < kFits) {
    auto n64 = static_cast<std::int64_t>(n), d64 = static_cast<std::int64_t>(d);
    if (n64 >= 0) return static_cast<Coord>((2 * n64 + d64) / (2 * d64));
    return -static_cast<Coord>((-2 * n64 + d64) / (2 * d64));
  }
  if (n >= 0) return static_cast<Coord>((2 * n + d) / (2 * d));
  return -static_cast<Coord>((-2 * n + d) / (2 * d));
}

std::string inches(Coord hundredths) {
  bool negative = hundredths < 0;
  std::uint64_t v =
      negative ? static_cast<std::uint64_t>(-hundredths) : static_cast<std::uint64_t>(hundredths);
  std::string frac = std::to_string(v % 100);
  if (frac.size() < 2) frac = "0" + frac;
  return (negative ? "-" : "") + std::to_string(v / 100) + "." + frac;
}

std::string format_point(Point p) {
  return "(" + inches(p.x) + ", " + inches(p.y) + ")";
}

}  // namespace adjutant::rules::chaos
