#include "rules/chaos/movement.h"

#include <algorithm>

namespace adjutant::rules::chaos {

namespace {

// "Markers cannot end their movement within 4" of another marker": in id
// order, a marker that moved and ends less than 4" from another marker goes
// back along its own path a quarter inch at a time until it is 4" away, or
// back where it started.
void end_apart(const Scenario& scenario, const std::vector<const Mover*>& order,
               const std::vector<UnitBase>& standing, std::map<std::string, March>& marches,
               Movement& out) {
  for (const Mover* m : order) {
    auto too_close = [&](Point p) {
      Outline card = scenario.marker_outline(p);
      for (const Mover* o : order)
        if (o != m && closer_than(card, scenario.marker_outline(out.at[o->id]), 4 * kInch))
          return true;
      for (const auto& u : standing)
        if (u.marker && closer_than(card, u.base, 4 * kInch)) return true;
      return false;
    };
    Coord back = out.moved[m->id];
    while (back > 0 && too_close(out.at[m->id])) {
      back = std::max<Coord>(0, back - kMarchStep);
      March replay(m->path);
      replay.step(back);
      marches.at(m->id) = replay;
      out.at[m->id] = replay.position();
      out.moved[m->id] = back;
    }
  }
}

}  // namespace

Movement move_markers(const Scenario& scenario, const std::vector<Mover>& movers,
                      const std::vector<UnitBase>& standing) {
  std::vector<const Mover*> order;
  for (const auto& m : movers) order.push_back(&m);
  std::sort(order.begin(), order.end(),
            [](const Mover* a, const Mover* b) { return a->id < b->id; });
  std::map<std::string, March> marches;
  Movement out;
  for (const Mover* m : order) {
    marches.emplace(m->id, March(m->path));
    out.at[m->id] = marches.at(m->id).position();
    out.moved[m->id] = 0;
  }
  auto moving = [&](const Mover* m) {
    const March& march = marches.at(m->id);
    return !out.stopped.count(m->id) && !march.done() && march.travelled() < m->rate;
  };
  for (;;) {
    // Every mover's next position, as if all stepped.
    std::map<std::string, March> next;
    for (const Mover* m : order) {
      if (!moving(m)) continue;
      March peek = marches.at(m->id);
      peek.step(std::min(kMarchStep, m->rate - peek.travelled()));
      next.emplace(m->id, peek);
    }
    if (next.empty()) break;
    ++out.steps;
    std::set<std::string> halt;
    for (const Mover* m : order) {
      if (!next.count(m->id)) continue;
      Outline card = scenario.marker_outline(next.at(m->id).position());
      std::string near;  // the first enemy within 8", the ordered target first
      auto consider = [&](const std::string& id, const std::string& side, const Outline& base) {
        if (side == m->side || !within(card, base, kEngagementRange)) return;
        if (near.empty() || id == m->engage) near = id;
      };
      for (const auto& u : standing) consider(u.id, u.side, u.base);
      for (const Mover* o : order)
        if (o != m)
          consider(o->id, o->side,
                   scenario.marker_outline(next.count(o->id) ? next.at(o->id).position()
                                                             : out.at[o->id]));
      if (near.empty()) continue;
      if (!m->engage.empty() && near == m->engage) {
        if (!out.check) out.check = Check{m->id, near, out.steps};
      } else {
        halt.insert(m->id);
      }
    }
    for (const auto& [id, peek] : next) {
      if (halt.count(id)) {
        out.stopped.insert(id);
        continue;
      }
      marches.at(id) = peek;
      out.at[id] = peek.position();
      out.moved[id] = peek.travelled();
    }
    if (out.check) break;
  }
  if (!out.check) end_apart(scenario, order, standing, marches, out);
  for (const auto& [id, march] : marches) out.rest[id] = march.remaining();
  return out;
}

}  // namespace adjutant::rules::chaos
