#include "rules/ah1961/bot/setup.h"

#include <algorithm>
#include <tuple>

namespace adjutant::bot::ah1961 {

namespace {

// Land squares of `region`, nearest the fords first (where the armies meet),
// fortified squares of the side before others when `forts_first`, ties by
// the seed.
std::vector<Hex> ranked(const Position& p, const std::string& region, bool forts_first,
                        bool hills_first) {
  r61::Board b = p.board();
  std::vector<std::tuple<int, int, int, std::uint64_t, Hex>> keyed;
  for (Hex h : p.squares()) {
    if (b.region(h) != region || b.water(h)) continue;
    int fort = forts_first && b.fortified(h) ? 0 : 1;
    int hill = hills_first && b.hill(h) ? 0 : 1;
    keyed.emplace_back(fort, p.ford_distance(h), hill, p.tie("square " + b.sq(h)), h);
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<Hex> out;
  for (const auto& k : keyed) out.push_back(std::get<4>(k));
  return out;
}

// Places `units` one after another on the first square of `squares` with
// room for it under the side's stacking limit, at most `spread` combat units
// a square; HQs and detachments on `rear` squares.
void place(const Position& p, const std::vector<const rules::hexmap::UnitDef*>& units,
           const std::vector<Hex>& squares, const std::vector<Hex>& rear, int spread, Json& out) {
  r61::Stacking lim;
  if (auto it = p.g.stacking.find(p.side); it != p.g.stacking.end()) lim = it->second;
  std::map<Hex, std::pair<int, int>> used;  // square -> combat units, factors
  r61::Board b = p.board();
  for (const auto& [id, u] : p.state.units)
    if (auto h = b.square_of(id); h && b.side_of(id) == p.side && r61::is_fighting(*b.def(id))) {
      ++used[*h].first;
      used[*h].second += b.def(id)->strength;
    }
  std::size_t next_rear = 0;
  for (const auto* d : units) {
    if (!r61::is_fighting(*d)) {
      const auto& where = rear.empty() ? squares : rear;
      if (where.empty()) continue;
      out.push_back({{"unit", d->id}, {"at", b.sq(where[next_rear++ % where.size()])}});
      continue;
    }
    for (int pass = 0; pass < 2; ++pass)
      for (Hex h : squares) {
        auto& [n, f] = used[h];
        if (pass == 0 && n >= spread) continue;
        if (lim.units && n + 1 > lim.units) continue;
        if (lim.factors && f + d->strength > lim.factors) continue;
        ++n;
        f += d->strength;
        out.push_back({{"unit", d->id}, {"at", b.sq(h)}});
        pass = 2;
        break;
      }
  }
}

// Squares at least three from any river square, nearest the fords first:
// HQs out of the enemy artillery's reach across the river.
std::vector<Hex> rear_squares(const Position& p, const std::string& region) {
  r61::Board b = p.board();
  std::vector<Hex> out;
  for (Hex h : ranked(p, region, false, false)) {
    bool near_water = false;
    for (Hex n : hex::within(h, 2)) near_water = near_water || (p.sc.on_map(n) && b.water(n));
    if (!near_water) out.push_back(h);
  }
  if (out.size() > 3) out.resize(3);
  return out;
}

// The corps the Union withholds to step 4: the seed's pick among the sets of
// `corps` corps with `infantry` units in all.
std::set<std::string> withheld_corps(const Position& p) {
  const r61::Withheld& w = p.g.withheld;
  std::vector<std::string> names;
  for (const auto& [c, _] : p.g.corps) names.push_back(c);
  std::vector<std::set<std::string>> choices;
  std::vector<std::size_t> pick;
  // Every subset of w.corps corps, in lexicographic order.
  auto walk = [&](auto&& self, std::size_t from, std::set<std::string>& chosen, int units) -> void {
    if (int(chosen.size()) == w.corps) {
      if (units == w.infantry) choices.push_back(chosen);
      return;
    }
    for (std::size_t i = from; i < names.size(); ++i) {
      chosen.insert(names[i]);
      self(self, i + 1, chosen, units + int(p.g.corps.at(names[i]).size()));
      chosen.erase(names[i]);
    }
  };
  std::set<std::string> chosen;
  walk(walk, 0, chosen, 0);
  if (choices.empty()) return {};
  return choices[p.tie("withheld corps") % choices.size()];
}

}  // namespace

Json setup_orders(const Position& p, const std::string& step) {
  const std::string region = p.g.setup_region.count(p.side) ? p.g.setup_region.at(p.side) : "";
  r61::Board b = p.board();
  if (step.rfind("setup1", 0) == 0) {
    Json forts = Json::array();
    auto it = p.g.forts.find(p.side);
    if (it != p.g.forts.end()) {
      // Hills first for the defending army: a fortified hill triples.
      std::vector<Hex> squares = ranked(p, it->second.region, false, !p.attacking);
      for (int i = 0; i < it->second.count && i < int(squares.size()); ++i)
        forts.push_back(b.sq(squares[i]));
    }
    return {{"fortifications", forts}};
  }
  // The side's counters still off the board, brigade substitutes aside.
  std::vector<const rules::hexmap::UnitDef*> waiting;
  for (const auto& d : p.sc.units)
    if (d.side == p.side && !b.active(d.id) && !p.g.brigades.count(d.id)) waiting.push_back(&d);
  std::vector<const rules::hexmap::UnitDef*> now, detachments;
  if (step.rfind("setup2", 0) == 0) {
    std::set<std::string> corps = withheld_corps(p);
    std::vector<std::pair<std::uint64_t, std::string>> artillery;
    for (const auto* d : waiting)
      if (d->type == "artillery") artillery.emplace_back(p.tie("withheld " + d->id), d->id);
    std::sort(artillery.begin(), artillery.end());
    std::set<std::string> kept;
    for (int i = 0; i < p.g.withheld.artillery && i < int(artillery.size()); ++i)
      kept.insert(artillery[i].second);
    for (const auto* d : waiting) {
      if (r61::is_detachment(*d) || kept.count(d->id) || corps.count(p.g.corps_of(d->id))) continue;
      now.push_back(d);
    }
  } else {
    for (const auto* d : waiting) (r61::is_detachment(*d) ? detachments : now).push_back(d);
  }
  // The strongest nearest the fords.
  std::stable_sort(now.begin(), now.end(),
                   [](const auto* a, const auto* b) { return a->strength > b->strength; });
  Json place_list = Json::array();
  std::vector<Hex> front = ranked(p, region, true, !p.attacking);
  place(p, now, front, rear_squares(p, region), p.attacking ? 2 : 1, place_list);
  // Boats and bridges wait on road squares nearest the fords.
  std::vector<Hex> roads;
  for (Hex h : ranked(p, region, false, false))
    if (b.on_road(h)) roads.push_back(h);
  for (std::size_t i = 0; i < detachments.size() && !roads.empty(); ++i)
    place_list.push_back({{"unit", detachments[i]->id}, {"at", b.sq(roads[i % roads.size()])}});
  return {{"place", place_list}};
}

}  // namespace adjutant::bot::ah1961
