#include "render/bench_render.h"

#include <algorithm>
#include <cstdint>
#include <ctime>

#include "render/map.h"
#include "rules/package.h"

namespace adjutant::render {

namespace {

using hex::Hex;

struct Lcg {
  std::uint64_t s = 0x5eed2528u;
  std::uint32_t next() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return std::uint32_t(s >> 33);
  }
  int below(int n) { return int(next() % std::uint32_t(n)); }
};

constexpr int kColumns = 25, kRows = 28;

void add_tec(rules::hexmap::Scenario& sc) {
  struct T {
    const char* id;
    const char* name;
    const char* colour;
  };
  for (T t : {T{"clear", "Clear", "#e6e2bf"}, T{"forest", "Forest", "#7fa66a"},
              T{"rough", "Rough", "#c9b48a"}, T{"broken", "Broken ground", "#b89a6e"},
              T{"wooded_broken", "Wooded broken ground", "#6d8a55"},
              T{"forest_rough", "Forest and rough", "#5f7f4a"}, T{"town", "Town", "#c98f7a"}}) {
    rules::hexmap::TerrainType type;
    type.id = t.id, type.name = t.name, type.colour = t.colour;
    sc.terrain_types[t.id] = type;
  }
  for (T t : {T{"river", "River", "#2a5fa8"}, T{"creek", "Creek", "#3f7cc4"},
              T{"stream", "Stream", "#5b8fd0"}, T{"ford", "Ford", "#9fc3e8"},
              T{"bridge", "Bridge", "#6b4f36"}}) {
    rules::hexmap::HexsideType type;
    type.id = t.id, type.name = t.name, type.colour = t.colour;
    type.passable = std::string(t.id) != "river" && std::string(t.id) != "creek";
    sc.hexside_types[t.id] = type;
  }
}

// A water line: every hexside between the hexes north of `edge[col]` and
// those south of it, over the columns [first, last].
void add_line(rules::hexmap::Scenario& sc, const std::vector<int>& edge, int first, int last,
              const char* type) {
  auto north = [&](Hex h) {
    return h.col >= first && h.col <= last && h.row <= edge[std::size_t(h.col)];
  };
  for (int col = first; col <= last; ++col)
    for (int row = 1; row <= kRows; ++row) {
      Hex h{col, row};
      if (!north(h)) continue;
      for (Hex n : hex::neighbours(h))
        if (sc.on_map(n) && n.col >= first && n.col <= last && !north(n))
          sc.hexsides[hex::hexside(h, n)] = type;
    }
}

std::vector<int> wander(Lcg& rng, int start, int low, int high) {
  std::vector<int> edge(kColumns + 1, start);
  for (int col = 2; col <= kColumns; ++col)
    edge[std::size_t(col)] = std::clamp(edge[std::size_t(col - 1)] + rng.below(3) - 1, low, high);
  return edge;
}

rules::hexmap::Route make_road(Lcg& rng, const char* kind, std::string name, Hex from, int dir_a,
                               int dir_b, int steps) {
  rules::hexmap::Route r;
  r.kind = kind;
  r.name = std::move(name);
  r.hexes = {from};
  Hex h = from;
  for (int i = 0; i < steps; ++i) {
    Hex n = hex::neighbour(h, rng.below(3) == 0 ? dir_b : dir_a);
    if (n.col < 1 || n.col > kColumns || n.row < 1 || n.row > kRows) break;
    r.hexes.push_back(h = n);
  }
  return r;
}

void add_units(rules::hexmap::Scenario& sc, model::State& st, Lcg& rng,
               const std::vector<int>& river) {
  static const char* kUnion[] = {"I",   "II",     "III",   "V",    "VI",     "XI",
                                 "XII", "Buford", "Sykes", "Hays", "Gibbon", "Geary"};
  static const char* kConfederate[] = {"Heth",    "Pender",  "Rodes",    "Early",  "Hood", "McLaws",
                                       "Pickett", "Johnson", "Anderson", "Stuart", "Hill", "Ewell"};
  std::map<Hex, int> count;
  for (int i = 0; i < 90; ++i) {
    bool union_side = i % 2 == 1;
    rules::hexmap::UnitDef u;
    u.side = union_side ? "union" : "confederate";
    int roll = rng.below(20);
    u.type = roll < 14 ? "infantry" : roll < 17 ? "cavalry" : "artillery";
    // Unique designations of the usual shapes: "2/XI", "1/Hill", "Cav 7", "Art 12".
    int k = i / 2;
    const char* const* corps = union_side ? kUnion : kConfederate;
    u.id = u.type == "infantry"  ? std::to_string(1 + k % 4) + "/" + corps[(k / 4) % 12]
           : u.type == "cavalry" ? "Cav " + std::to_string(i)
                                 : "Art " + std::to_string(i);
    u.name = u.id;
    u.strength = u.type == "infantry" ? 4 + rng.below(9) : 2 + rng.below(4);
    u.movement = u.type == "cavalry" ? 8 : 6;
    Hex h;
    do {
      int col = 1 + rng.below(kColumns);
      int depth = 1 + rng.below(4);
      int row = river[std::size_t(col)] + (union_side ? depth : 1 - depth);
      h = {col, std::clamp(row, 1, kRows)};
    } while (count[h] >= 2);
    ++count[h];
    u.start = h;
    sc.units.push_back(u);
    model::UnitState us;
    us.location = sc.numbers().format(h);
    // Blue & Gray 10.0's mark: the map is drawn as bluegray draws it.
    if (rng.below(20) == 0) us.mark("ineffective", true);
    (void)rng.below(20);  // once a demoralized mark; drawn still, so the map stays the same
    st.units[u.id] = us;
  }
}

ledger::Json make_events(rules::hexmap::Scenario& sc, model::State& st, Lcg& rng) {
  ledger::Json events = ledger::Json::array();
  int moves = 0, combats = 0, eliminated = 0;
  const hex::Numbering num = sc.numbers();  // plain: the generated map has no sheets
  for (const auto& u : sc.units) {
    Hex h = *u.start;
    if (u.side == "union" && moves < 24) {
      std::vector<std::string> path{num.format(h)};
      for (int step = 0, n = 2 + rng.below(3); step < n; ++step) {
        Hex back = hex::neighbour(h, 3 + rng.below(3) - 1);
        if (!sc.on_map(back)) break;
        path.insert(path.begin(), num.format(h = back));
      }
      events.push_back({{"type", "move"}, {"unit", u.id}, {"path", path}});
      ++moves;
    }
  }
  for (const auto& a : sc.units) {
    if (a.side != "union" || combats >= 8) continue;
    for (const auto& d : sc.units) {
      if (d.side != "confederate" || !hex::adjacent(*a.start, *d.start)) continue;
      ++combats;
      static const char* kResults[] = {"Dr", "Ar", "Ex", "De", "Ae"};
      std::string result = kResults[rng.below(5)];
      events.push_back(
          {{"type", "combat"},
           {"combat", "1." + std::to_string(combats)},
           {"attackers",
            {{{"unit", a.id}, {"hex", num.format(*a.start)}, {"strength", a.strength}}}},
           {"defenders",
            {{{"unit", d.id}, {"hex", num.format(*d.start)}, {"strength", d.strength}}}},
           {"odds", "2-1"},
           {"die", {{"k", combats - 1}, {"value", 1 + rng.below(6)}}},
           {"result", result}});
      if (result == "De" && eliminated < 3 && st.units[d.id].status == model::UnitStatus::kActive) {
        st.units[d.id].status = model::UnitStatus::kEliminated;
        st.units[d.id].location.clear();
        events.push_back({{"type", "eliminate"},
                          {"unit", d.id},
                          {"hex", num.format(*d.start)},
                          {"cause", "De"}});
        ++eliminated;
      } else if (result == "Dr") {
        events.push_back({{"type", "retreat"},
                          {"unit", d.id},
                          {"from", num.format(*d.start)},
                          {"to", num.format(hex::neighbour(*d.start, 0))}});
      }
      break;
    }
  }
  return events;
}

}  // namespace

