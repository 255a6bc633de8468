// Reading Grand Chancellorsville's forced march (23.2, 23.21) from the
// scenario's rules.forced_march, and the hexes it may be made in.
#include <deque>

#include "rules/bluegray/exclusive_reader.h"
#include "rules/bluegray/pathfind.h"

namespace adjutant::rules::bluegray::hooks {

ForcedMarch read_forced_march(const Reader& r, const Json& j) {
  const std::string key = "forced_march";
  Fields f(j, r.at(key), "scenario");
  ForcedMarch m;
  m.side = f.str("side");
  m.last_turn = int(f.integer("last_turn"));
  m.mp = int(f.integer("mp"));
  m.from = r.map_hex(f.any("from"), key + ".from");
  for (const auto& t : f.strings_opt("excluded_terrain")) m.excluded.insert(t);
  m.rule = f.str_opt("rule").value_or("23.21");
  f.finish();
  r.side(m.side, key + ".side");
  if (m.last_turn < 1) r.fail("scenario.bad_turn", key + ".last_turn", "turns count from 1");
  if (m.mp < 1) r.fail("scenario.bad_value", key + ".mp", "must be at least 1");
  for (const auto& t : m.excluded)
    if (!r.sc.terrain_types.count(t))
      r.fail("scenario.bad_value", key + ".excluded_terrain",
             "\"" + t + "\" is not a terrain type of the scenario");
  auto allowed = [&](hex::Hex h) { return !m.excluded.count(r.sc.terrain_at(h).id); };
  if (!allowed(m.from))
    r.fail("scenario.bad_value", key + ".from", "lies in a hex of excluded terrain");
  // The land reached from `from` hex by hex, never through an impassable
  // step (a river hex or hexside) nor into a hex of excluded terrain.
  std::deque<hex::Hex> todo{m.from};
  m.region.insert(m.from);
  while (!todo.empty()) {
    hex::Hex h = todo.front();
    todo.pop_front();
    for (hex::Hex n : hex::neighbours(h)) {
      if (!r.sc.on_map(n) || m.region.count(n) || !allowed(n)) continue;
      if (!impassable(r.sc, h, n).empty()) continue;
      m.region.insert(n);
      todo.push_back(n);
    }
  }
  return m;
}

}  // namespace adjutant::rules::bluegray::hooks
