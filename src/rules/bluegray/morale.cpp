#include "rules/bluegray/morale.h"

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>
#include <set>

#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/pathfind.h"

namespace adjutant::rules::bluegray {

namespace {

const Json* standing(const State& state, const std::string& side) {
  if (!state.extra.contains("morale") || !state.extra["morale"].contains(side)) return nullptr;
  return &state.extra["morale"][side];
}

// 18.1, 18.2: the strength points the side has lost in the game, as its
// eliminations counted them (extra.morale[side].lost).
int losses(const State& state, const std::string& side) {
  const Json* m = standing(state, side);
  return m ? m->value("lost", 0) : 0;
}

bool crossed(const State& state, const std::string& unit) {
  auto it = state.units.find(unit);
  return it != state.units.end() && it->second.extra.is_object() &&
         it->second.extra.value("crossed", false);
}

// 18.1: "after all I Corps units cross river" the limit rises.
int limit(const State& state, const MoraleSide& m) {
  if (!m.crossing) return m.above;
  for (const auto& id : m.crossing->units)
    if (!crossed(state, id)) return m.above;
  return m.crossing->above;
}

// The hexes a unit can reach from `bank` without crossing water: every
// passable hex where units may stop, joined by passable hexsides.
std::set<Hex> flood_bank(const Scenario& sc, Hex bank) {
  std::set<Hex> seen{bank};
  std::deque<Hex> open{bank};
  while (!open.empty()) {
    Hex h = open.front();
    open.pop_front();
    for (Hex n : hex::neighbours(h)) {
      if (seen.count(n) || !passable(sc, h, n) || sc.terrain_at(n).no_stop) continue;
      seen.insert(n);
      open.push_back(n);
    }
  }
  return seen;
}

// flood_bank, found once per scenario file and bank (keyed by the file's
// SHA-256, as exclusive_of is): every move of a unit still to cross asks it.
const std::set<Hex>& far_bank(const Scenario& sc, Hex bank) {
  static std::mutex lock;
  static std::map<std::pair<std::string, Hex>, std::set<Hex>> cache;
  thread_local std::set<Hex> unkeyed;
  if (sc.sha256.empty()) return unkeyed = flood_bank(sc, bank);
  std::lock_guard<std::mutex> guard(lock);
  auto key = std::make_pair(sc.sha256, bank);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, flood_bank(sc, bank)).first;
  return it->second;
}

}  // namespace

bool demoralized(const State& state, const std::string& side) {
  const Json* m = standing(state, side);
  return m && m->value("demoralized", false);
}

int demoralized_since(const State& state, const std::string& side) {
  const Json* m = standing(state, side);
  return m && m->value("demoralized", false) ? m->value("since", 0) : 0;
}

Json initial_morale(const Scenario& sc) {
  const auto& ex = exclusive_of(sc);
  if (!ex.demoralization) return nullptr;
  Json out = Json::object();
  for (const auto& [side, m] : ex.demoralization->sides)
    out[side] = {{"lost", 0}, {"above", m.above}, {"demoralized", false}};
  return out;
}

void review_morale(Emitter& em) {
  const auto& ex = exclusive_of(em.scenario());
  if (!ex.demoralization) return;
  for (const auto& [side, m] : ex.demoralization->sides) {
    const State& st = em.state();
    int lost = losses(st, side);
    int above = limit(st, m);
    bool now = demoralized(st, side);
    if (!now && lost > above) {
      em.emit({{"type", "demoralized"},
               {"side", side},
               {"lost", lost},
               {"above", above},
               {"turn", st.turn},
               {"rule", m.rule}});
    } else if (now && lost <= above && m.rally) {
      em.emit({{"type", "rallied"},
               {"side", side},
               {"lost", lost},
               {"above", above},
               {"rule", m.crossing ? m.crossing->rule : m.rule}});
    }
  }
}

void note_crossing(Emitter& em, const std::string& unit) {
  const auto& ex = exclusive_of(em.scenario());
  if (!ex.demoralization) return;
  for (const auto& [side, m] : ex.demoralization->sides) {
    if (!m.crossing) continue;
    const auto& units = m.crossing->units;
    if (std::find(units.begin(), units.end(), unit) == units.end() || crossed(em.state(), unit))
      continue;
    auto at = em.board().hex_of(unit);
    if (!at || !far_bank(em.scenario(), m.crossing->bank).count(*at)) continue;
    int before = limit(em.state(), m);
    em.emit({{"type", "crossed"},
             {"unit", unit},
             {"hex", em.scenario().numbers().format(*at)},
             {"rule", m.crossing->rule}});
    // 18.1: the last of them across raises the side's limit.
    if (int after = limit(em.state(), m); after != before)
      em.emit(
          {{"type", "morale_limit"}, {"side", side}, {"above", after}, {"rule", m.crossing->rule}});
    review_morale(em);
  }
}

std::string shift_for_morale(const Scenario& sc, const State& state, const std::string& level,
                             std::string& why) {
  const auto& ex = exclusive_of(sc);
  if (!ex.demoralization || ex.demoralization->victory_rule.empty()) return level;
  std::vector<std::string> down;
  for (const auto& [side, m] : ex.demoralization->sides)
    if (demoralized(state, side)) down.push_back(side);
  if (down.size() != 1) return level;
  const Json& levels = sc.victory.levels;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    if (levels[i].value("result", "") != level) continue;
    if (levels[i].value("side", "") != down.front()) return level;
    // Levels run from the first side of the ratio's best to its worst.
    bool first = !sc.victory.ratio.empty() && sc.victory.ratio.front() == down.front();
    std::size_t to = first ? std::min(i + 1, levels.size() - 1) : (i == 0 ? 0 : i - 1);
    std::string shifted = levels[to].value("result", level);
    why = down.front() + " is demoralized and wins: " + level + " drops one level to " + shifted;
    return shifted;
  }
  return level;
}

}  // namespace adjutant::rules::bluegray
