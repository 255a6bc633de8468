// Reading the resting orders: whether a brigade rests (rest,
// engagement.rest) and the markers that replace it (rest.remarker).
#include "rules/chaos/orders_check.h"

namespace adjutant::rules::chaos::orders_check {

// rest: false keeps a brigade from resting (rest, engagement.rest).
void Checker::read_rest(const std::string& id, const Json& v, Json& plan) {
  if (!v.is_boolean()) {
    fail("orders.wrong_type", id, "rest", "brigades." + id + ".rest must be true or false");
    return;
  }
  plan["rest"] = v.get<bool>();
  if (!v.get<bool>()) echo_.push_back(id + " does not rest");
}

void Checker::read_remarker(const std::string& id, const Json& v, bool deployed, bool engaged,
                            Json& plan) {
  if (!deployed) {
    fail("chaos.not_deployed", id, "rest.remarker", "brigade " + id + " is not deployed");
    return;
  }
  if (engaged) {
    fail("chaos.engaged", id, "rest.remarker",
         "brigade " + id + " is engaged: only an unengaged brigade is replaced by markers");
    return;
  }
  if (!v.is_array() || v.empty() || v.size() > 2) {
    fail("chaos.remarker", id, "rest.remarker", "brigade " + id + ": remarker gives 1 or 2 points");
    return;
  }
  std::vector<Point> pts;
  for (const auto& p : v) {
    if (!is_point(p)) {
      fail("orders.wrong_type", id, "rest.remarker",
           "brigades." + id + ".remarker: a point is [x, y]");
      return;
    }
    Point q = point_of(p);
    if (!base_on_table(sc_, sc_.marker_outline(q))) {
      fail("chaos.off_table", id, "scale",
           "brigade " + id + ": a marker at " + format_point(q) + " is off the table");
      return;
    }
    pts.push_back(q);
  }
  if (pts.front() != *st_.brigades.at(id).commander) {
    fail("chaos.remarker", id, "rest.remarker",
         "brigade " + id + ": the first marker is centred on the brigade commander, " +
             format_point(*st_.brigades.at(id).commander));
    return;
  }
  // "the other can be anywhere 4\" away from the first": at least 4"
  // ("N away", docs/rules/chaos.md Conventions) from version 4; versions 1
  // to 3 asked for more than 4".
  bool v4 = rd_.second_marker_at_least_four_away;
  if (pts.size() == 2 && closer_than(sc_.marker_outline(pts[0]), sc_.marker_outline(pts[1]),
                                     v4 ? kMarkerApart : kMarkerApart + 1)) {
    fail("chaos.remarker", id, "rest.remarker",
         "brigade " + id + ": the second marker must be " + (v4 ? "at least" : "more than") +
             " 4\" from the first");
    return;
  }
  for (Point q : pts)
    for (const auto& u : enemy_units(st_, sc_, side_))
      if (within(sc_.marker_outline(q), u.base, kMarkerEnemy)) {
        fail("chaos.remarker", id, "rest.remarker",
             "brigade " + id + ": a marker at " + format_point(q) +
                 " is within 12\" of an enemy unit");
        return;
      }
  Json out = Json::array();
  for (Point q : pts) out.push_back(json_of(q));
  plan["remarker"] = out;
  echo_.push_back(id + " is replaced by " + std::to_string(pts.size()) +
                  " marker(s) after resting");
}

}  // namespace adjutant::rules::chaos::orders_check
