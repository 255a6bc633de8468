#include "rules/chaos/march.h"

#include <algorithm>

namespace adjutant::rules::chaos {

March::March(std::vector<Point> waypoints) : points_(std::move(waypoints)) {
  if (points_.empty()) points_.push_back(Point{});
  position_ = points_.front();
  for (std::size_t i = 0; i + 1 < points_.size(); ++i) {
    Coord leg = static_cast<Coord>(
        isqrt_ceil(static_cast<unsigned __int128>(squared(points_[i + 1] - points_[i]))));
    legs_.push_back(leg);
    length_ += leg;
  }
}

Coord March::step(Coord distance) {
  Coord moved = 0;
  while (distance > 0 && leg_ < legs_.size()) {
    Coord rest = legs_[leg_] - along_;
    Coord take = std::min(rest, distance);
    along_ += take;
    distance -= take;
    moved += take;
    Point a = points_[leg_], b = points_[leg_ + 1];
    if (along_ >= legs_[leg_]) {
      position_ = b;
      ++leg_;
      along_ = 0;
    } else {
      Point d = b - a;
      position_ = {a.x + div_round(Wide(d.x) * along_, legs_[leg_]),
                   a.y + div_round(Wide(d.y) * along_, legs_[leg_])};
    }
  }
  travelled_ += moved;
  return moved;
}

std::vector<Point> March::remaining() const {
  std::vector<Point> out{position_};
  for (std::size_t i = leg_ + 1; i < points_.size(); ++i)
    if (points_[i] != out.back()) out.push_back(points_[i]);
  return out;
}

Coord steps_for(Coord length, Coord step) {
  if (length <= 0) return 0;
  return (length + step - 1) / step;
}

}  // namespace adjutant::rules::chaos