BenchMap bench_map() {
  BenchMap m;
  auto& sc = m.scenario;
  Lcg rng;
  sc.id = "bench-25x28";
  sc.title = "Generated benchmark map (25x28)";
  // Drawn as the first hex ruleset registered draws its maps.
  for (const auto* p : rules::packages())
    if (p->info.hex) {
      sc.ruleset = p->info.id;
      break;
    }
  sc.columns = kColumns;
  sc.rows = kRows;
  sc.default_terrain = "clear";
  sc.sides = {{"confederate", "Confederate", "#8c8c8c"}, {"union", "Union", "#3c5a9a"}};
  sc.turns.count = 15;
  add_tec(sc);
  static const char* kPatches[] = {"forest", "forest",        "forest",       "rough",
                                   "broken", "wooded_broken", "forest_rough", "town"};
  for (int i = 0; i < 46; ++i) {
    Hex seed{1 + rng.below(kColumns), 1 + rng.below(kRows)};
    const char* type = kPatches[rng.below(8)];
    int radius = std::string(type) == "town" ? rng.below(2) : 1 + rng.below(2);
    for (Hex h : hex::within(seed, radius))
      if (sc.on_map(h) && rng.below(4) != 0) sc.terrain[h] = type;
    if (std::string(type) == "town") sc.places[seed] = "Town " + std::to_string(i);
  }
  std::vector<int> river = wander(rng, 13, 9, 17);
  add_line(sc, river, 1, kColumns, "river");
  add_line(sc, wander(rng, 22, 19, 25), 4, 19, "stream");
  add_line(sc, wander(rng, 5, 3, 7), 12, 23, "creek");
  sc.routes.push_back(make_road(rng, "road", "North Pike", {1, 5}, 2, 1, 30));
  sc.routes.push_back(make_road(rng, "road", "South Pike", {1, 21}, 1, 2, 30));
  sc.routes.push_back(make_road(rng, "road", "Valley Road", {9, 1}, 3, 2, 30));
  sc.routes.push_back(make_road(rng, "trail", "Mill Trail", {17, 1}, 3, 4, 30));
  sc.routes.push_back(make_road(rng, "trail", "Ridge Trail", {1, 12}, 2, 1, 14));
  for (const auto& r : sc.routes)
    for (std::size_t i = 1; i < r.hexes.size(); ++i) {
      auto it = sc.hexsides.find(hex::hexside(r.hexes[i - 1], r.hexes[i]));
      if (it != sc.hexsides.end()) it->second = r.kind == "road" ? "bridge" : "ford";
    }
  rules::hexmap::VictoryHex keys, ridge;
  keys.hex = {12, 6};
  keys.side = "confederate";
  keys.vp = 10;
  ridge.hex = {14, 20};
  ridge.side = "union";
  ridge.vp = 10;
  sc.victory.hexes = {keys, ridge};
  sc.places[{12, 6}] = "Cross Keys";
  m.state.scenario = sc.id;
  m.state.turn = 4;
  m.state.phase = "confederate";
  m.state.vp = {{"confederate", 12}, {"union", 17}};
  add_units(sc, m.state, rng, river);
  m.events = make_events(sc, m.state, rng);
  return m;
}

BenchResult bench_render(int iterations) {
  BenchMap m = bench_map();
  return bench_render(MapInput{m.scenario, m.state, m.events, ""}, iterations);
}

BenchResult bench_render(const MapInput& in, int iterations) {
  BenchResult r;
  r.iterations = std::max(1, iterations);
  r.png_bytes = render_png(in).size();
  r.svg_bytes = render_svg(in).size();
  for (const auto& [id, u] : in.state.units) r.counters += u.status == model::UnitStatus::kActive;
  // Processor time, not wall time: rendering is single-threaded, and a busy
  // machine then slows the figures less.
  std::clock_t start = std::clock();
  for (int i = 0; i < r.iterations; ++i) render_png(in);
  std::clock_t middle = std::clock();
  for (int i = 0; i < r.iterations; ++i) render_svg(in);
  std::clock_t stop = std::clock();
  auto ms = [](std::clock_t a, std::clock_t b) { return 1000.0 * double(b - a) / CLOCKS_PER_SEC; };
  r.png_ms = ms(start, middle) / r.iterations;
  r.svg_ms = ms(middle, stop) / r.iterations;
  return r;
}

}  // namespace adjutant::render
