// Movement along waypoints in small synchronized steps: every mover of a
// simultaneous movement advances the same distance per step, so the first
// step at which a CHECK arises is well defined (Unengaged Movement).
#pragma once

#include <vector>

#include "rules/chaos/measure.h"

namespace adjutant::rules::chaos {

// The length of one step of simultaneous movement: a quarter inch.
inline constexpr Coord kMarchStep = 25;

// A body's centre moving along a polyline of waypoints (the first is where
// it starts). Each leg's length is rounded up to the hundredth, so a path
// never measures shorter than it is; positions along a leg are rounded to
// the nearest hundredth, and each waypoint is reached exactly.
class March {
 public:
  explicit March(std::vector<Point> waypoints);

  Point position() const { return position_; }
  // Hundredths travelled so far, and the whole path's length.
  Coord travelled() const { return travelled_; }
  Coord length() const { return length_; }
  bool done() const { return travelled_ >= length_; }

  // Moves on by up to `distance` hundredths (less at the path's end); returns
  // the distance actually moved.
  Coord step(Coord distance);

  // What is left of the path: the present position, then the waypoints not
  // yet reached (to resume a movement halted for a CHECK).
  std::vector<Point> remaining() const;

 private:
  std::vector<Point> points_;
  std::vector<Coord> legs_;
  std::size_t leg_ = 0;
  Coord along_ = 0;  // along the current leg
  Coord travelled_ = 0;
  Coord length_ = 0;
  Point position_;
};

// The number of steps of `step` hundredths a path of `length` needs.
Coord steps_for(Coord length, Coord step = kMarchStep);

}  // namespace adjutant::rules::chaos
