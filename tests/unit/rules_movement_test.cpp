// Movement costs (7.3, 7.5), passability (5.3, TEC) and the cheapest path.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rules/bluegray/pathfind.h"
#include "util/files.h"

namespace {

using adjutant::hex::Hex;
using adjutant::rules::hexmap::Scenario;
namespace bg = adjutant::rules::bluegray;

Scenario skirmish() {
  std::string file = std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/bluegray-skirmish.json";
  auto j = adjutant::ledger::parse_strict(adjutant::read_file(file), file);
  // One forest hex beyond the stream, for 7.3's own example.
  j["map"]["terrain"]["forest"].push_back("0908");
  return Scenario::from_json(j, file);
}

// The hex of `sc` that `text` numbers.
Hex h(const Scenario& sc, const char* text) {
  return *sc.numbers().parse(text);
}

}  // namespace

TEST_CASE("step costs: terrain, hexsides, roads and trails", "[rules][movement]") {
  Scenario sc = skirmish();
  struct Row {
    const char* from;
    const char* to;
    int mp;
    const char* via;
  };
  const Row rows[] = {
      {"0807", "0908", 5, "terrain"},  // 7.3: stream +2 into forest 3
      {"0807", "0907", 3, "terrain"},  // stream +2 into clear 1
      {"0104", "0105", 1, "terrain"},  // clear
      {"0506", "0507", 3, "terrain"},  // forest
      {"0903", "0904", 3, "terrain"},  // rough
      {"1006", "1007", 3, "terrain"},  // broken ground
      {"0708", "0709", 6, "terrain"},  // wooded broken ground
      {"1106", "1107", 6, "terrain"},  // forest and rough
      {"0603", "0604", 1, "road"},     // town, along the Mill Road
      {"0805", "0905", 1, "road"},     // the Pike over the bridge
      {"0408", "0508", 2, "trail"},    // 7.5: trail into forest
      {"0508", "0607", 1, "terrain"},  // a trail never makes a step dearer
      {"0607", "0608", 1, "road"},     // road
  };
  for (const auto& r : rows) {
    CAPTURE(r.from, r.to);
    REQUIRE(bg::impassable(sc, h(sc, r.from), h(sc, r.to)).empty());
    auto cost = bg::step_cost(sc, h(sc, r.from), h(sc, r.to));
    CHECK(cost.mp == r.mp);
    CHECK(cost.via == r.via);
  }
}

TEST_CASE("river hexes, creek and river hexsides and the map edge are impassable",
          "[rules][movement]") {
  Scenario sc = skirmish();
  CHECK_FALSE(bg::impassable(sc, h(sc, "1001"), h(sc, "1101")).empty());  // river hex
  CHECK_FALSE(bg::impassable(sc, h(sc, "0304"), h(sc, "0404")).empty());  // creek hexside
  CHECK_FALSE(bg::impassable(sc, h(sc, "0102"), h(sc, "0103")).empty());  // river hexside
  CHECK_FALSE(bg::impassable(sc, h(sc, "0101"), Hex{1, 0}).empty());      // off the map
  CHECK(bg::impassable(sc, h(sc, "0306"), h(sc, "0406")).empty());        // bridge
  CHECK(bg::impassable(sc, h(sc, "0308"), h(sc, "0408")).empty());        // ford
}

TEST_CASE("the cheapest path prefers cost, then fewer hexes, then smaller numbers",
          "[rules][movement]") {
  Scenario sc = skirmish();
  bg::PathRules rules;
  rules.start = h(sc, "0803");
  rules.allowance = 6;
  auto around = bg::cheapest_path(sc, rules, h(sc, "0805"));
  REQUIRE(around);
  CHECK(around->mp == 3);
  CHECK(around->hexes ==
        std::vector<Hex>{h(sc, "0803"), h(sc, "0704"), h(sc, "0705"), h(sc, "0805")});

  rules.start = h(sc, "0104");
  auto tie = bg::cheapest_path(sc, rules, h(sc, "0205"));
  REQUIRE(tie);
  CHECK(tie->hexes == std::vector<Hex>{h(sc, "0104"), h(sc, "0105"), h(sc, "0205")});

  // A hex that stops movement (an enemy ZOC) may end a path but not lie inside one.
  rules.stops = [](Hex x) { return x == Hex{1, 5}; };
  auto detour = bg::cheapest_path(sc, rules, h(sc, "0106"));
  REQUIRE(detour);
  CHECK(detour->hexes ==
        std::vector<Hex>{h(sc, "0104"), h(sc, "0204"), h(sc, "0205"), h(sc, "0106")});

  rules.allowance = 2;
  CHECK_FALSE(bg::cheapest_path(sc, rules, h(sc, "0106")));
}

namespace {

// The least label by (mp, hexes, sequence) found the plainest way: every
// label a whole path, a Dijkstra over whole paths. cheapest_path must agree.
std::optional<bg::Path> reference_path(const Scenario& sc, const bg::PathRules& rules, Hex goal) {
  using Label = std::tuple<int, std::size_t, std::vector<Hex>>;
  std::set<Label> open{{rules.spent, 1, {rules.start}}};
  std::set<Hex> done;
  while (!open.empty()) {
    auto [mp, count, path] = *open.begin();
    open.erase(open.begin());
    Hex here = path.back();
    if (!done.insert(here).second) continue;
    if (here == goal) return bg::Path{path, mp};
    if (rules.stops && rules.stops(here)) continue;
    for (Hex next : adjutant::hex::neighbours(here)) {
      if (!bg::passable(sc, here, next) || done.count(next)) continue;
      if (rules.may_enter && !rules.may_enter(here, next)) continue;
      int cost = mp + bg::step_mp(sc, here, next);
      if (cost > rules.allowance) continue;
      auto longer = path;
      longer.push_back(next);
      open.insert({cost, count + 1, std::move(longer)});
    }
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("the cheapest path agrees with a plain search over whole paths everywhere",
          "[rules][movement]") {
  for (const char* name : {"bluegray-skirmish.json", "hooker-lee-2006.json"}) {
    std::string file = std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/" + name;
    auto j = adjutant::ledger::parse_strict(adjutant::read_file(file), file);
    Scenario sc = Scenario::from_json(j, file);
    INFO(name);
    int compared = 0, found = 0;
    for (int c = 1; c <= sc.columns; c += 3)
      for (int r = 1; r <= sc.rows; r += 4) {
        Hex start{c, r};
        if (!sc.on_map(start)) continue;
        bg::PathRules rules;
        rules.start = start;
        rules.allowance = 8;
        // A ring of hexes that stop movement, as an enemy ZOC would.
        rules.stops = [start](Hex x) {
          return adjutant::hex::distance(x, start) == 2 && x.col % 2;
        };
        for (int dc = -4; dc <= 4; ++dc)
          for (int dr = -4; dr <= 4; ++dr) {
            Hex goal{c + dc, r + dr};
            if (!sc.on_map(goal) || goal == start) continue;
            auto a = bg::cheapest_path(sc, rules, goal);
            auto b = reference_path(sc, rules, goal);
            INFO(sc.numbers().format(start) << " to " << sc.numbers().format(goal));
            REQUIRE(a.has_value() == b.has_value());
            ++compared;
            if (!a) continue;
            ++found;
            CHECK(a->mp == b->mp);
            CHECK(a->hexes == b->hexes);
          }
      }
    CHECK(compared > 100);
    CHECK(found > 50);
  }
}
