// CHECK! in unengaged movement (terms.check, move.check.marker_deployed,
// move.check.marker_marker, move.check.deployed_marker): which enemy a
// mover comes within 8" of, and the three circumstances resolved.
#include "rules/chaos/turn_run.h"

#include "rules/chaos/bearing.h"

namespace adjutant::rules::chaos::turn_run {

// The enemy brigade whose unit lies within 8" of the mover, the target
// first; "" when none. Every mover stands at its next place (`at_next`,
// its outlines there), the other units where they are (`units`).
std::string Turn::enemy_near(const Mover& m,
                             const std::map<std::string, std::vector<Outline>>& at_next,
                             const std::vector<Mover>& movers,
                             const std::vector<UnitBase>& units) const {
  const auto& mine = at_next.at(m.brigade);
  const auto around = bounds_of(mine);
  std::string found;
  auto consider = [&](const std::string& brigade, const Outline& base) {
    if (found == m.target && !found.empty()) return;
    if (beyond(around, base, kEngagementRange)) return;  // none of `mine` is within
    for (const auto& o : mine)
      if (within(o, base, kEngagementRange)) {
        if (found.empty() || brigade == m.target) found = brigade;
        return;
      }
  };
  std::set<std::string> moving;
  for (const auto& o : movers)
    if (o.side != m.side && at_next.count(o.brigade)) {
      moving.insert(o.brigade);
      for (const auto& base : at_next.at(o.brigade)) consider(o.brigade, base);
    }
  for (const auto& u : units) {
    if (u.side == m.side) continue;
    if (moving.count(u.brigade)) {
      // A moving marker brigade's other marker still stands.
      bool is_moving_marker = false;
      for (const auto& o : movers)
        if (o.brigade == u.brigade && o.marker && u.marker && inside(u.base, o.march.position()))
          is_moving_marker = true;
      if (is_moving_marker || !u.marker) continue;
    }
    consider(u.brigade, u.base);
  }
  return found;
}

// The centre of the target brigade's unit nearest `from`.
Point Turn::target_point(const std::string& target, Point from) const {
  Point best = from;
  Coord best_d = -1;
  for (const auto& u : units_on_table(st_, sc_)) {
    if (u.brigade != target) continue;
    Point c = u.marker ? u.base.points[0] : *st_.regiments.at(u.id).at;
    if (u.marker) {
      Coord sx = 0, sy = 0;
      for (Point p : u.base.points) sx += p.x, sy += p.y;
      c = {sx / Coord(u.base.points.size()), sy / Coord(u.base.points.size())};
    }
    Coord d = squared(c - from);
    if (best_d < 0 || d < best_d) best = c, best_d = d;
  }
  return best;
}

void Turn::stress_test_event(const std::string& b, const TestRoll& t, const std::string& rule) {
  events_.push_back({{"type", "stress_test"},
                     {"brigade", b},
                     {"side", st_.brigades.at(b).side},
                     {"roll", t.roll},
                     {"against", t.against},
                     {"passed", t.passed},
                     {"rule", rule}});
}

// A CHECK: the mover has come within 8" of the brigade it engages.
void Turn::resolve_check(Mover& m, std::vector<Mover>& movers) {
  const std::string& target = m.target;
  bool target_marker = !st_.brigades.at(target).commander.has_value();
  Point here = m.march.position();
  std::string circumstance =
      m.marker ? (target_marker ? "move.check.marker_marker" : "move.check.marker_deployed")
               : "move.check.deployed_marker";
  Point tp = target_point(target, here);
  events_.push_back({{"type", "check"},
                     {"brigade", m.brigade},
                     {"side", m.side},
                     {"target", target},
                     {"target_side", st_.brigades.at(target).side},
                     {"at", json_of(here)},
                     {"target_at", json_of(tp)},
                     {"rule", circumstance}});
  m.active = false;
  auto stop_target = [&] {
    for (auto& o : movers)
      if (o.brigade == target && o.active) {
        flush(o);
        o.active = false;
        o.stopped = "check";
      }
  };
  if (circumstance == "move.check.marker_deployed") {
    int highest = 0;
    for (const auto& [id, r] : st_.regiments)
      if (r.brigade == m.brigade && !r.removed) highest = std::max(highest, r.stress);
    TestRoll t = brigade_test(dice_, highest, "check test");
    stress_test_event(m.brigade, t, circumstance);
    if (!t.passed) return;
    if (!chaos(m.brigade, here, preferred(m.brigade), circumstance)) return;
    deploy(m.brigade, here, bearing_to(here, tp), true, false, circumstance);
    return;
  }
  if (circumstance == "move.check.marker_marker") {
    if (!chaos(m.brigade, here, preferred(m.brigade), circumstance)) return;
    if (!chaos(target, tp, preferred(target), circumstance)) return;
    stop_target();
    deploy(target, tp, bearing_to(tp, here), false, false, circumstance);
    deploy(m.brigade, here, bearing_to(here, tp), true, false, circumstance);
    return;
  }
  // move.check.deployed_marker: no stress test; the defender's roll.
  if (!chaos(target, tp, preferred(target), circumstance)) return;
  stop_target();
  if (!deploy(target, tp, bearing_to(tp, here), false, false, circumstance)) return;
  Group g = group_of(m.brigade);
  Group s = settle(g, bearing_to(here, tp), true, m.side);
  if (illegal(s, m.side).empty() && s.commander != g.commander) {
    Point delta = s.commander - g.commander;
    Point from = here;
    place(m, here, here + delta);
    Json regs = Json::object();
    for (const auto& [r, at] : s.regiments) regs[r] = json_of(at);
    events_.push_back({{"type", "move"},
                       {"brigade", m.brigade},
                       {"side", m.side},
                       {"marker", false},
                       {"from", json_of(from)},
                       {"to", json_of(here + delta)},
                       {"regiments", regs},
                       {"rule", circumstance}});
  }
}

}  // namespace adjutant::rules::chaos::turn_run
