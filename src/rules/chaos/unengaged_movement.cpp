// Unengaged movement (move, move.marker, move.deployed, move.hills,
// turns.night): every brigade ordered to move rolls its rate, and all
// march together a quarter inch a step, halting for CHECKs (move_check.cpp).
#include "rules/chaos/turn_run.h"

#include <algorithm>

#include "rules/chaos/marker_rates.h"

namespace adjutant::rules::chaos::turn_run {

std::vector<Outline> Turn::mover_outlines(const Mover& m, Point ref) const {
  if (m.marker) return {sc_.marker_outline(ref)};
  std::vector<Outline> out;
  for (const auto& [r, off] : m.offsets)
    out.push_back(regiment_outline_at(r, ref + off, st_.regiments.at(r).facing));
  return out;
}

bool Turn::touches_hill(const Mover& m, Point ref) const {
  return touches_hill(mover_outlines(m, ref));
}

bool Turn::touches_hill(const std::vector<Outline>& outlines) const {
  for (const auto& o : outlines)
    if (touches_kind(sc_.terrain, o, TerrainKind::kHill)) return true;
  return false;
}

// Sets the mover's brigade where its march has brought it.
void Turn::place(Mover& m, Point from, Point to) {
  auto& b = st_.brigades.at(m.brigade);
  if (m.marker) {
    for (auto& p : b.markers)
      if (p == from) p = to;
  } else {
    b.commander = to;
    for (const auto& [r, off] : m.offsets) st_.regiments.at(r).at = to + off;
    // Version 3 (move.deployed): a brigade marches with its batteries
    // limbered and its cavalry mounted.
    if (rd_.limbering_and_mounting && to != from)
      for (const auto& [r, off] : m.offsets) {
        Arm arm = regiment_spec(sc_, r).arm;
        if (arm == Arm::kArtillery) st_.regiments.at(r).limbered = true;
        if (arm == Arm::kCavalry) st_.regiments.at(r).dismounted = false;
      }
  }
}

void Turn::flush(Mover& m) {
  Point now = m.march.position();
  if (now == m.flushed) return;
  Json e = {{"type", "move"},
            {"brigade", m.brigade},
            {"side", m.side},
            {"marker", m.marker},
            {"from", json_of(m.flushed)},
            {"to", json_of(now)},
            {"rule", m.marker ? "move.marker" : "move.deployed"}};
  if (!m.marker) {
    Json regs = Json::object();
    for (const auto& [r, off] : m.offsets) regs[r] = json_of(now + off);
    e["regiments"] = regs;
  }
  events_.push_back(e);
  m.flushed = now;
}

// The order's places, moved by how far short of its path's end the
// commander stopped; taken when legal (on the table, on no other base,
// none within 8" of the enemy), else the block stays (placement_refused).
void Turn::place_by_order(const Mover& m, const Json& regiments) {
  Group g = group_of(m.brigade);
  Point shift = m.march.position() - m.path.back();
  for (const auto& [r, place] : regiments.items()) {
    if (!g.regiments.count(r)) continue;
    g.regiments[r] = point_of(place["at"]) + shift;
    g.facing[r] = place["facing"].get<int>();
  }
  std::string why = illegal(g, m.side);
  if (why.empty() && enemy_distance(g, m.side) <= kEngagementRange)
    why = "a regiment would be within 8\" of the enemy";
  if (!why.empty()) {
    events_.push_back({{"type", "placement_refused"},
                       {"brigade", m.brigade},
                       {"side", m.side},
                       {"reason", why + "; the brigade keeps its formation"},
                       {"rule", "move.deployed"}});
    return;
  }
  put(g);
  Json e = deploy_event(g, "move.deployed");
  e["placed"] = true;
  for (const auto& [r, at] : g.regiments) mark_limber(e["regiments"][r], st_.regiments.at(r));
  events_.push_back(e);
  wagons();
}

// Unengaged movement: the brigades ordered to move start their marches,
// march together, markers keep 4" apart, placed regiments take their
// places, and hills and creeks cost stress.
void Turn::movement() {
  std::vector<Mover> movers = start_marches();
  march_together(movers);
  keep_markers_apart(movers);
  take_ordered_places(movers);
  stress_for_ground(movers);
}

// Each brigade ordered to move (by side, then id) that still can: the
// night test where the turn asks for one (turns.night), its rate rolled
// (move.marker, move.deployed) and the enemy brigade it is to engage.
// Sorted for CHECKs at one step: the side with the initiative first, then
// by id.
std::vector<Mover> Turn::start_marches() {
  std::vector<Mover> movers;
  // The state does not change until the marches begin.
  const auto engaged = engaged_brigades(st_, sc_);
  for (const auto& b : by_side_and_id()) {
    const Json& p = brigade_plan(b);
    if (!p.contains("move")) continue;
    const auto& bs = st_.brigades.at(b);
    const Json& mv = p["move"];
    bool marker = mv["marker"].get<int>() > 0;
    // The brigade may have changed since the orders were written.
    if (marker != !bs.commander.has_value() || engaged.count(b)) continue;
    Mover m;
    m.brigade = b;
    m.side = bs.side;
    m.marker = marker;
    for (const auto& q : mv["path"]) m.path.push_back(point_of(q));
    if (marker &&
        std::find(bs.markers.begin(), bs.markers.end(), m.path.front()) == bs.markers.end())
      continue;
    if (movement_needs_test(type_)) {
      TestRoll t = brigade_test(dice_, bs.stress, "night test");
      stress_test_event(b, t, "turns.night");
      if (!t.passed) continue;
    }
    std::vector<Outline> commanders;
    for (const auto& [cid, c] : st_.commanders)
      if (c.side == bs.side)
        commanders.push_back(sc_.figure_outline(Arm::kCommander, {cid, cid, c.at, c.facing}));
    Rate rate;
    if (marker) {
      rate = marker_rate(dice_, sc_.terrain, sc_.marker_outline(m.path.front()), m.path, commanders,
                         "rate");
    } else {
      std::vector<Outline> regs;
      for (const auto& r : deployed_regiments(st_, b)) {
        regs.push_back(outline(regiment_body(sc_, st_, r)));
        m.offsets[r] = *st_.regiments.at(r).at - *bs.commander;
      }
      rate = brigade_rate(dice_, sc_.terrain, regs,
                          sc_.figure_outline(Arm::kCommander, {b, b, *bs.commander, 0}), m.path,
                          commanders, sc_.brigade(b)->arm == Arm::kCavalry, "rate");
    }
    m.rate = rate.distance;
    events_.push_back({{"type", "rate"},
                       {"brigade", b},
                       {"side", bs.side},
                       {"going", going_name(rate.going)},
                       {"rolls", rate.rolls},
                       {"near_commander", rate.near_commander},
                       {"landmark", rate.landmark},
                       {"distance", rate.distance},
                       {"rule", marker ? "move.marker" : "move.deployed"}});
    if (!mv["engage"].is_null())
      for (const auto& u : table_.now(st_, sc_))  // unit_at, on the kept units
        if (u.side != bs.side && inside(u.base, point_of(mv["engage"]))) {
          m.target = u.brigade;
          break;
        }
    m.march = March(m.path);
    m.flushed = m.path.front();
    m.started_on_hill = touches_hill(m, m.path.front());
    m.touched_hill = m.started_on_hill;
    movers.push_back(std::move(m));
  }
  std::stable_sort(movers.begin(), movers.end(), [&](const Mover& a, const Mover& b) {
    return (a.side == order_[0]) > (b.side == order_[0]);
  });
  return movers;
}

// All movers march together a quarter inch a step, each no farther than
// its rate: a mover whose next step brings it within 8" of an enemy unit
// halts, unless that enemy is the one it engages: then the step is taken
// and the first such CHECK is resolved (move_check.cpp) before the march
// goes on.
void Turn::march_together(std::vector<Mover>& movers) {
  for (;;) {
    std::map<std::string, Point> next;
    std::map<std::string, March> peeks;
    for (auto& m : movers) {
      if (!m.active || m.march.done() || m.march.travelled() >= m.rate) continue;
      March peek = m.march;
      peek.step(std::min(kMarchStep, m.rate - peek.travelled()));
      next[m.brigade] = peek.position();
      peeks.emplace(m.brigade, peek);
    }
    if (next.empty()) break;
    Mover* check = nullptr;
    std::set<std::string> halt;
    std::map<std::string, std::vector<Outline>> at_next;
    for (const auto& [b, p] : next)
      for (const auto& m : movers)
        if (m.brigade == b) at_next[b] = mover_outlines(m, p);
    const auto& units = table_.now(st_, sc_);
    for (auto& m : movers) {
      if (!next.count(m.brigade)) continue;
      std::string near = enemy_near(m, at_next, movers, units);
      if (near.empty()) continue;
      if (!m.target.empty() && near == m.target) {
        if (!check) check = &m;
      } else {
        halt.insert(m.brigade);
      }
    }
    for (auto& m : movers) {
      if (!next.count(m.brigade)) continue;
      if (halt.count(m.brigade)) {
        m.active = false;
        m.stopped = "enemy within 8\"";
        continue;
      }
      Point from = m.march.position();
      m.march = peeks.at(m.brigade);
      Point to = m.march.position();
      place(m, from, to);
      if (touches_hill(at_next.at(m.brigade))) m.touched_hill = true;  // its outlines at `to`
      if (crosses_creek(sc_.terrain, from, to)) m.crossed_creek = true;
    }
    wagons();
    if (check) {
      for (auto& m : movers) flush(m);
      check->stopped = "check";
      resolve_check(*check, movers);
      for (auto& m : movers) m.flushed = m.march.position();
      // A brigade whose marker or deployment changed stops moving.
      for (auto& m : movers) {
        const auto& bs = st_.brigades.at(m.brigade);
        bool still = m.marker
                         ? std::count(bs.markers.begin(), bs.markers.end(), m.march.position()) > 0
                         : bs.commander == m.march.position();
        if (!still) m.active = false;
      }
      wagons();
    }
  }
}

// "Markers cannot end their movement within 4" of another marker": a
// marker too close goes back along its path a quarter inch at a time.
void Turn::keep_markers_apart(std::vector<Mover>& movers) {
  for (auto& m : movers) {
    if (!m.marker || !m.active) continue;
    auto too_close = [&](Point p) {
      Outline card = sc_.marker_outline(p);
      for (const auto& [id, b] : st_.brigades)
        for (Point q : b.markers)
          if (!(id == m.brigade && q == p) && closer_than(card, sc_.marker_outline(q), 4 * kInch))
            return true;
      return false;
    };
    Coord back = m.march.travelled();
    while (back > 0 && too_close(m.march.position())) {
      back = std::max<Coord>(0, back - kMarchStep);
      March replay(m.path);
      replay.step(back);
      Point from = m.march.position();
      m.march = replay;
      place(m, from, m.march.position());
    }
  }
}

// Version 3 (move.deployed): regiments placed by order take their places
// around the commander where he stopped.
void Turn::take_ordered_places(std::vector<Mover>& movers) {
  for (auto& m : movers) {
    if (m.marker || !rd_.regiments_placed_by_order || !m.active || m.march.travelled() == 0)
      continue;
    const Json& mv = brigade_plan(m.brigade)["move"];
    if (!mv.contains("regiments")) continue;
    flush(m);
    place_by_order(m, mv["regiments"]);
  }
}

// move.hills: a brigade that moved and touched a hill at any point of its
// path gains 1 stress; 2 if it started and ended on a hill; +1 if its path
// crossed a creek.
void Turn::stress_for_ground(std::vector<Mover>& movers) {
  for (auto& m : movers) {
    flush(m);
    if (m.march.travelled() == 0) continue;
    moved_.insert(m.brigade);
    bool ends_on_hill = touches_hill(m, m.march.position());
    int amount = m.touched_hill ? (m.started_on_hill && ends_on_hill ? 2 : 1) : 0;
    if (m.crossed_creek) ++amount;
    if (amount == 0) continue;
    stress_brigade(st_, m.brigade, amount);
    events_.push_back({{"type", "stress"},
                       {"brigade", m.brigade},
                       {"side", m.side},
                       {"amount", amount},
                       {"brigade_stress", st_.brigades.at(m.brigade).stress},
                       {"hill", m.touched_hill},
                       {"creek", m.crossed_creek},
                       {"rule", "move.hills"}});
  }
}

}  // namespace adjutant::rules::chaos::turn_run
