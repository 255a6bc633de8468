#include "rules/chaos/movement.h"

#include <algorithm>

namespace adjutant::rules::chaos {

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
  for (const auto& [id, march] : marches) out.rest[id] = march.remaining();
  return out;
}

}  // namespace adjutant::rules::chaos
