#include "rules/chaos/shift.h"

#include <algorithm>

#include "rules/chaos/march.h"

namespace adjutant::rules::chaos {

// The path is one straight leg from the body's centre, `limit` long (toward
// the point: no farther than the point), so positions come from March and
// are rounded from the start each step, never accumulating error.
Shift shift_until(const Body& body, Point point, bool away, Coord limit,
                  const std::function<bool(const Body&)>& done) {
  Shift out{body, 0, done(body)};
  Point d = away ? body.centre - point : point - body.centre;
  Coord len = static_cast<Coord>(isqrt_ceil(static_cast<unsigned __int128>(squared(d))));
  if (out.done || len == 0 || limit <= 0) return out;
  Coord reach = away ? limit : std::min(limit, len);
  Point end{body.centre.x + div_round(Wide(d.x) * reach, len),
            body.centre.y + div_round(Wide(d.y) * reach, len)};
  March m({body.centre, end});
  while (!m.done()) {
    out.moved += m.step(kMarchStep);
    out.body.centre = m.position();
    if (done(out.body)) {
      out.done = true;
      break;
    }
  }
  return out;
}

}  // namespace adjutant::rules::chaos
