#include "hex/los.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <set>

namespace adjutant::hex {

namespace {

// A point of the line as the fraction t = num / den of the way from a to b (den > 0).
struct Fraction {
  std::int64_t num = 0;
  std::int64_t den = 1;
};

bool less(Fraction p, Fraction q) {
  return p.num * q.den < q.num * p.den;
}

std::int64_t floor_div(std::int64_t v, std::int64_t d) {
  std::int64_t q = v / d;
  if (v % d != 0 && v < 0) --q;
  return q;
}

enum class Kind { kNone, kInside, kAlongSide };

struct Crossing {
  Kind kind = Kind::kNone;
  Fraction from;
  Fraction to;
};

// A hex is the set of points whose cube offsets from its centre satisfy
// |dx - dy| <= 1, |dy - dz| <= 1 and |dz - dx| <= 1 (strictly, inside). Along the line
// p(t) = a + t (b - a), each pair gives an interval of t; their intersection with
// [0, 1] is where the line is in the hex. A pair whose difference does not change along
// the line and sits exactly at 1 means the line lies on that hexside's edge.
Crossing cross(Cube a, Cube b, Cube c) {
  const std::int64_t e[3] = {a.x - c.x, a.y - c.y, a.z - c.z};
  const std::int64_t d[3] = {b.x - a.x, b.y - a.y, b.z - a.z};
  Crossing out{Kind::kInside, {0, 1}, {1, 1}};
  for (int i = 0; i < 3; ++i) {
    int j = (i + 1) % 3;
    std::int64_t offset = e[i] - e[j];
    std::int64_t rate = d[i] - d[j];
    if (rate == 0) {
      if (std::abs(offset) > 1) return {};
      if (std::abs(offset) == 1) out.kind = Kind::kAlongSide;
      continue;
    }
    // offset + t * rate runs from -1 to +1 over [lower, upper].
    Fraction lower = rate > 0 ? Fraction{-1 - offset, rate} : Fraction{offset - 1, -rate};
    Fraction upper = rate > 0 ? Fraction{1 - offset, rate} : Fraction{offset + 1, -rate};
    if (less(out.from, lower)) out.from = lower;
    if (less(upper, out.to)) out.to = upper;
  }
  if (!less(out.from, out.to)) return {};
  return out;
}

// The hex nearest to the point a + (i / n)(b - a), by integer cube rounding; ties may
// go either way, which is harmless because only its neighbourhood is used.
Cube nearest(Cube a, Cube b, int i, int n) {
  const std::int64_t v[3] = {std::int64_t{a.x} * n + std::int64_t{b.x - a.x} * i,
                             std::int64_t{a.y} * n + std::int64_t{b.y - a.y} * i,
                             std::int64_t{a.z} * n + std::int64_t{b.z - a.z} * i};
  std::int64_t r[3];
  std::int64_t err[3];
  for (int k = 0; k < 3; ++k) {
    r[k] = floor_div(2 * v[k] + n, 2 * std::int64_t{n});
    err[k] = std::abs(r[k] * n - v[k]);
  }
  if (err[0] > err[1] && err[0] > err[2]) {
    r[0] = -r[1] - r[2];
  } else if (err[1] > err[2]) {
    r[1] = -r[0] - r[2];
  } else {
    r[2] = -r[0] - r[1];
  }
  return {int(r[0]), int(r[1]), int(r[2])};
}

struct Entry {
  Fraction from;
  Hex hex;
  Kind kind;
};

}  // namespace

// Exact where sampling is not: a straight edge nearly parallel to a column zigzags
// across the boundary with the next column, and a line can cross a hexside at its
// midpoint; rule 8.71 counts every hex the line crosses, so each candidate hex is
// tested exactly. Every point of the line lies in a hex within one hex of the nearest
// hex to one of the distance + 1 evenly spaced points, so those are the candidates.
std::vector<LosStep> line(Hex a, Hex b) {
  const int n = distance(a, b);
  if (n == 0) return {LosStep{a, std::nullopt}};
  const Cube ca = to_cube(a);
  const Cube cb = to_cube(b);

  std::set<Hex> candidates;
  for (int i = 0; i <= n; ++i) {
    for (Hex h : within(from_cube(nearest(ca, cb, i, n)), 1)) candidates.insert(h);
  }

  std::vector<Entry> entries;
  for (Hex h : candidates) {
    Crossing c = cross(ca, cb, to_cube(h));
    if (c.kind != Kind::kNone) entries.push_back({c.from, h, c.kind});
  }
  // Insides of different hexes never overlap, so the start of each stretch orders them;
  // the two hexes beside a hexside share one stretch and sort by number.
  std::sort(entries.begin(), entries.end(), [](const Entry& p, const Entry& q) {
    if (less(p.from, q.from)) return true;
    if (less(q.from, p.from)) return false;
    return p.hex < q.hex;
  });

  std::vector<LosStep> steps;
  for (size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    if (e.kind == Kind::kAlongSide && i + 1 < entries.size() &&
        entries[i + 1].kind == Kind::kAlongSide && !less(e.from, entries[i + 1].from)) {
      steps.push_back({e.hex, entries[i + 1].hex});
      ++i;
    } else {
      steps.push_back({e.hex, std::nullopt});
    }
  }
  return steps;
}

std::optional<LosStep> blocking_step(Hex a, Hex b, const std::function<bool(Hex)>& blocks) {
  std::vector<LosStep> steps = line(a, b);
  for (size_t i = 1; i + 1 < steps.size(); ++i) {
    const LosStep& s = steps[i];
    bool blocked = s.other ? blocks(s.hex) && blocks(*s.other) : blocks(s.hex);
    if (blocked) return s;
  }
  return std::nullopt;
}

bool line_of_sight(Hex a, Hex b, const std::function<bool(Hex)>& blocks) {
  return !blocking_step(a, b, blocks).has_value();
}

}  // namespace adjutant::hex
