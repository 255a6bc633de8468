// The Blue & Gray board answers from an index of units by hex and by side,
// which an Emitter keeps current event by event. Over whole games played by
// the bot, after every single event, each answer equals the one a scan of
// every unit of the state gives (what the board computed before it was
// indexed).
#include <catch2/catch.hpp>

#include <algorithm>

#include "bot/bot.h"
#include "game/archive.h"
#include "ledger/digest.h"
#include "rules/bluegray/events.h"
#include "support/cli_harness.h"
#include "util/files.h"

using adjutant::ledger::Json;
namespace bg = adjutant::rules::bluegray;

namespace {

std::vector<std::string> scan_at(const bg::Board& b, adjutant::hex::Hex h) {
  std::vector<std::string> out;
  for (const auto& [id, u] : b.state().units)
    if (u.status == adjutant::model::UnitStatus::kActive &&
        u.location == b.scenario().numbers().format(h))
      out.push_back(id);
  return out;
}

std::vector<std::string> scan_of(const bg::Board& b, const std::string& side) {
  std::vector<std::string> out;
  for (const auto& [id, u] : b.state().units)
    if (u.status == adjutant::model::UnitStatus::kActive && b.side_of(id) == side &&
        b.scenario().numbers().parse(u.location))
      out.push_back(id);
  return out;
}

// Every question the board answers, asked of every hex; "" when all agree.
std::string compare(const bg::Board& b) {
  const auto& sc = b.scenario();
  for (const auto& side : {sc.sides[0].id, sc.sides[1].id}) {
    auto units = scan_of(b, side);
    if (b.units_of(side) != units) return "units_of " + side;
    for (int c = 1; c <= sc.columns; ++c)
      for (int r = 1; r <= sc.rows; ++r) {
        adjutant::hex::Hex h{c, r};
        auto here = scan_at(b, h);
        std::string where = sc.numbers().format(h);
        if (b.units_at(h) != here) return "units_at " + where;
        std::vector<std::string> mine, combat;
        for (const auto& id : here)
          if (b.side_of(id) == side) mine.push_back(id);
        if (b.units_at(h, side) != mine) return "units_at " + where + " " + side;
        bool enemy = std::any_of(here.begin(), here.end(),
                                 [&](const std::string& id) { return b.side_of(id) != side; });
        if (b.enemy_at(h, side) != enemy) return "enemy_at " + where + " " + side;
        int n = int(std::count_if(mine.begin(), mine.end(), [&](const std::string& id) {
          return bg::is_combat(*b.def(id));
        }));
        if (b.combat_units_at(h, side) != n) return "combat_units_at " + where + " " + side;
        int best = bg::kFar;
        for (const auto& id : units)
          best = std::min(best, adjutant::hex::distance(h, *b.hex_of(id)));
        if (b.distance_to_side(h, side) != best) return "distance_to_side " + where + " " + side;
      }
  }
  return "";
}

}  // namespace

TEST_CASE("the board's index agrees with a scan of the state after every event",
          "[rules][bot][slow]") {
  for (const char* file : {"bluegray-skirmish.json", "cemetery-hill.json", "hooker-lee-1975.json",
                           "hooker-lee-2006.json"}) {
    Json raw =
        Json::parse(adjutant::read_file(adjutant::testing::source_dir() / "scenarios" / file));
    auto ruleset = adjutant::rules::make_ruleset(raw, file);
    auto sc = adjutant::rules::hexmap::Scenario::from_json(raw, file);
    sc.rules_version = ruleset->version();
    auto bot = adjutant::bot::make_generator("bluegray");
    adjutant::model::State state = ruleset->initial_state();
    int events = 0, kinds = 0;
    std::set<std::string> types;
    for (int phase = 0; !state.phase.empty() && phase < 40; ++phase) {
      auto orders = bot->orders({*ruleset, sc, state, state.phase, 5});
      auto checked = ruleset->check(state, orders.body, "orders");
      adjutant::ledger::SeededDice dice(adjutant::ledger::sha256(std::to_string(phase)));
      Json adjudicated = ruleset->adjudicate(state, checked, dice);
      bg::Emitter em(sc, state);
      REQUIRE(compare(em.board()).empty());
      for (const auto& e : adjudicated) {
        em.emit(e);
        types.insert(e.value("type", ""));
        ++events;
        std::string differs = compare(em.board());
        INFO(file << " phase " << phase << " after " << e.dump());
        REQUIRE(differs.empty());
      }
      // A board made from a state indexes it afresh.
      REQUIRE(compare(bg::Board(sc, em.state())).empty());
      state = adjutant::game::apply_adjudication(*ruleset, state, adjudicated);
    }
    kinds = int(types.size());
    INFO(file);
    CHECK(events > 100);
    // Moves, entries, combats with their retreats or eliminations at least.
    CHECK(types.count("move"));
    CHECK(types.count("combat"));
    CHECK(kinds >= 6);
  }
}
